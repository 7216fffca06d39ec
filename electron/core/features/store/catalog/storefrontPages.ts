import type { MerchantText, StoreCollectionSummary, StoreImage } from '@shared/contract/storeCatalog';
import {
  findAll,
  findFirst,
  hasClass,
  parseHtml,
  textOf,
  type HtmlElement,
  type HtmlNode,
} from './html/htmlTree';
import { merchantTextFromElement, safeLinkHref } from './html/merchantText';

/**
 * The storefront's HTML pages, for what has no JSON (search results, policies, collection titles, per-variant
 * availability). Themes differ, so each reader looks for the usual markers and falls back to plainer ones; a
 * page it cannot read gives an empty answer, never an error.
 */

const HANDLE = '[a-z0-9]+(?:-[a-z0-9]+)*';
// Locale-prefixed (/en-ca/products/x) and collection-scoped (/collections/c/products/x) URLs name products too.
const PRODUCT_PATH = new RegExp(
  `^(?:/[a-z]{2}(?:-[a-z]{2})?)?(?:/collections/${HANDLE})?/products/(${HANDLE})/?$`,
);
const COLLECTION_PATH = new RegExp(`^(?:/[a-z]{2}(?:-[a-z]{2})?)?/collections/(${HANDLE})/?$`);

export interface SearchHit {
  handle: string;
  title: string;
  image: StoreImage | null;
}

/** The page's main content: theme pages put results and policies there, away from menus and footers. */
function mainOf(root: HtmlElement): HtmlElement {
  return (
    findFirst(root, (element) => element.tag === 'main') ??
    findFirst(root, (element) => element.attrs.id === 'MainContent' || element.attrs.role === 'main') ??
    findFirst(root, (element) => element.tag === 'body') ??
    root
  );
}

function pathOf(href: string, baseUrl: string): string | null {
  const safe = safeLinkHref(href, baseUrl);
  if (safe === null) return null;
  const url = new URL(safe);
  return url.origin === new URL(baseUrl).origin ? url.pathname : null;
}

/** /search?q=…&type=product: the products it lists, in its order, each once. */
export function readSearchResults(html: string, baseUrl: string): SearchHit[] {
  const hits = new Map<string, SearchHit>();
  for (const anchor of findAll(mainOf(parseHtml(html)), (element) => element.tag === 'a')) {
    const path = pathOf(anchor.attrs.href ?? '', baseUrl);
    const handle = path === null ? null : (PRODUCT_PATH.exec(path)?.[1] ?? null);
    if (handle === null) continue;
    const picture = findFirst(anchor, (element) => element.tag === 'img');
    const title = textOf(anchor) || picture?.attrs.alt?.trim() || '';
    const image = picture ? imageOf(picture, title, baseUrl) : null;
    const known = hits.get(handle);
    if (!known) hits.set(handle, { handle, title, image });
    else hits.set(handle, { handle, title: known.title || title, image: known.image ?? image });
  }
  return [...hits.values()].map((hit) => ({ ...hit, title: hit.title || hit.handle }));
}

function imageOf(img: HtmlElement, title: string, baseUrl: string): StoreImage | null {
  // Lazy-loading themes put the real address in data-src.
  const src = safeLinkHref(img.attrs.src || img.attrs['data-src'] || '', baseUrl);
  if (src === null) return null;
  const size = (value: string | undefined): number | null => {
    const number = Number(value);
    return Number.isInteger(number) && number > 0 ? number : null;
  };
  return {
    src,
    alt: img.attrs.alt?.trim() || title,
    width: size(img.attrs.width),
    height: size(img.attrs.height),
  };
}

/** Links to collections on a page (/collections/all lists them in its menus and filters). */
export function readCollectionLinks(html: string, baseUrl: string): StoreCollectionSummary[] {
  const found = new Map<string, string>();
  for (const anchor of findAll(parseHtml(html), (element) => element.tag === 'a')) {
    const path = pathOf(anchor.attrs.href ?? '', baseUrl);
    const handle = path === null ? null : (COLLECTION_PATH.exec(path)?.[1] ?? null);
    if (handle === null) continue;
    const title = textOf(anchor);
    if (!found.get(handle)) found.set(handle, title);
  }
  return [...found].map(([handle, title]) => ({ handle, title: title || titleFromHandle(handle) }));
}

