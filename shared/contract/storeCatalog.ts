import { z } from 'zod';
import type { Money } from './money';

/**
 * The merch store's read-only catalog (spec 3 §4): collections, products, search, policies, the sitemap and
 * agents.md. Request/response only, no pushed state. Prices are integer minor units (`Money`); merchant
 * HTML arrives already sanitised into `MerchantText`, so a view can only ever render text and a few marks.
 */

/** A product or collection handle as stores write them: lower-case letters, digits and hyphens. */
export const storeHandleSchema = z
  .string()
  .trim()
  .min(1, 'a handle is needed')
  .max(255)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a handle is lower-case letters, digits and hyphens, like red-hoodie');

export const STORE_POLICY_KINDS = [
  'privacy-policy',
  'terms-of-service',
  'refund-policy',
  'shipping-policy',
] as const;
export type StorePolicyKind = (typeof STORE_POLICY_KINDS)[number];

export const STORE_POLICY_LABELS: Record<StorePolicyKind, string> = {
  'privacy-policy': 'Privacy policy',
  'terms-of-service': 'Terms of service',
  'refund-policy': 'Refund policy',
  'shipping-policy': 'Shipping policy',
};

// Merchant text: a closed set of node kinds. Links carry absolute http(s) URLs only.
export type MerchantBlockTag = 'p' | 'h3' | 'h4' | 'ul' | 'ol' | 'li';
export type MerchantInlineTag = 'strong' | 'em';

export type MerchantTextNode =
  | { kind: 'text'; text: string }
  | { kind: 'break' }
  | { kind: 'element'; tag: MerchantBlockTag | MerchantInlineTag; children: MerchantTextNode[] }
  | { kind: 'link'; href: string; children: MerchantTextNode[] };

export type MerchantText = MerchantTextNode[];

export interface StoreImage {
  /** Absolute http(s) URL. */
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
}

/** How the store slowed us down while answering, so the page can say so. */
export interface StoreRateNotice {
  /** The status that asked us to wait (429 or 503). */
  status: number;
  /** How long Sightline waited in total before the answer came. */
  waitedMs: number;
  /** Whether the store named the wait (Retry-After) or Sightline backed off on its own. */
  source: 'retry-after' | 'backoff';
}

export interface StoreBuyerContext {
  country: string;
  currency: string;
}

export interface StoreProductSummary {
  /** The catalog's numeric product ID, as text. */
  id: string;
  handle: string;
  title: string;
  vendor: string | null;
  productType: string | null;
  image: StoreImage | null;
  /** Lowest and highest variant price; null when the store sent no readable price. */
  priceMin: Money | null;
  priceMax: Money | null;
  /** null: the source does not say (products/{handle}.json has no availability). */
  available: boolean | null;
}

export interface StoreVariant {
  /** The catalog's numeric variant ID, as text. */
  id: string;
  /** The same variant as the commerce protocol names it (gid://shopify/ProductVariant/<id>): cart line items take this. */
  protocolId: string;
  title: string;
  /** option1..option3 values, in order. */
  options: string[];
  sku: string | null;
  price: Money | null;
  compareAtPrice: Money | null;
  available: boolean | null;
  /** Absolute URL of the variant's own image, when it has one. */
  imageSrc: string | null;
}

export interface StoreProduct extends StoreProductSummary {
  description: MerchantText;
  tags: string[];
  images: StoreImage[];
  options: { name: string; values: string[] }[];
  variants: StoreVariant[];
  /** The product page on the store, for "open in the browser". */
  url: string;
}

export interface StoreCollectionSummary {
  handle: string;
  title: string;
}

export interface StoreAnswer {
  buyer: StoreBuyerContext;
  rateNotice: StoreRateNotice | null;
}

export interface StoreCollectionsAnswer extends StoreAnswer {
  collections: StoreCollectionSummary[];
}

export interface StoreCollectionProductsAnswer extends StoreAnswer {
  collection: StoreCollectionSummary & { description: MerchantText };
  page: number;
  products: StoreProductSummary[];
  hasNextPage: boolean;
}

export interface StoreProductAnswer extends StoreAnswer {
  product: StoreProduct;
}

export interface StoreSearchAnswer extends StoreAnswer {
  query: string;
  /** In the store's order. Prices come from the catalog JSON; a hit it does not list has null prices. */
  products: StoreProductSummary[];
}

export interface StorePolicyAnswer extends StoreAnswer {
  kind: StorePolicyKind;
  title: string;
  body: MerchantText;
  url: string;
}

export interface StoreAgentsAnswer extends StoreAnswer {
  /** The store's agents.md as plain text (shown as text, never rendered as markup). */
  text: string;
  truncated: boolean;
}

export type StoreSitemapKind = 'product' | 'collection' | 'page' | 'blog' | 'other';

export interface StoreSitemapEntry {
  url: string;
  kind: StoreSitemapKind;
  /** The product or collection handle, when the URL names one. */
  handle: string | null;
  lastModified: string | null;
}

export interface StoreSitemapAnswer extends StoreAnswer {
  entries: StoreSitemapEntry[];
  truncated: boolean;
}

export interface StoreImageData {
  /** data:image/…;base64,… */
  dataUrl: string;
}

export const storeCatalogRequestInputSchemas = {
  'store.catalog.collections': z.object({}).strict(),
  'store.catalog.collectionProducts': z
    .object({ handle: storeHandleSchema, page: z.number().int().min(1).max(100).default(1) })
    .strict(),
  'store.catalog.product': z.object({ handle: storeHandleSchema }).strict(),
  'store.catalog.search': z
    .object({ query: z.string().trim().min(1, 'type something to search for').max(200) })
    .strict(),
  'store.catalog.policy': z.object({ kind: z.enum(STORE_POLICY_KINDS) }).strict(),
  'store.catalog.agents': z.object({}).strict(),
  'store.catalog.sitemap': z.object({}).strict(),
  /** A product image the catalog listed, fetched by the core (the page may load only its own and data: images). */
  'store.catalog.image': z.object({ src: z.string().trim().min(1).max(2048) }).strict(),
} as const;

export interface StoreCatalogRequestOutputs {
  'store.catalog.collections': StoreCollectionsAnswer;
  'store.catalog.collectionProducts': StoreCollectionProductsAnswer;
  'store.catalog.product': StoreProductAnswer;
  'store.catalog.search': StoreSearchAnswer;
  'store.catalog.policy': StorePolicyAnswer;
  'store.catalog.agents': StoreAgentsAnswer;
  'store.catalog.sitemap': StoreSitemapAnswer;
  'store.catalog.image': StoreImageData;
}
