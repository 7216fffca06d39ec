import { decodeHtmlEntities } from '../../../parsing/htmlEntities';

/**
 * A tolerant HTML reader for storefront pages and merchant text: it never throws and never executes anything,
 * it only builds a tree. Enough of the HTML parsing rules to read real theme pages (implied </p> and </li>,
 * void elements, raw-text elements such as <script>, stray end tags ignored); not a browser.
 */
export interface HtmlElement {
  kind: 'element';
  /** Lower case; the document root is "#root". */
  tag: string;
  /** Lower-case names; values with entities decoded. The first of a repeated attribute wins. */
  attrs: Record<string, string>;
  children: HtmlNode[];
}

export interface HtmlText {
  kind: 'text';
  text: string;
}

export type HtmlNode = HtmlElement | HtmlText;

const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Their content is raw text up to the matching end tag: markup inside is never markup. */
const RAW_TEXT_ELEMENTS = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'iframe',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
]);

/** Opening one of these closes an open <p>, as browsers do. */
const CLOSES_PARAGRAPH = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'details',
  'div',
  'dl',
  'fieldset',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
  'li',
]);

/** Where the search for an open <p> or <li> to close stops. */
const PARAGRAPH_SCOPE = new Set([
  '#root',
  'html',
  'body',
  'div',
  'section',
  'article',
  'li',
  'td',
  'th',
  'table',
  'blockquote',
  'ul',
  'ol',
]);
const LIST_ITEM_SCOPE = new Set(['#root', 'ul', 'ol', 'table']);
const DOCUMENT_SCOPE = new Set(['#root']);

/** Deeper nesting than this is flattened into the deepest element: hostile input cannot blow the stack. */
const MAX_DEPTH = 200;

const TAG_NAME = /^[a-zA-Z][^\s/>]*/;
const ATTRIBUTE_NAME = /^[^\s/>=][^\s/>=]*/;

