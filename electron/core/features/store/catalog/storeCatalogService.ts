import {
  AppRequestError,
  STORE_POLICY_LABELS,
  type StoreAgentsAnswer,
  type StoreBuyerContext,
  type StoreCollectionProductsAnswer,
  type StoreCollectionsAnswer,
  type StoreImageData,
  type StorePolicyAnswer,
  type StorePolicyKind,
  type StoreProductAnswer,
  type StoreProductSummary,
  type StoreRateNotice,
  type StoreSearchAnswer,
  type StoreSitemapAnswer,
  type StoreSitemapEntry,
} from '@shared/contract';
import { createStoreImageAllowlist, type StoreImageAllowlist } from '../storeImageAllowlist';
import { readProductDocument, readProductList } from './catalogJson';
import { readSitemap } from './sitemapXml';
import {
  describeStorefrontFailure,
  type StorefrontFetcher,
  type StorefrontResult,
} from './storefrontFetcher';
import {
  readCollectionLinks,
  readCollectionPage,
  readPolicyPage,
  readProductPage,
  readSearchResults,
  titleFromHandle,
} from './storefrontPages';

/** Where the buyer shops, from settings, or why that cannot be used. */
export type StoreLocation = { ok: true; url: URL; buyer: StoreBuyerContext } | { ok: false; reason: string };

export interface StoreCatalogServiceOptions {
  fetcher: StorefrontFetcher;
  /** Read on every request: the buyer may change the store or their currency at any time. */
  location: () => StoreLocation;
  now: () => number;
  /** Images the page may ask for; shared with the checkout, whose search and cart list images too. */
  images?: StoreImageAllowlist;
}

export interface StoreCatalogService {
  collections(): Promise<StoreCollectionsAnswer>;
  collectionProducts(handle: string, page: number): Promise<StoreCollectionProductsAnswer>;
  product(handle: string): Promise<StoreProductAnswer>;
  search(query: string): Promise<StoreSearchAnswer>;
  policy(kind: StorePolicyKind): Promise<StorePolicyAnswer>;
  agents(): Promise<StoreAgentsAnswer>;
  sitemap(): Promise<StoreSitemapAnswer>;
  /** Only images a catalog answer listed: the page cannot make the core fetch arbitrary addresses. */
  image(src: string): Promise<StoreImageData>;
}

export const COLLECTION_PAGE_SIZE = 24;
/** Shopify's products.json limit; the catalog index that gives search hits their prices is one such page. */
const INDEX_PAGE_SIZE = 250;
const INDEX_TTL_MS = 60_000;
const MAX_CHILD_SITEMAPS = 6;
const MAX_SITEMAP_ENTRIES = 2000;
const MAX_AGENTS_CHARS = 64 * 1024;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
]);