/** "summer-drop" → "Summer drop": for a collection the store names nowhere we read. */
export function titleFromHandle(handle: string): string {
  const words = handle.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface CollectionPage {
  title: string | null;
  description: MerchantText;
}

/** /collections/{handle}: its title and description. */
export function readCollectionPage(html: string, baseUrl: string): CollectionPage {
  const root = parseHtml(html);
  const main = mainOf(root);
  const heading = findFirst(main, (element) => element.tag === 'h1');
  const title = (heading ? textOf(heading) : '') || metaContent(root, 'og:title') || null;
  const description = findFirst(
    main,
    (element) =>
      hasClass(element, 'collection-description') ||
      hasClass(element, 'collection-hero__description') ||
      hasClass(element, 'collection__description'),
  );
  return { title, description: description ? merchantTextFromElement(description, { baseUrl }) : [] };
}

export interface PolicyPage {
  title: string | null;
  body: MerchantText;
}

/** /policies/{kind}: Shopify wraps the body in .shopify-policy__body; other themes in .rte or main. */
export function readPolicyPage(html: string, baseUrl: string): PolicyPage {
  const root = parseHtml(html);
  const main = mainOf(root);
  const titleElement =
    findFirst(main, (element) => hasClass(element, 'shopify-policy__title')) ??
    findFirst(main, (element) => element.tag === 'h1');
  const body =
    findFirst(main, (element) => hasClass(element, 'shopify-policy__body')) ??
    findFirst(main, (element) => hasClass(element, 'rte')) ??
    withoutFirst(main, titleElement);
  return {
    title: titleElement ? textOf(titleElement) || null : null,
    body: merchantTextFromElement(body, { baseUrl }),
  };
}

function withoutFirst(container: HtmlElement, removed: HtmlElement | null): HtmlElement {
  if (removed === null) return container;
  const strip = (element: HtmlElement): HtmlElement => ({
    ...element,
    children: element.children.flatMap((child): HtmlNode[] =>
      child === removed ? [] : child.kind === 'element' ? [strip(child)] : [child],
    ),
  });
  return strip(container);
}

function metaContent(root: HtmlElement, property: string): string {
  const meta = findFirst(
    root,
    (element) =>
      element.tag === 'meta' && (element.attrs.property === property || element.attrs.name === property),
  );
  return meta?.attrs.content?.trim() ?? '';
}

export interface ProductPage {
  /**
   * Per-variant availability from the page's structured data (schema.org Product offers), since
   * products/{handle}.json does not carry it. Keys are variant IDs (from the offer URL's ?variant=) and
   * "sku:<sku>".
   */
  availability: Map<string, boolean>;
  /** The currency the page prices in (og:price:currency), upper case, or null. */
  currency: string | null;
}

/** /products/{handle}: what the JSON leaves out. */
export function readProductPage(html: string): ProductPage {
  const root = parseHtml(html);
  const currency = metaContent(root, 'og:price:currency');
  return {
    availability: readOfferAvailability(root),
    currency: /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : null,
  };
}

function readOfferAvailability(root: HtmlElement): Map<string, boolean> {
  const availability = new Map<string, boolean>();
  const scripts = findAll(
    root,
    (element) =>
      element.tag === 'script' && (element.attrs.type ?? '').toLowerCase() === 'application/ld+json',
  );
  for (const script of scripts) {
    const first = script.children[0];
    const data = parseJson(first?.kind === 'text' ? first.text : '');
    for (const offer of offersIn(data)) {
      const state = readAvailability(offer.availability);
      if (state === null) continue;
      const url =
        typeof offer.url === 'string' && URL.canParse(offer.url, 'https://store.invalid')
          ? new URL(offer.url, 'https://store.invalid')
          : null;
      const variant = url?.searchParams.get('variant');
      if (variant) availability.set(variant, state);
      if (typeof offer.sku === 'string' && offer.sku.trim() !== '')
        availability.set(`sku:${offer.sku.trim()}`, state);
    }
  }
  return availability;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Every offer in the structured data, a node's @graph before its own offers. Walked with a stack, not recursion:
 * a page may nest @graph deeper than the call stack goes.
 */
function offersIn(data: unknown): Record<string, unknown>[] {
  type Step = { node: unknown } | { offersOf: Record<string, unknown> };
  const stack: Step[] = [];
  const pushNodes = (list: unknown[]): void => {
    for (let index = list.length - 1; index >= 0; index--) stack.push({ node: list[index] });
  };
  pushNodes(Array.isArray(data) ? data : [data]);
  const offers: Record<string, unknown>[] = [];
  for (let step = stack.pop(); step; step = stack.pop()) {
    if ('offersOf' in step) {
      const list = step.offersOf.offers;
      for (const offer of Array.isArray(list) ? list : [list]) {
        if (typeof offer === 'object' && offer !== null) offers.push(offer as Record<string, unknown>);
      }
      continue;
    }
    if (typeof step.node !== 'object' || step.node === null) continue;
    const record = step.node as Record<string, unknown>;
    stack.push({ offersOf: record });
    const graph = record['@graph'];
    if (Array.isArray(graph)) pushNodes(graph);
  }
  return offers;
}

function readAvailability(value: unknown): boolean | null {
  if (typeof value !== 'string') return null;
  const name = value.replace(/^https?:\/\/schema\.org\//i, '').toLowerCase();
  if (['instock', 'limitedavailability', 'preorder', 'presale', 'onlineonly', 'instoreonly'].includes(name))
    return true;
  if (['outofstock', 'soldout', 'discontinued'].includes(name)) return false;
  return null;
}