export function parseHtml(source: string): HtmlElement {
  const root: HtmlElement = { kind: 'element', tag: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  const current = (): HtmlElement => stack[stack.length - 1] ?? root;
  const appendText = (text: string): void => {
    if (text === '') return;
    const children = current().children;
    const last = children[children.length - 1];
    if (last?.kind === 'text') last.text += text;
    else children.push({ kind: 'text', text });
  };
  const closeTo = (tag: string, scope: Set<string>): void => {
    for (let index = stack.length - 1; index > 0; index -= 1) {
      const open = stack[index];
      if (!open) return;
      if (open.tag === tag) {
        stack.length = index;
        return;
      }
      if (scope.has(open.tag)) return;
    }
  };

  let at = 0;
  while (at < source.length) {
    const next = source.indexOf('<', at);
    if (next === -1) {
      appendText(decodeHtmlEntities(source.slice(at)));
      break;
    }
    if (next > at) appendText(decodeHtmlEntities(source.slice(at, next)));
    at = next;

    if (source.startsWith('<!--', at)) {
      const end = source.indexOf('-->', at + 4);
      at = end === -1 ? source.length : end + 3;
      continue;
    }
    const after = source[at + 1] ?? '';
    if (after === '!' || after === '?') {
      const end = source.indexOf('>', at);
      at = end === -1 ? source.length : end + 1;
      continue;
    }
    if (after === '/') {
      const name = TAG_NAME.exec(source.slice(at + 2, at + 130));
      const end = source.indexOf('>', at);
      at = end === -1 ? source.length : end + 1;
      if (!name) continue;
      const tag = name[0].toLowerCase();
      closeTo(tag, DOCUMENT_SCOPE);
      continue;
    }
    const name = TAG_NAME.exec(source.slice(at + 1, at + 129));
    if (!name) {
      appendText('<');
      at += 1;
      continue;
    }
    const tag = name[0].toLowerCase();
    const parsed = readAttributes(source, at + 1 + name[0].length);
    at = parsed.end;

    if (CLOSES_PARAGRAPH.has(tag)) closeTo('p', PARAGRAPH_SCOPE);
    if (tag === 'li') closeTo('li', LIST_ITEM_SCOPE);
    const element: HtmlElement = { kind: 'element', tag, attrs: parsed.attrs, children: [] };
    current().children.push(element);

    if (RAW_TEXT_ELEMENTS.has(tag) && !parsed.selfClosing) {
      const close = findRawTextEnd(source, at, tag);
      const raw = source.slice(at, close.contentEnd);
      // Titles and text areas are text with entities; the rest is kept verbatim (and later dropped).
      if (raw !== '') {
        element.children.push({
          kind: 'text',
          text: tag === 'title' || tag === 'textarea' ? decodeHtmlEntities(raw) : raw,
        });
      }
      at = close.end;
      continue;
    }
    if (tag === 'plaintext') {
      element.children.push({ kind: 'text', text: source.slice(at) });
      break;
    }
    if (!VOID_ELEMENTS.has(tag) && !parsed.selfClosing && stack.length < MAX_DEPTH) stack.push(element);
  }
  return root;
}

function readAttributes(
  source: string,
  start: number,
): { attrs: Record<string, string>; end: number; selfClosing: boolean } {
  const attrs: Record<string, string> = {};
  let at = start;
  let selfClosing = false;
  while (at < source.length) {
    const char = source[at] ?? '';
    if (/\s/.test(char)) {
      at += 1;
      continue;
    }
    if (char === '>') return { attrs, end: at + 1, selfClosing };
    if (char === '/') {
      selfClosing = source[at + 1] === '>';
      at += 1;
      continue;
    }
    selfClosing = false;
    const name = ATTRIBUTE_NAME.exec(source.slice(at, at + 256));
    if (!name) {
      at += 1;
      continue;
    }
    at += name[0].length;
    while (/\s/.test(source[at] ?? '')) at += 1;
    let value = '';
    if (source[at] === '=') {
      at += 1;
      while (/\s/.test(source[at] ?? '')) at += 1;
      const quote = source[at];
      if (quote === '"' || quote === "'") {
        const close = source.indexOf(quote, at + 1);
        const end = close === -1 ? source.length : close;
        value = source.slice(at + 1, end);
        at = end + 1;
      } else {
        const unquoted = /^[^\s>]*/.exec(source.slice(at, at + 4096))?.[0] ?? '';
        value = unquoted;
        at += unquoted.length;
      }
    }
    const key = name[0].toLowerCase();
    if (!Object.hasOwn(attrs, key)) attrs[key] = decodeHtmlEntities(value);
  }
  return { attrs, end: source.length, selfClosing };
}

/**
 * The end tag of a raw-text element, matched without regard to ASCII case. It looks at each "</" from `from` on
 * rather than lower-casing the whole page for every such element (quadratic on a page of many scripts; and
 * toLowerCase may change the length, so its offsets need not be the page's).
 */
function findRawTextEnd(source: string, from: number, tag: string): { contentEnd: number; end: number } {
  for (let found = source.indexOf('</', from); found !== -1; found = source.indexOf('</', found + 2)) {
    const name = source.slice(found + 2, found + 2 + tag.length);
    const following = source[found + 2 + tag.length] ?? '>';
    if (name.replace(/[A-Z]/g, (letter) => letter.toLowerCase()) !== tag) continue;
    if (following === '>' || following === '/' || /\s/.test(following)) {
      const close = source.indexOf('>', found);
      return { contentEnd: found, end: close === -1 ? source.length : close + 1 };
    }
  }
  return { contentEnd: source.length, end: source.length };
}

/** Every element below `node` (depth first, document order) that `test` accepts. */
export function findAll(node: HtmlElement, test: (element: HtmlElement) => boolean): HtmlElement[] {
  const found: HtmlElement[] = [];
  const visit = (element: HtmlElement): void => {
    for (const child of element.children) {
      if (child.kind !== 'element') continue;
      if (test(child)) found.push(child);
      visit(child);
    }
  };
  visit(node);
  return found;
}

export function findFirst(node: HtmlElement, test: (element: HtmlElement) => boolean): HtmlElement | null {
  return findAll(node, test)[0] ?? null;
}

export function hasClass(element: HtmlElement, name: string): boolean {
  return (element.attrs.class ?? '').split(/\s+/).includes(name);
}

/** The element's text with whitespace collapsed; scripts and styles contribute nothing. */
export function textOf(node: HtmlNode): string {
  const parts: string[] = [];
  const visit = (current: HtmlNode): void => {
    if (current.kind === 'text') return void parts.push(current.text);
    if (current.tag === 'script' || current.tag === 'style' || current.tag === 'template') return;
    for (const child of current.children) visit(child);
  };
  visit(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
