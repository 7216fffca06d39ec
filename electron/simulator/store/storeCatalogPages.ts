import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  STORE_COLLECTIONS,
  STORE_NAME,
  STORE_PRODUCTS,
  imagePath,
  presentmentCurrency,
  presentmentMinor,
  type StoreProductRecord,
  type StoreProductVariant,
} from './storeProducts';

/**
 * The fake store's read-only storefront, shaped like a Shopify theme: /collections/all and
 * /collections/{handle} pages, their products.json, /products/{handle} (page and .json), /search,
 * /sitemap.xml with its children, /agents.md, the four /policies pages (with hostile merchant HTML on
 * purpose: a <script>, an onerror image, a javascript: link, an iframe) and the product images.
 *
 * Buyer context: `?currency=` switches the presentment currency (EUR, GBP, CAD, JPY at fixed rates; any
 * other code is ignored, as Shopify ignores it), so a client that forgets to send it shows dollars.
 * `control.rateLimitNext` makes the next requests answer 429 (or 503) with or without Retry-After.
 */

export interface RecordedCatalogRequest {
  path: string;
  query: Record<string, string>;
  status: number;
}

export interface StoreCatalogPagesControl {
  /**
   * The next `count` catalog requests (under `path` only, when given) are refused with `status`; Retry-After
   * in seconds, or none when null.
   */
  rateLimitNext(options: {
    count?: number;
    retryAfterSeconds?: number | null;
    status?: 429 | 503;
    path?: string;
  }): void;
  requests(): RecordedCatalogRequest[];
  reset(): void;
}