/** The read-only catalog: storefront JSON where there is some, HTML pages where there is not. */
export function createStoreCatalogService(options: StoreCatalogServiceOptions): StoreCatalogService {
  const { fetcher } = options;
  const indexCache = new Map<string, { at: number; products: StoreProductSummary[] }>();
  const images = options.images ?? createStoreImageAllowlist();
  const remember = (sources: (string | null | undefined)[]): void => images.remember(sources);

  const locate = (): { url: URL; buyer: StoreBuyerContext } => {
    const location = options.location();
    if (!location.ok) throw new AppRequestError({ code: 'unsupported', message: location.reason });
    return location;
  };

  /** A store URL for `path`, carrying the buyer context the storefront reads (?currency=, ?country=). */
  const storeUrl = (
    store: { url: URL; buyer: StoreBuyerContext },
    path: string,
    params: Record<string, string> = {},
  ): URL => {
    const url = new URL(store.url.pathname.replace(/\/+$/, '') + path, store.url.origin);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.searchParams.set('currency', store.buyer.currency);
    url.searchParams.set('country', store.buyer.country);
    return url;
  };

  const need = <T>(result: StorefrontResult<T>, notFound: string): T => {
    if (result.ok) return result.value;
    const message =
      result.failure.kind === 'not-found' ? notFound : describeStorefrontFailure(result.failure);
    throw new AppRequestError({ code: result.failure.kind === 'not-found' ? 'not-found' : 'io', message });
  };

  const catalogIndex = async (store: {
    url: URL;
    buyer: StoreBuyerContext;
  }): Promise<{ products: StoreProductSummary[]; notice: StoreRateNotice | null }> => {
    const key = `${store.url.origin}|${store.buyer.currency}|${store.buyer.country}`;
    const cached = indexCache.get(key);
    if (cached && options.now() - cached.at < INDEX_TTL_MS)
      return { products: cached.products, notice: null };
    const result = await fetcher.getJson(
      storeUrl(store, '/collections/all/products.json', { limit: String(INDEX_PAGE_SIZE) }),
    );
    if (!result.ok) return { products: [], notice: result.notice };
    const products = readProductList(result.value, readContext(store));
    indexCache.set(key, { at: options.now(), products });
    return { products, notice: result.notice };
  };

  const sitemapEntries = async (store: {
    url: URL;
    buyer: StoreBuyerContext;
  }): Promise<{ entries: StoreSitemapEntry[]; truncated: boolean; notices: (StoreRateNotice | null)[] }> => {
    const first = await fetcher.getText(storeUrl(store, '/sitemap.xml'));
    const notices = [first.notice];
    const document = readSitemap(need(first, 'The store publishes no sitemap.'), store.url.origin);
    if (document.kind === 'urlset') {
      return {
        entries: document.entries.slice(0, MAX_SITEMAP_ENTRIES),
        truncated: document.entries.length > MAX_SITEMAP_ENTRIES,
        notices,
      };
    }
    const entries: StoreSitemapEntry[] = [];
    let truncated = document.sitemaps.length > MAX_CHILD_SITEMAPS;
    // One child at a time: a sitemap walk should not be what makes the store rate-limit us.
    for (const child of document.sitemaps.slice(0, MAX_CHILD_SITEMAPS)) {
      const result = await fetcher.getText(new URL(child));
      notices.push(result.notice);
      if (!result.ok) {
        truncated = true;
        continue;
      }
      const part = readSitemap(result.value, store.url.origin);
      if (part.kind === 'urlset') entries.push(...part.entries);
    }
    return {
      entries: entries.slice(0, MAX_SITEMAP_ENTRIES),
      truncated: truncated || entries.length > MAX_SITEMAP_ENTRIES,
      notices,
    };
  };

  return {
    collections: async () => {
      const store = locate();
      const [page, sitemap] = await Promise.all([
        fetcher.getText(storeUrl(store, '/collections/all')),
        sitemapEntries(store).catch(() => null),
      ]);
      const fromSitemap = (sitemap?.entries ?? []).flatMap((entry) =>
        entry.kind === 'collection' && entry.handle ? [entry.handle] : [],
      );
      if (!page.ok && fromSitemap.length === 0) need(page, 'The store has no collections page.');
      const linked = page.ok ? readCollectionLinks(page.value, store.url.origin) : [];
      const titles = new Map(linked.map((collection) => [collection.handle, collection.title]));
      const handles = [...new Set([...linked.map((collection) => collection.handle), ...fromSitemap])];
      return {
        buyer: store.buyer,
        rateNotice: mergeNotices([page.notice, ...(sitemap?.notices ?? [])]),
        collections: handles
          .filter((handle) => handle !== 'all')
          .map((handle) => ({ handle, title: titles.get(handle) ?? titleFromHandle(handle) })),
      };
    },

    collectionProducts: async (handle, page) => {
      const store = locate();
      const [list, html] = await Promise.all([
        fetcher.getJson(
          storeUrl(store, `/collections/${handle}/products.json`, {
            limit: String(COLLECTION_PAGE_SIZE),
            page: String(page),
          }),
        ),
        fetcher.getText(storeUrl(store, `/collections/${handle}`)),
      ]);
      const products = readProductList(
        need(list, `The store has no collection "${handle}".`),
        readContext(store),
      );
      const described = html.ok ? readCollectionPage(html.value, store.url.origin) : null;
      remember(products.map((product) => product.image?.src));
      return {
        buyer: store.buyer,
        rateNotice: mergeNotices([list.notice, html.notice]),
        collection: {
          handle,
          title: handle === 'all' ? 'All products' : (described?.title ?? titleFromHandle(handle)),
          description: described?.description ?? [],
        },
        page,
        products: products.slice(0, COLLECTION_PAGE_SIZE),
        hasNextPage: products.length >= COLLECTION_PAGE_SIZE,
      };
    },

    product: async (handle) => {
      const store = locate();
      const [json, html] = await Promise.all([
        fetcher.getJson(storeUrl(store, `/products/${handle}.json`)),
        fetcher.getText(storeUrl(store, `/products/${handle}`)),
      ]);
      const body = need(json, `The store has no product "${handle}".`);
      // The page names the currency the store actually priced in; without it, the one we asked for.
      const page = html.ok ? readProductPage(html.value) : null;
      const product = readProductDocument(body, {
        baseUrl: store.url.origin,
        currency: page?.currency ?? store.buyer.currency,
      });
      if (product === null) {
        throw new AppRequestError({
          code: 'io',
          message: `The store sent product "${handle}" in a shape Sightline cannot read.`,
        });
      }
      // products/{handle}.json carries no availability: the page's offers do.
      const offers = page?.availability ?? new Map<string, boolean>();
      const variants = product.variants.map((variant) => ({
        ...variant,
        available:
          variant.available ??
          offers.get(variant.id) ??
          (variant.sku ? offers.get(`sku:${variant.sku}`) : undefined) ??
          null,
      }));
      remember([...product.images.map((image) => image.src), ...variants.map((variant) => variant.imageSrc)]);
      const known = variants.map((variant) => variant.available);
      const available = known.some((value) => value === true)
        ? true
        : known.length > 0 && known.every((value) => value === false)
          ? false
          : null;
      return {
        buyer: store.buyer,
        rateNotice: mergeNotices([json.notice, html.notice]),
        product: { ...product, variants, available },
      };
    },

    search: async (query) => {
      const store = locate();
      const [page, index] = await Promise.all([
        fetcher.getText(storeUrl(store, '/search', { q: query, type: 'product' })),
        catalogIndex(store),
      ]);
      const hits = readSearchResults(need(page, 'The store has no search page.'), store.url.origin);
      const byHandle = new Map(index.products.map((product) => [product.handle, product]));
      remember([
        ...hits.map((hit) => hit.image?.src),
        ...index.products.map((product) => product.image?.src),
      ]);
      return {
        buyer: store.buyer,
        rateNotice: mergeNotices([page.notice, index.notice]),
        query,
        products: hits.map(
          (hit): StoreProductSummary =>
            byHandle.get(hit.handle) ?? {
              id: hit.handle,
              handle: hit.handle,
              title: hit.title,
              vendor: null,
              productType: null,
              image: hit.image,
              priceMin: null,
              priceMax: null,
              available: null,
            },
        ),
      };
    },

    policy: async (kind) => {
      const store = locate();
      const url = storeUrl(store, `/policies/${kind}`);
      const page = await fetcher.getText(url);
      const read = readPolicyPage(
        need(page, `The store has not published a ${STORE_POLICY_LABELS[kind].toLowerCase()}.`),
        store.url.origin,
      );
      return {
        buyer: store.buyer,
        rateNotice: page.notice,
        kind,
        title: read.title ?? STORE_POLICY_LABELS[kind],
        body: read.body,
        url: page.ok ? withoutBuyerParams(page.url) : url.href,
      };
    },

    agents: async () => {
      const store = locate();
      const result = await fetcher.getText(storeUrl(store, '/agents.md'));
      // Shown as text only; control characters other than line breaks and tabs are dropped.
      const text = withoutControlCharacters(need(result, 'The store publishes no agents.md.'));
      return {
        buyer: store.buyer,
        rateNotice: result.notice,
        text: text.slice(0, MAX_AGENTS_CHARS),
        truncated: text.length > MAX_AGENTS_CHARS,
      };
    },

    image: async (src) => {
      if (!images.has(src)) {
        throw new AppRequestError({
          code: 'bad-input',
          message: "Sightline loads only images the store's catalog listed.",
        });
      }
      const result = await fetcher.getBytes(new URL(src));
      const bytes = need(result, 'The store no longer has this image.');
      const type = result.ok ? (result.contentType ?? '').split(';')[0]?.trim().toLowerCase() : '';
      if (!type || !IMAGE_TYPES.has(type)) {
        throw new AppRequestError({
          code: 'io',
          message: `The store sent something that is not an image (${type || 'no type'}).`,
        });
      }
      if (bytes.length > MAX_IMAGE_BYTES) {
        throw new AppRequestError({
          code: 'io',
          message: 'The image is larger than Sightline shows (5 MB).',
        });
      }
      return { dataUrl: `data:${type};base64,${bytes.toString('base64')}` };
    },

    sitemap: async () => {
      const store = locate();
      const { entries, truncated, notices } = await sitemapEntries(store);
      return { buyer: store.buyer, rateNotice: mergeNotices(notices), entries, truncated };
    },
  };
}

function readContext(store: { url: URL; buyer: StoreBuyerContext }): { baseUrl: string; currency: string } {
  return { baseUrl: store.url.origin, currency: store.buyer.currency };
}

function withoutControlCharacters(text: string): string {
  let kept = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n' || char === '\t' || (code >= 0x20 && code !== 0x7f)) kept += char;
  }
  return kept;
}

function withoutBuyerParams(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('currency');
  url.searchParams.delete('country');
  return url.href;
}

/** Pages fetched side by side waited side by side: the longest wait is what the buyer sat through. */
export function mergeNotices(notices: (StoreRateNotice | null)[]): StoreRateNotice | null {
  let longest: StoreRateNotice | null = null;
  for (const notice of notices) {
    if (notice && (longest === null || notice.waitedMs > longest.waitedMs)) longest = notice;
  }
  return longest;
}
