import { Parser } from 'htmlparser2';

/**
 * A tolerant HTML reader for storefront pages and merchant text: it never throws and never executes anything,
 * it only builds a tree. The tokenizing, implied end tags, void and raw-text elements and character references
 * (the full named set) are htmlparser2's, a maintained parser; this module only keeps its tree small and bounded.
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

/** Deeper nesting than this is flattened into the deepest element: hostile input cannot blow the stack. */
const MAX_DEPTH = 200;

/**
 * htmlparser2 keeps its own stack of open elements and works on it per tag (unshift, includes), so a page
 * nested a hundred thousand deep would cost it quadratic time. Past this many open elements the parser is paused
 * and a fresh one reads the rest of the page into the deepest element: its stack never grows past this.
 */
const PARSER_DEPTH = 256;

export function parseHtml(source: string): HtmlElement {
  const root: HtmlElement = { kind: 'element', tag: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  // Elements opened past MAX_DEPTH: added to the deepest element but never entered, so their ends pop nothing.
  let flattened = 0;
  const current = (): HtmlElement => stack[stack.length - 1] ?? root;
  let rest: string | null = source;
  while (rest !== null) {
    const chunk: string = rest;
    rest = null;
    let depth = 0;
    const parser: Parser = new Parser(
      {
        onopentag(tag, attribs) {
          const element: HtmlElement = { kind: 'element', tag, attrs: ownAttributes(attribs), children: [] };
          current().children.push(element);
          if (stack.length < MAX_DEPTH) stack.push(element);
          else flattened += 1;
          depth += 1;
          if (depth >= PARSER_DEPTH && rest === null) {
            rest = chunk.slice(parser.endIndex + 1);
            parser.pause();
          }
        },
        ontext(text) {
          const children = current().children;
          const last = children[children.length - 1];
          if (last?.kind === 'text') last.text += text;
          else children.push({ kind: 'text', text });
        },
        onclosetag() {
          // The parser reports every element's end, implied ones too (void elements, <p> before a block).
          depth -= 1;
          if (flattened > 0) flattened -= 1;
          else if (stack.length > 1) stack.pop();
        },
      },
      { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
    );
    parser.write(chunk);
    // A paused parser is left as it is: its open elements stay open, so what follows lands inside them.
    if (rest === null) parser.end();
    else flattened = 0;
  }
  return root;
}

/** The parser's attributes as an own-property record: fromEntries keeps a name such as "__proto__" an attribute. */
function ownAttributes(attribs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(attribs));
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
