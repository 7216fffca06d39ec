/**
 * The fake merch store's products, shared by both halves of the store simulator: the read-only catalog
 * pages and JSON (decimal-string prices, numeric ids) and the commerce protocol tools (integer minor
 * units, gid:// ids). Prices are kept once, in minor units, so the two never disagree.
 */

export const STORE_CURRENCY = 'USD';
export const STORE_NAME = 'Sightline Test Merch';

/** Units of each presentment currency per dollar (the buyer context's currency picks one). */
const PRESENTMENT_RATES: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, CAD: 1.36, JPY: 150 };
const PRESENTMENT_EXPONENTS: Record<string, number> = { JPY: 0 };

/** The presentment currency for a requested code: one the store knows, else dollars (as Shopify ignores others). */
export function presentmentCurrency(asked: string | null | undefined): string {
  const code = (asked ?? '').toUpperCase();
  return Object.hasOwn(PRESENTMENT_RATES, code) ? code : STORE_CURRENCY;
}

/** A dollar price in `currency`: minor units of that currency and its exponent (JPY has no minor unit). */
export function presentmentMinor(minorUsd: number, currency: string): { minor: number; exponent: number } {
  const rate = PRESENTMENT_RATES[currency] ?? 1;
  const exponent = PRESENTMENT_EXPONENTS[currency] ?? 2;
  return { minor: Math.round((minorUsd / 100) * rate * 10 ** exponent), exponent };
}

export interface StoreProductImage {
  id: number;
  /** Served by the simulator at /cdn/shop/files/<file>. */
  file: string;
  alt: string;
  width: number;
  height: number;
  svg: string;
}

export interface StoreProductVariant {
  /** Numeric, as storefront JSON has it. */
  id: number;
  title: string;
  /** option1..option3. */
  options: string[];
  sku: string;
  /** Integer minor units of STORE_CURRENCY. */
  priceMinor: number;
  compareAtMinor: number | null;
  available: boolean;
  grams: number;
}

export interface StoreProductRecord {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  productType: string;
  tags: string[];
  /** Merchant HTML: untrusted (one product carries a script and an onerror handler on purpose). */
  bodyHtml: string;
  /** The same description as plain text (what the protocol's description.plain carries). */
  bodyPlain: string;
  options: { name: string; values: string[] }[];
  variants: StoreProductVariant[];
  images: StoreProductImage[];
  createdAt: string;
}

export interface StoreCollectionRecord {
  handle: string;
  title: string;
  bodyHtml: string;
  productHandles: string[];
}

function swatch(label: string, fill: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">` +
    `<rect width="400" height="400" fill="${fill}"/>` +
    `<text x="200" y="210" font-family="sans-serif" font-size="28" fill="#fff" text-anchor="middle">${label}</text>` +
    `</svg>`
  );
}

function image(id: number, file: string, alt: string, fill: string): StoreProductImage {
  return { id, file, alt, width: 400, height: 400, svg: swatch(alt, fill) };
}

