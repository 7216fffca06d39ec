import { z } from 'zod';
import type {
  StoreImage,
  StoreProduct,
  StoreProductSummary,
  StoreVariant,
} from '@shared/contract/storeCatalog';
import { moneyFromDecimal, type Money } from '@shared/contract/money';
import { safeLinkHref, sanitiseMerchantHtml } from './html/merchantText';

/**
 * The storefront's product JSON (`/products.json`, `/collections/{handle}/products.json`,
 * `/products/{handle}.json`), read tolerantly: unknown fields are ignored, a field of the wrong shape
 * becomes "not known" rather than failing the product, and a product without an ID or handle is skipped.
 * Prices here are decimal strings ("25.00") and are read as such, never as minor units.
 */

const idSchema = z.union([z.number(), z.string().min(1)]).transform(String);
const text = z.string().nullable().optional().catch(null);
const flag = z.boolean().nullable().optional().catch(null);
const dimension = z.number().int().positive().nullable().optional().catch(null);

const imageSchema = z.looseObject({
  id: idSchema.optional().catch(undefined),
  src: z.string(),
  alt: text,
  width: dimension,
  height: dimension,
  variant_ids: z.array(idSchema).optional().catch(undefined),
});

const variantSchema = z.looseObject({
  id: idSchema,
  title: text,
  option1: text,
  option2: text,
  option3: text,
  sku: text,
  available: flag,
  price: z.union([z.string(), z.number()]).nullable().optional().catch(null),
  compare_at_price: z.union([z.string(), z.number()]).nullable().optional().catch(null),
  price_currency: text,
  featured_image: z.looseObject({ src: z.string() }).nullable().optional().catch(null),
  image_id: idSchema.nullable().optional().catch(null),
});

const productSchema = z.looseObject({
  id: idSchema,
  handle: z.string().min(1),
  title: z.string().catch(''),
  body_html: text,
  vendor: text,
  product_type: text,
  // An array today; older stores and products/{handle}.json send one comma-joined string.
  tags: z
    .union([z.array(z.string()), z.string()])
    .nullable()
    .optional()
    .catch(null),
  variants: z.array(z.unknown()).catch([]),
  images: z.array(z.unknown()).catch([]),
  image: z.unknown().optional(),
  options: z.array(z.looseObject({ name: z.string(), values: z.array(z.string()).catch([]) })).catch([]),
});

type RawProduct = z.infer<typeof productSchema>;
type RawVariant = z.infer<typeof variantSchema>;

export interface CatalogReadContext {
  /** The store's origin: relative and protocol-relative image URLs resolve against it. */
  baseUrl: string;
  /** The buyer's currency: what catalog decimal prices are in unless a variant names its own. */
  currency: string;
}

/** `{products: [...]}` → summaries, in order, without repeats (some stores repeat a page). */
export function readProductList(body: unknown, context: CatalogReadContext): StoreProductSummary[] {
  const list = z.looseObject({ products: z.array(z.unknown()) }).safeParse(body);
  if (!list.success) return [];
  const seen = new Set<string>();
  const products: StoreProductSummary[] = [];
  for (const raw of list.data.products) {
    const product = readProduct(raw, context);
    if (product === null || seen.has(product.id)) continue;
    seen.add(product.id);
    products.push(summaryOf(product));
  }
  return products;
}

/** `{product: {...}}` (products/{handle}.json), or a bare product object. */
export function readProductDocument(body: unknown, context: CatalogReadContext): StoreProduct | null {
  const wrapped = z.looseObject({ product: z.unknown() }).safeParse(body);
  return readProduct(wrapped.success ? wrapped.data.product : body, context);
}

export function summaryOf(product: StoreProduct): StoreProductSummary {
  const { id, handle, title, vendor, productType, image, priceMin, priceMax, available } = product;
  return { id, handle, title, vendor, productType, image, priceMin, priceMax, available };
}