export interface StoreCatalogPages {
  /** Answers a catalog GET and returns true, or returns false for a path that is not the catalog's. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  control: StoreCatalogPagesControl;
}

export const STORE_POLICY_PATHS = [
  'privacy-policy',
  'terms-of-service',
  'refund-policy',
  'shipping-policy',
] as const;

const POLICY_TITLES: Record<(typeof STORE_POLICY_PATHS)[number], string> = {
  'privacy-policy': 'Privacy policy',
  'terms-of-service': 'Terms of service',
  'refund-policy': 'Refund policy',
  'shipping-policy': 'Shipping policy',
};

/** Merchant HTML that must never run: every policy carries it. `window.__storePolicyRan` marks a breach. */
export const HOSTILE_POLICY_HTML =
  '<script>window.__storePolicyRan = true; alert("policy script")</script>' +
  '<img src="/cdn/missing.png" onerror="window.__storePolicyRan = true; alert(\'onerror\')">' +
  '<p>Questions? <a href="javascript:window.__storePolicyRan=true;alert(\'link\')">Contact us</a> or see ' +
  '<a href="/pages/faq" onclick="window.__storePolicyRan = true">the FAQ</a>.</p>' +
  '<iframe src="javascript:alert(\'frame\')"></iframe>' +
  '<p style="background:url(javascript:alert(1))" onmouseover="window.__storePolicyRan = true">Hover text.</p>';

const POLICY_BODIES: Record<(typeof STORE_POLICY_PATHS)[number], string> = {
  'privacy-policy':
    '<h2>What we collect</h2><p>Your name, address and order history, only to ship your order.</p>',
  'terms-of-service': '<h2>Orders</h2><p>Prices include <strong>VAT</strong> where the law requires it.</p>',
  'refund-policy':
    '<h2>Returns</h2><p>Return unworn items within <strong>30 days</strong> for a full refund.</p>' +
    '<ul><li>Items must be unworn</li><li>Keep the tags on</li></ul>',
  'shipping-policy':
    '<h2>Delivery</h2><p>Orders ship within 2 business days.<br>Tracking is emailed to you.</p>',
};

export const STORE_AGENTS_MD = `# ${STORE_NAME}

This store supports agent shopping through the Universal Commerce Protocol.

- Discovery: /.well-known/ucp
- Tool endpoint: POST /api/ucp/mcp (tools/list, then tools/call)
- Catalog: /collections/all, /products/{handle}.json, /search?q=…&type=product

Payment needs the buyer's explicit approval at the moment of payment.
Pass the buyer context (context.address_country, context.currency) for accurate prices.
`;

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A price in `currency`, as the storefront's decimal string ("59.80", "9750"). */
export function presentmentPrice(minorUsd: number, currency: string): string {
  const { minor, exponent } = presentmentMinor(minorUsd, currency);
  if (exponent === 0) return String(minor);
  const whole = Math.floor(minor / 10 ** exponent);
  const fraction = String(minor % 10 ** exponent).padStart(exponent, '0');
  return `${whole}.${fraction}`;
}

function layout(origin: string, title: string, main: string, head = ''): string {
  const nav = STORE_COLLECTIONS.map(
    (collection) =>
      `<li><a href="/collections/${collection.handle}">${escapeHtml(collection.title)}</a></li>`,
  ).join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} – ${escapeHtml(STORE_NAME)}</title>` +
    `<meta property="og:site_name" content="${escapeHtml(STORE_NAME)}">` +
    `<link rel="canonical" href="${origin}/">${head}</head><body>` +
    `<header class="header"><a href="/" class="header__heading-link">${escapeHtml(STORE_NAME)}</a>` +
    `<nav><ul class="list-menu"><li><a href="/collections/all">Shop all</a></li>${nav}</ul></nav>` +
    // A featured product outside the main content: search results must not pick it up.
    `<a class="announcement" href="/products/poro-plush">New: Poro Plush</a></header>` +
    `<main id="MainContent" class="content-for-layout" role="main">${main}</main>` +
    `<footer><ul>${STORE_POLICY_PATHS.map((path) => `<li><a href="/policies/${path}">${POLICY_TITLES[path]}</a></li>`).join('')}</ul>` +
    `<script>/* theme script */ window.Shopify = { shop: "sightline-test-merch.myshopify.com" };</script></footer>` +
    `</body></html>`
  );
}

function productCard(product: StoreProductRecord, currency: string): string {
  const first = product.images[0];
  const price = Math.min(...product.variants.map((variant) => variant.priceMinor));
  return (
    `<li class="grid__item"><div class="card-wrapper product-card-wrapper">` +
    (first
      ? `<div class="card__media"><img src="${imagePath(first)}" alt="${escapeHtml(first.alt)}" width="${first.width}" height="${first.height}" loading="lazy"></div>`
      : '') +
    `<h3 class="card__heading"><a href="/products/${product.handle}" class="full-unstyled-link">${escapeHtml(product.title)}</a></h3>` +
    `<span class="price-item price-item--regular">${presentmentPrice(price, currency)} ${currency}</span>` +
    `</div></li>`
  );
}

function storefrontVariant(
  product: StoreProductRecord,
  variant: StoreProductVariant,
  currency: string,
  position: number,
) {
  return {
    id: variant.id,
    title: variant.title,
    option1: variant.options[0] ?? null,
    option2: variant.options[1] ?? null,
    option3: variant.options[2] ?? null,
    sku: variant.sku,
    requires_shipping: true,
    taxable: true,
    featured_image: null,
    available: variant.available,
    price: presentmentPrice(variant.priceMinor, currency),
    grams: variant.grams,
    compare_at_price:
      variant.compareAtMinor === null ? null : presentmentPrice(variant.compareAtMinor, currency),
    position,
    product_id: product.id,
    created_at: product.createdAt,
    updated_at: product.createdAt,
  };
}

function storefrontImages(product: StoreProductRecord) {
  return product.images.map((image, index) => ({
    id: image.id,
    created_at: product.createdAt,
    position: index + 1,
    updated_at: product.createdAt,
    product_id: product.id,
    variant_ids: [],
    src: `${imagePath(image)}?v=1`,
    width: image.width,
    height: image.height,
  }));
}

/** products.json's shape: tags an array, variants with `available`. */
function listedProduct(product: StoreProductRecord, currency: string) {
  return {
    id: product.id,
    title: product.title,
    handle: product.handle,
    body_html: product.bodyHtml,
    published_at: product.createdAt,
    created_at: product.createdAt,
    updated_at: product.createdAt,
    vendor: product.vendor,
    product_type: product.productType,
    tags: product.tags,
    variants: product.variants.map((variant, index) =>
      storefrontVariant(product, variant, currency, index + 1),
    ),
    images: storefrontImages(product),
    options: product.options.map((option, index) => ({
      name: option.name,
      position: index + 1,
      values: option.values,
    })),
  };
}

/** products/{handle}.json's admin-like shape: tags one comma string, no `available`, price currencies. */
function productDocument(product: StoreProductRecord, currency: string) {
  const images = storefrontImages(product);
  return {
    product: {
      id: product.id,
      title: product.title,
      body_html: product.bodyHtml,
      vendor: product.vendor,
      product_type: product.productType,
      created_at: product.createdAt,
      handle: product.handle,
      updated_at: product.createdAt,
      published_at: product.createdAt,
      template_suffix: null,
      published_scope: 'global',
      tags: product.tags.join(', '),
      variants: product.variants.map((variant, index) => {
        const { available: _available, ...rest } = storefrontVariant(product, variant, currency, index + 1);
        return {
          ...rest,
          inventory_policy: 'deny',
          fulfillment_service: 'manual',
          inventory_management: 'shopify',
          barcode: null,
          weight: variant.grams / 1000,
          weight_unit: 'kg',
          image_id: null,
          price_currency: currency,
          compare_at_price_currency: variant.compareAtMinor === null ? '' : currency,
        };
      }),
      options: product.options.map((option, index) => ({
        id: product.id * 10 + index,
        product_id: product.id,
        name: option.name,
        position: index + 1,
        values: option.values,
      })),
      images,
      image: images[0] ?? null,
    },
  };
}

function productPage(origin: string, product: StoreProductRecord, currency: string): string {
  const offers = product.variants.map((variant) => ({
    '@type': 'Offer',
    availability: variant.available ? 'http://schema.org/InStock' : 'http://schema.org/OutOfStock',
    price: presentmentPrice(variant.priceMinor, currency),
    priceCurrency: currency,
    url: `${origin}/products/${product.handle}?variant=${variant.id}`,
    sku: variant.sku,
  }));
  const jsonLd = JSON.stringify({
    '@context': 'http://schema.org/',
    '@type': 'Product',
    name: product.title,
    offers,
  });
  const head =
    `<meta property="og:type" content="product"><meta property="og:title" content="${escapeHtml(product.title)}">` +
    `<meta property="og:price:amount" content="${presentmentPrice(product.variants[0]?.priceMinor ?? 0, currency)}">` +
    `<meta property="og:price:currency" content="${currency}">` +
    `<script type="application/ld+json">${jsonLd.replace(/</g, '\\u003c')}</script>`;
  const main =
    `<section class="product"><h1 class="product__title">${escapeHtml(product.title)}</h1>` +
    `<div class="product__description rte">${product.bodyHtml}</div>` +
    `<form action="/cart/add" method="post"><select name="id">${product.variants
      .map(
        (variant) =>
          `<option value="${variant.id}"${variant.available ? '' : ' disabled'}>${escapeHtml(variant.title)}</option>`,
      )
      .join('')}</select><button type="submit">Add to cart</button></form></section>`;
  return layout(origin, product.title, main, head);
}

function matches(product: StoreProductRecord, query: string): boolean {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  const haystack = [product.title, product.productType, product.bodyPlain, ...product.tags]
    .join(' ')
    .toLowerCase();
  return words.length > 0 && words.every((word) => haystack.includes(word));
}

function searchPage(origin: string, query: string, currency: string): string {
  const found = STORE_PRODUCTS.filter((product) => matches(product, query));
  const results =
    found.length > 0
      ? `<ul id="product-grid" class="grid product-grid">${found.map((product) => productCard(product, currency)).join('')}</ul>`
      : `<p class="search__empty">No results found for “${escapeHtml(query)}”.</p>`;
  return layout(
    origin,
    `Search: ${found.length} results found for "${query}"`,
    `<h1 class="main-page-title">Search results</h1><p role="status">${found.length} results found for “${escapeHtml(query)}”</p>${results}`,
  );
}

function collectionPage(origin: string, handle: string, currency: string): string | null {
  if (handle === 'all') {
    return layout(
      origin,
      'Products',
      `<h1 class="collection-hero__title">Products</h1><ul id="product-grid" class="grid product-grid">${STORE_PRODUCTS.map((product) => productCard(product, currency)).join('')}</ul>`,
    );
  }
  const collection = STORE_COLLECTIONS.find((candidate) => candidate.handle === handle);
  if (!collection) return null;
  const products = collection.productHandles.flatMap((productHandle) =>
    STORE_PRODUCTS.filter((product) => product.handle === productHandle),
  );
  return layout(
    origin,
    collection.title,
    `<div class="collection-hero"><h1 class="collection-hero__title">${escapeHtml(collection.title)}</h1>` +
      `<div class="collection-hero__description rte">${collection.bodyHtml}</div></div>` +
      `<ul id="product-grid" class="grid product-grid">${products.map((product) => productCard(product, currency)).join('')}</ul>`,
  );
}

function collectionProducts(handle: string): StoreProductRecord[] | null {
  if (handle === 'all') return [...STORE_PRODUCTS];
  const collection = STORE_COLLECTIONS.find((candidate) => candidate.handle === handle);
  if (!collection) return null;
  return collection.productHandles.flatMap((productHandle) =>
    STORE_PRODUCTS.filter((product) => product.handle === productHandle),
  );
}

function policyPage(origin: string, kind: (typeof STORE_POLICY_PATHS)[number]): string {
  return layout(
    origin,
    POLICY_TITLES[kind],
    `<div class="shopify-policy__container"><div class="shopify-policy__title"><h1>${POLICY_TITLES[kind]}</h1></div>` +
      `<div class="shopify-policy__body"><div class="rte">${POLICY_BODIES[kind]}${HOSTILE_POLICY_HTML}</div></div></div>`,
  );
}

function sitemapIndex(origin: string): string {
  const children = [
    `sitemap_products_1.xml?from=${STORE_PRODUCTS[0]?.id ?? 0}&amp;to=${STORE_PRODUCTS[STORE_PRODUCTS.length - 1]?.id ?? 0}`,
    'sitemap_collections_1.xml',
    'sitemap_pages_1.xml',
  ];
  return (
    `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
    children
      .map(
        (child) => `<sitemap><loc>${origin}/${child}</loc><lastmod>2026-03-05T10:00:00Z</lastmod></sitemap>`,
      )
      .join('') +
    `</sitemapindex>`
  );
}

