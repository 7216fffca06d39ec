import type { MerchantBlockTag, MerchantText, MerchantTextNode } from '@shared/contract/storeCatalog';
import { parseHtml, type HtmlElement, type HtmlNode } from './htmlTree';

/**
 * Merchant HTML (product descriptions, policies) is untrusted. It becomes a closed tree of text, paragraphs,
 * line breaks, lists, bold/italic, headings and http(s) links; everything else is unwrapped to its text or,
 * for active or embedded content (scripts, styles, frames, forms, media), dropped with its content. No
 * attribute survives except a link's href, and only after it parses as an absolute http(s) URL.
 */

/** Dropped together with everything inside them. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'svg',
  'math',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'form',
  'input',
  'textarea',
  'select',
  'option',
  'button',
  'img',
  'picture',
  'video',
  'audio',
  'source',
  'track',
  'canvas',
  'map',
  'area',
  'param',
  'dialog',
  'portal',
  'xmp',
  'plaintext',
]);

/** Containers that read as blocks: their content becomes paragraphs. */
const BLOCK_CONTAINERS = new Set([
  '#root',
  'html',
  'body',
  'main',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'nav',
  'blockquote',
  'figure',
  'figcaption',
  'address',
  'pre',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'dl',
  'dt',
  'dd',
  'details',
  'summary',
  'center',
]);

const HEADINGS: Record<string, MerchantBlockTag> = {
  h1: 'h3',
  h2: 'h3',
  h3: 'h3',
  h4: 'h4',
  h5: 'h4',
  h6: 'h4',
};

const BLOCK_TAGS = new Set<string>(['p', 'h3', 'h4', 'ul', 'ol', 'li']);
const MAX_DEPTH = 48;
const MAX_INPUT_CHARS = 300_000;

export interface MerchantTextOptions {
  /** Relative links resolve against this (the store's origin). */
  baseUrl: string;
}

export function sanitiseMerchantHtml(html: string, options: MerchantTextOptions): MerchantText {
  return merchantTextFromElement(parseHtml(html.slice(0, MAX_INPUT_CHARS)), options);
}

/** For a part of a page that was already parsed (a policy's body). */
export function merchantTextFromElement(element: HtmlElement, options: MerchantTextOptions): MerchantText {
  return tidyBlocks(groupIntoBlocks(convertChildren(element, options, 0)));
}