export const STORE_PRODUCTS: readonly StoreProductRecord[] = [
  {
    id: 8100000001,
    handle: 'arena-champion-hoodie',
    title: 'Arena Champion Hoodie',
    vendor: STORE_NAME,
    productType: 'Apparel',
    tags: ['apparel', 'arena', 'hoodie'],
    bodyHtml:
      '<p>A heavyweight <strong>fleece hoodie</strong> with the arena crest.</p><ul><li>80% cotton</li></ul>',
    bodyPlain: 'A heavyweight fleece hoodie with the arena crest. 80% cotton',
    options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    variants: [
      {
        id: 4510000011,
        title: 'S',
        options: ['S'],
        sku: 'HOOD-S',
        priceMinor: 6500,
        compareAtMinor: null,
        available: true,
        grams: 700,
      },
      {
        id: 4510000012,
        title: 'M',
        options: ['M'],
        sku: 'HOOD-M',
        priceMinor: 6500,
        compareAtMinor: null,
        available: true,
        grams: 720,
      },
      {
        id: 4510000013,
        title: 'L',
        options: ['L'],
        sku: 'HOOD-L',
        priceMinor: 6500,
        compareAtMinor: 7500,
        available: false,
        grams: 750,
      },
    ],
    images: [image(7300000001, 'arena-champion-hoodie.svg', 'Arena Champion Hoodie', '#3b2f6b')],
    createdAt: '2026-03-02T10:00:00Z',
  },
  {
    id: 8100000002,
    handle: 'runeterra-card-sleeves',
    title: 'Runeterra Card Sleeves (60)',
    vendor: STORE_NAME,
    productType: 'Accessories',
    tags: ['cards', 'accessories'],
    bodyHtml:
      '<p>Sixty matte sleeves.</p><script>alert("merchant script")</script><img src="x" onerror="alert(1)"><p><a href="javascript:alert(2)">Care guide</a></p>',
    bodyPlain: 'Sixty matte sleeves. Care guide',
    options: [{ name: 'Color', values: ['Blue', 'Gold'] }],
    variants: [
      {
        id: 4510000021,
        title: 'Blue',
        options: ['Blue'],
        sku: 'SLV-BLU',
        priceMinor: 1250,
        compareAtMinor: null,
        available: true,
        grams: 80,
      },
      {
        id: 4510000022,
        title: 'Gold',
        options: ['Gold'],
        sku: 'SLV-GLD',
        priceMinor: 1250,
        compareAtMinor: null,
        available: true,
        grams: 80,
      },
    ],
    images: [image(7300000002, 'runeterra-card-sleeves.svg', 'Runeterra Card Sleeves', '#1d4f8c')],
    createdAt: '2026-03-05T10:00:00Z',
  },
  {
    id: 8100000003,
    handle: 'poro-plush',
    title: 'Poro Plush',
    vendor: STORE_NAME,
    productType: 'Collectibles',
    tags: ['plush', 'collectibles'],
    bodyHtml: '<p>A soft poro, 20 cm.</p>',
    bodyPlain: 'A soft poro, 20 cm.',
    options: [{ name: 'Title', values: ['Default Title'] }],
    variants: [
      {
        id: 4510000031,
        title: 'Default Title',
        options: ['Default Title'],
        sku: 'PORO-20',
        priceMinor: 2999,
        compareAtMinor: null,
        available: true,
        grams: 250,
      },
    ],
    images: [image(7300000003, 'poro-plush.svg', 'Poro Plush', '#6b8fb3')],
    createdAt: '2026-02-11T10:00:00Z',
  },
  {
    id: 8100000004,
    handle: 'arena-mousepad-xl',
    title: 'Arena Mousepad XL',
    vendor: STORE_NAME,
    productType: 'Accessories',
    tags: ['accessories', 'arena'],
    bodyHtml: '<p>900 × 400 mm, stitched edges.</p>',
    bodyPlain: '900 × 400 mm, stitched edges.',
    options: [{ name: 'Title', values: ['Default Title'] }],
    variants: [
      {
        id: 4510000041,
        title: 'Default Title',
        options: ['Default Title'],
        sku: 'PAD-XL',
        priceMinor: 3500,
        compareAtMinor: null,
        available: false,
        grams: 900,
      },
    ],
    images: [image(7300000004, 'arena-mousepad-xl.svg', 'Arena Mousepad XL', '#8c3b1d')],
    createdAt: '2026-01-20T10:00:00Z',
  },
];

export const STORE_COLLECTIONS: readonly StoreCollectionRecord[] = [
  {
    handle: 'apparel',
    title: 'Apparel',
    bodyHtml: '<p>Wear the arena.</p>',
    productHandles: ['arena-champion-hoodie'],
  },
  {
    handle: 'accessories',
    title: 'Accessories',
    bodyHtml: '<p>For the desk and the deck.</p>',
    productHandles: ['runeterra-card-sleeves', 'arena-mousepad-xl'],
  },
  {
    handle: 'collectibles',
    title: 'Collectibles',
    bodyHtml: '<p>Plush and figures.</p>',
    productHandles: ['poro-plush'],
  },
];

/** The protocol's id for a variant, as Shopify names it. */
export function variantGid(variantId: number): string {
  return `gid://shopify/ProductVariant/${variantId}`;
}

export function productGid(productId: number): string {
  return `gid://shopify/Product/${productId}`;
}

/** "65.00" for 6500: the storefront JSON's price shape. */
export function decimalPrice(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function imagePath(imageRecord: StoreProductImage): string {
  return `/cdn/shop/files/${imageRecord.file}`;
}

export function findVariant(
  gidOrId: string | number,
): { product: StoreProductRecord; variant: StoreProductVariant } | null {
  const numeric = typeof gidOrId === 'number' ? gidOrId : Number(/(\d+)$/.exec(gidOrId)?.[1] ?? NaN);
  for (const product of STORE_PRODUCTS) {
    const variant = product.variants.find((candidate) => candidate.id === numeric);
    if (variant) return { product, variant };
  }
  return null;
}