function urlset(entries: { loc: string; lastmod: string }[]): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">` +
    entries
      .map(
        (entry) =>
          `<url><loc>${entry.loc}</loc><lastmod>${entry.lastmod}</lastmod><changefreq>daily</changefreq></url>`,
      )
      .join('') +
    `</urlset>`
  );
}

const HANDLE = '([a-z0-9]+(?:-[a-z0-9]+)*)';
const ROUTES = {
  collectionJson: new RegExp(`^/collections/${HANDLE}/products\\.json$`),
  collectionPage: new RegExp(`^/collections/${HANDLE}/?$`),
  productJson: new RegExp(`^/products/${HANDLE}\\.json$`),
  productPage: new RegExp(`^/(?:collections/${HANDLE}/)?products/${HANDLE}/?$`),
  policy: /^\/policies\/([a-z-]+)$/,
  image: /^\/cdn\/shop\/files\/([a-z0-9-]+\.svg)$/,
};

export function createStoreCatalogPages(): StoreCatalogPages {
  let recorded: RecordedCatalogRequest[] = [];
  let refusals: {
    count: number;
    retryAfterSeconds: number | null;
    status: 429 | 503;
    path: string | null;
  } | null = null;

  const send = (
    res: ServerResponse,
    status: number,
    type: string,
    body: string,
    headers: Record<string, string> = {},
  ): void => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
    res.end(body);
  };

  /** Routes a request; null when the path is not the catalog's. Returns the status sent. */
  const route = (req: IncomingMessage, res: ServerResponse, url: URL): number | null => {
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
    const currency = presentmentCurrency(url.searchParams.get('currency'));
    const path = url.pathname;
    const html = (status: number, body: string): number => (
      send(res, status, 'text/html; charset=utf-8', body),
      status
    );
    const json = (status: number, body: unknown): number => (
      send(res, status, 'application/json; charset=utf-8', JSON.stringify(body)),
      status
    );
    const xml = (body: string): number => (send(res, 200, 'application/xml', body), 200);
    const notFound = (): number =>
      path.endsWith('.json')
        ? json(404, { errors: 'Not Found' })
        : html(404, layout(origin, 'Not found', '<h1>404 Page Not Found</h1>'));

    if (path === '/products.json')
      return json(200, { products: STORE_PRODUCTS.map((product) => listedProduct(product, currency)) });
    let match = ROUTES.collectionJson.exec(path);
    if (match) {
      const products = collectionProducts(match[1] ?? '');
      if (products === null) return notFound();
      const limit = Math.min(250, Math.max(1, Number(url.searchParams.get('limit') ?? 30) || 30));
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
      const slice = products.slice((page - 1) * limit, page * limit);
      return json(200, { products: slice.map((product) => listedProduct(product, currency)) });
    }
    match = ROUTES.collectionPage.exec(path);
    if (match) {
      const page = collectionPage(origin, match[1] ?? '', currency);
      return page === null ? notFound() : html(200, page);
    }
    match = ROUTES.productJson.exec(path);
    if (match) {
      const product = STORE_PRODUCTS.find((candidate) => candidate.handle === match?.[1]);
      return product ? json(200, productDocument(product, currency)) : notFound();
    }
    match = ROUTES.productPage.exec(path);
    if (match) {
      const product = STORE_PRODUCTS.find((candidate) => candidate.handle === match?.[2]);
      return product ? html(200, productPage(origin, product, currency)) : notFound();
    }
    if (path === '/search') {
      return html(200, searchPage(origin, url.searchParams.get('q') ?? '', currency));
    }
    match = ROUTES.policy.exec(path);
    if (match) {
      const kind = STORE_POLICY_PATHS.find((candidate) => candidate === match?.[1]);
      return kind ? html(200, policyPage(origin, kind)) : notFound();
    }
    if (path === '/sitemap.xml') return xml(sitemapIndex(origin));
    if (path === '/sitemap_products_1.xml') {
      return xml(
        urlset(
          STORE_PRODUCTS.map((product) => ({
            loc: `${origin}/products/${product.handle}`,
            lastmod: product.createdAt,
          })),
        ),
      );
    }
    if (path === '/sitemap_collections_1.xml') {
      return xml(
        urlset(
          STORE_COLLECTIONS.map((collection) => ({
            loc: `${origin}/collections/${collection.handle}`,
            lastmod: '2026-03-01T10:00:00Z',
          })),
        ),
      );
    }
    if (path === '/sitemap_pages_1.xml') {
      return xml(urlset([{ loc: `${origin}/pages/faq`, lastmod: '2026-01-01T10:00:00Z' }]));
    }
    if (path === '/agents.md') return (send(res, 200, 'text/markdown; charset=utf-8', STORE_AGENTS_MD), 200);
    match = ROUTES.image.exec(path);
    if (match) {
      const image = STORE_PRODUCTS.flatMap((product) => product.images).find(
        (candidate) => candidate.file === match?.[1],
      );
      return image ? (send(res, 200, 'image/svg+xml', image.svg), 200) : notFound();
    }
    return null;
  };

  const isCatalogPath = (path: string): boolean =>
    path === '/products.json' ||
    path === '/search' ||
    path === '/agents.md' ||
    /^\/sitemap[a-z_0-9]*\.xml$/.test(path) ||
    /^\/(collections|products|policies)\//.test(path) ||
    path.startsWith('/cdn/shop/files/');

  return {
    handle: (req, res) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const url = new URL(req.url ?? '/', 'http://store.invalid');
      if (!isCatalogPath(url.pathname)) return false;
      const record = (status: number): void =>
        void recorded.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), status });

      const refused =
        refusals !== null &&
        refusals.count > 0 &&
        !url.pathname.startsWith('/cdn/') &&
        (refusals.path === null || url.pathname.startsWith(refusals.path));
      if (refusals && refused) {
        refusals.count -= 1;
        const headers: Record<string, string> =
          refusals.retryAfterSeconds === null ? {} : { 'retry-after': String(refusals.retryAfterSeconds) };
        send(res, refusals.status, 'text/html; charset=utf-8', '<h1>Too many requests</h1>', headers);
        record(refusals.status);
        return true;
      }
      const status = route(req, res, url);
      if (status === null) {
        send(res, 404, 'text/html; charset=utf-8', '<h1>404 Page Not Found</h1>');
        record(404);
        return true;
      }
      record(status);
      return true;
    },
    control: {
      rateLimitNext: ({ count = 1, retryAfterSeconds = 1, status = 429, path }) => {
        refusals = { count, retryAfterSeconds, status, path: path ?? null };
      },
      requests: () => [...recorded],
      reset: () => {
        recorded = [];
        refusals = null;
      },
    },
  };
}