function readProduct(raw: unknown, context: CatalogReadContext): StoreProduct | null {
  const parsed = productSchema.safeParse(raw);
  if (!parsed.success) return null;
  const product = parsed.data;
  const imageEntries = readImages(product, context);
  const images = imageEntries.map((entry) => entry.image);
  const variants = product.variants
    .map((variant) => variantSchema.safeParse(variant))
    .flatMap((result) => (result.success ? [readVariant(result.data, product, imageEntries, context)] : []));
  const prices = variants.flatMap((variant) => (variant.price ? [variant.price] : []));
  const availability = variants.map((variant) => variant.available);
  return {
    id: product.id,
    handle: product.handle,
    title: product.title.trim() || product.handle,
    vendor: product.vendor?.trim() || null,
    productType: product.product_type?.trim() || null,
    image: images[0] ?? null,
    priceMin: extreme(prices, (a, b) => a < b),
    priceMax: extreme(prices, (a, b) => a > b),
    available: availability.some((value) => value === true)
      ? true
      : availability.length > 0 && availability.every((value) => value === false)
        ? false
        : null,
    description: sanitiseMerchantHtml(product.body_html ?? '', { baseUrl: context.baseUrl }),
    tags: readTags(product.tags),
    images,
    options: product.options.map((option) => ({ name: option.name, values: option.values })),
    variants,
    url: new URL(`/products/${encodeURIComponent(product.handle)}`, context.baseUrl).href,
  };
}

function readVariant(
  variant: RawVariant,
  product: RawProduct,
  images: ImageEntry[],
  context: CatalogReadContext,
): StoreVariant {
  const currency =
    variant.price_currency && /^[A-Za-z]{3}$/.test(variant.price_currency)
      ? variant.price_currency
      : context.currency;
  const options = [variant.option1, variant.option2, variant.option3].flatMap((value) =>
    value ? [value] : [],
  );
  return {
    id: variant.id,
    protocolId: `gid://shopify/ProductVariant/${variant.id}`,
    title: variant.title?.trim() || options.join(' / ') || product.title,
    options,
    sku: variant.sku?.trim() || null,
    price: readPrice(variant.price, currency),
    compareAtPrice: readPrice(variant.compare_at_price, currency),
    available: variant.available ?? null,
    imageSrc: variantImage(variant, images, context),
  };
}

function readPrice(value: string | number | null | undefined, currency: string): Money | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = moneyFromDecimal(value, currency);
  return parsed.ok ? parsed.money : null;
}

interface ImageEntry {
  image: StoreImage;
  id: string | null;
  variantIds: string[];
}

function readImages(product: RawProduct, context: CatalogReadContext): ImageEntry[] {
  const entries: ImageEntry[] = [];
  for (const raw of product.images) {
    const image = imageSchema.safeParse(raw);
    if (!image.success) continue;
    const src = safeLinkHref(image.data.src, context.baseUrl);
    if (src === null) continue;
    entries.push({
      image: {
        src,
        alt: image.data.alt?.trim() || product.title,
        width: image.data.width ?? null,
        height: image.data.height ?? null,
      },
      id: image.data.id ?? null,
      variantIds: image.data.variant_ids ?? [],
    });
  }
  return entries;
}

function variantImage(variant: RawVariant, images: ImageEntry[], context: CatalogReadContext): string | null {
  if (variant.featured_image) return safeLinkHref(variant.featured_image.src, context.baseUrl);
  const match = images.find(
    (entry) =>
      (variant.image_id != null && entry.id === variant.image_id) || entry.variantIds.includes(variant.id),
  );
  return match?.image.src ?? null;
}

function readTags(tags: string[] | string | null | undefined): string[] {
  const list = typeof tags === 'string' ? tags.split(',') : (tags ?? []);
  return list.map((tag) => tag.trim()).filter((tag) => tag !== '');
}

function extreme(prices: Money[], better: (a: number, b: number) => boolean): Money | null {
  let best: Money | null = null;
  for (const price of prices) {
    // Prices in another currency than the first one are not compared with it.
    if (best !== null && price.currency !== best.currency) continue;
    if (best === null || better(price.minor, best.minor)) best = price;
  }
  return best;
}