/** An absolute http(s) URL, or null: javascript:, data:, vbscript: and anything unparsable are refused. */
export function safeLinkHref(href: string, baseUrl: string): string | null {
  const trimmed = href.trim();
  if (trimmed === '' || !URL.canParse(trimmed, baseUrl)) return null;
  const url = new URL(trimmed, baseUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // Credentials in a link are a phishing trick, never a merchant's need.
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}

function convertChildren(
  element: HtmlElement,
  options: MerchantTextOptions,
  depth: number,
): MerchantTextNode[] {
  return element.children.flatMap((child) => convert(child, options, depth + 1));
}

function convert(node: HtmlNode, options: MerchantTextOptions, depth: number): MerchantTextNode[] {
  if (node.kind === 'text') {
    const text = node.text.replace(/\s+/g, ' ');
    return text === '' ? [] : [{ kind: 'text', text }];
  }
  const { tag } = node;
  if (DROPPED.has(tag)) return [];
  if (depth > MAX_DEPTH) {
    const text = plainText(node);
    return text === '' ? [] : [{ kind: 'text', text }];
  }
  if (tag === 'br' || tag === 'hr') return [{ kind: 'break' }];

  const children = convertChildren(node, options, depth);
  if (tag === 'p') return splitParagraph('p', children);
  // Own entries only: <constructor> is a tag name too, and must not find Object's.
  const heading = Object.hasOwn(HEADINGS, tag) ? HEADINGS[tag] : undefined;
  if (heading) return [{ kind: 'element', tag: heading, children: inlineOnly(children) }];
  if (tag === 'ul' || tag === 'ol') {
    const items = groupListItems(children);
    return items.length > 0 ? [{ kind: 'element', tag, children: items }] : [];
  }
  if (tag === 'li') return [{ kind: 'element', tag: 'li', children: groupIntoBlocks(children, true) }];
  if (tag === 'strong' || tag === 'b' || tag === 'em' || tag === 'i') {
    // A block inside bold text cannot stay inside it: keep the block, lose the mark.
    if (children.some(isBlock)) return children;
    return [{ kind: 'element', tag: tag === 'strong' || tag === 'b' ? 'strong' : 'em', children }];
  }
  if (tag === 'a') {
    const href = safeLinkHref(node.attrs.href ?? '', options.baseUrl);
    if (href === null || children.some(isBlock) || children.some(isLink)) return children;
    return [{ kind: 'link', href, children }];
  }
  if (BLOCK_CONTAINERS.has(tag)) return groupIntoBlocks(children);
  return children;
}

function isBlock(node: MerchantTextNode): boolean {
  return node.kind === 'element' && BLOCK_TAGS.has(node.tag);
}

function isLink(node: MerchantTextNode): boolean {
  if (node.kind === 'link') return true;
  return node.kind === 'element' && node.children.some(isLink);
}

/** Runs of inline content between blocks become paragraphs (or stay bare inside a list item). */
function groupIntoBlocks(nodes: MerchantTextNode[], bareInline = false): MerchantTextNode[] {
  if (!nodes.some(isBlock)) {
    if (bareInline || !hasText(nodes)) return bareInline ? nodes : [];
    return [{ kind: 'element', tag: 'p', children: nodes }];
  }
  const blocks: MerchantTextNode[] = [];
  let run: MerchantTextNode[] = [];
  const flush = (): void => {
    if (hasText(run)) blocks.push({ kind: 'element', tag: 'p', children: run });
    run = [];
  };
  for (const node of nodes) {
    if (isBlock(node)) {
      flush();
      // A list item outside any list reads as a paragraph.
      blocks.push(node.kind === 'element' && node.tag === 'li' ? { ...node, tag: 'p' } : node);
    } else {
      run.push(node);
    }
  }
  flush();
  return blocks;
}

function splitParagraph(tag: MerchantBlockTag, children: MerchantTextNode[]): MerchantTextNode[] {
  if (!children.some(isBlock)) return hasText(children) ? [{ kind: 'element', tag, children }] : [];
  return groupIntoBlocks(children);
}

function groupListItems(children: MerchantTextNode[]): MerchantTextNode[] {
  const items: MerchantTextNode[] = [];
  for (const child of children) {
    if (child.kind === 'element' && child.tag === 'li') items.push(child);
    else if (child.kind === 'element' && (child.tag === 'ul' || child.tag === 'ol')) {
      items.push({ kind: 'element', tag: 'li', children: [child] });
    } else if (hasText([child])) {
      items.push({ kind: 'element', tag: 'li', children: isBlock(child) ? inlineOnly([child]) : [child] });
    }
  }
  return items;
}

/** Headings hold inline content only: anything block-shaped inside is reduced to its text. */
function inlineOnly(nodes: MerchantTextNode[]): MerchantTextNode[] {
  return nodes.flatMap((node): MerchantTextNode[] =>
    isBlock(node) ? [{ kind: 'text', text: ` ${plainTextOf([node])} ` }] : [node],
  );
}

function hasText(nodes: MerchantTextNode[]): boolean {
  return nodes.some((node) =>
    node.kind === 'text' ? node.text.trim() !== '' : node.kind !== 'break' && hasText(node.children),
  );
}

function plainText(element: HtmlElement): string {
  const parts: string[] = [];
  const stack: HtmlNode[] = [element];
  // Iterative: this runs exactly when the nesting is too deep for recursion.
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) break;
    if (node.kind === 'text') parts.push(node.text);
    else if (!DROPPED.has(node.tag))
      for (let i = node.children.length - 1; i >= 0; i -= 1) stack.push(node.children[i] as HtmlNode);
  }
  return parts.join('').replace(/\s+/g, ' ');
}

function plainTextOf(nodes: MerchantTextNode[]): string {
  return nodes
    .map((node) =>
      node.kind === 'text' ? node.text : node.kind === 'break' ? ' ' : plainTextOf(node.children),
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Trims each block's edges and merges neighbouring text, so the tree is what a reader sees. */
function tidyBlocks(blocks: MerchantTextNode[]): MerchantTextNode[] {
  return blocks.map(tidy).filter((node) => hasText([node]));
}

function tidy(node: MerchantTextNode): MerchantTextNode {
  if (node.kind !== 'element' && node.kind !== 'link') return node;
  const merged: MerchantTextNode[] = [];
  for (const child of node.children.map(tidy)) {
    const last = merged[merged.length - 1];
    if (child.kind === 'text' && last?.kind === 'text')
      merged[merged.length - 1] = { kind: 'text', text: (last.text + child.text).replace(/ {2,}/g, ' ') };
    else merged.push(child);
  }
  if (node.kind === 'element' && BLOCK_TAGS.has(node.tag)) trimEdges(merged);
  return { ...node, children: merged };
}

function trimEdges(nodes: MerchantTextNode[]): void {
  const first = nodes[0];
  if (first?.kind === 'text') {
    const text = first.text.trimStart();
    if (text === '') nodes.shift();
    else nodes[0] = { kind: 'text', text };
  }
  const last = nodes[nodes.length - 1];
  if (last?.kind === 'text') {
    const text = last.text.trimEnd();
    if (text === '') nodes.pop();
    else nodes[nodes.length - 1] = { kind: 'text', text };
  }
}
