import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MerchantText, MerchantTextNode } from '@shared/contract/storeCatalog';
import {
  createStoreCatalogPages,
  type StoreCatalogPages,
} from '../../../../simulator/store/storeCatalogPages';
import { createHttpClient } from '../../../platform/net/httpClient';
import type { Scheduler } from '../../../platform/polling/poller';
import { createStoreCatalogService, type StoreCatalogService } from './storeCatalogService';
import { createStorefrontFetcher } from './storefrontFetcher';

/** The catalog read end to end against the fake store's pages, on a virtual clock. */

let server: Server;
let pages: StoreCatalogPages;
let origin: string;
const http = createHttpClient();

beforeAll(async () => {
  pages = createStoreCatalogPages();
  server = createServer((req, res) => {
    if (!pages.handle(req, res)) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  http.close();
  server.closeAllConnections();
  server.close();
});
afterEach(() => pages.control.reset());

/** Timers fire at once and move the clock forward: a test sees every wait without sitting through it. */
function virtualScheduler() {
  let now = 1_000_000;
  const sleeps: number[] = [];
  const scheduler: Scheduler = {
    now: () => now,
    setTimeout: (callback, ms) => {
      sleeps.push(ms);
      now += ms;
      queueMicrotask(callback);
      return null;
    },
    clearTimeout: () => undefined,
  };
  return { scheduler, sleeps };
}

function service(buyer = { country: 'US', currency: 'USD' }): StoreCatalogService & { sleeps: number[] } {
  const { scheduler, sleeps } = virtualScheduler();
  const catalog = createStoreCatalogService({
    fetcher: createStorefrontFetcher({ http, scheduler }),
    location: () => ({ ok: true, url: new URL(origin), buyer }),
    now: scheduler.now,
  });
  return Object.assign(catalog, { sleeps });
}

function flatten(nodes: MerchantText): MerchantTextNode[] {
  return nodes.flatMap((node) =>
    node.kind === 'text' || node.kind === 'break' ? [node] : [node, ...flatten(node.children)],
  );
}

function textOf(nodes: MerchantText): string {
  return flatten(nodes)
    .map((node) => (node.kind === 'text' ? node.text : ''))
    .join('');
}

describe('store catalog against the fake store', () => {
  it('lists the collections from /collections/all and the sitemap', async () => {
    const answer = await service().collections();
    expect(answer.collections).toEqual([
      { handle: 'apparel', title: 'Apparel' },
      { handle: 'accessories', title: 'Accessories' },
      { handle: 'collectibles', title: 'Collectibles' },
    ]);
    expect(answer.rateNotice).toBeNull();
  });

  it('reads a collection: its title, description and products with decimal prices as minor units', async () => {
    const answer = await service().collectionProducts('accessories', 1);
    expect(answer.collection.title).toBe('Accessories');
    expect(textOf(answer.collection.description)).toBe('For the desk and the deck.');
    expect(answer.products.map((product) => product.handle)).toEqual([
      'runeterra-card-sleeves',
      'arena-mousepad-xl',
    ]);
    const [sleeves, pad] = answer.products;
    // "12.50" is 1250 cents, never 12 or 125000.
    expect(sleeves?.priceMin).toEqual({ minor: 1250, currency: 'USD' });
    expect(pad?.priceMin).toEqual({ minor: 3500, currency: 'USD' });
    expect(pad?.available).toBe(false);
    expect(sleeves?.image?.src).toBe(`${origin}/cdn/shop/files/runeterra-card-sleeves.svg?v=1`);
    expect(answer.hasNextPage).toBe(false);
    const sent = pages.control.requests().find((request) => request.path.endsWith('/products.json'));
    expect(sent?.query).toMatchObject({ currency: 'USD', country: 'US', page: '1' });
  });

  it('sends the buyer context and prices in the currency the store answered in', async () => {
    const euro = await service({ country: 'DE', currency: 'EUR' }).product('arena-champion-hoodie');
    expect(euro.product.variants[0]?.price).toEqual({ minor: 5980, currency: 'EUR' });
    const yen = await service({ country: 'JP', currency: 'JPY' }).collectionProducts('apparel', 1);
    // JPY has no minor unit: "9750" is 9750 yen.
    expect(yen.products[0]?.priceMin).toEqual({ minor: 9750, currency: 'JPY' });
    expect(pages.control.requests().every((request) => request.query.country !== undefined)).toBe(true);
  });

  it('reads a product: variants, protocol IDs, availability from the page, sanitised description', async () => {
    const { product } = await service().product('arena-champion-hoodie');
    expect(product.title).toBe('Arena Champion Hoodie');
    expect(product.tags).toEqual(['apparel', 'arena', 'hoodie']);
    expect(product.variants.map((variant) => [variant.title, variant.available, variant.protocolId])).toEqual(
      [
        ['S', true, 'gid://shopify/ProductVariant/4510000011'],
        ['M', true, 'gid://shopify/ProductVariant/4510000012'],
        ['L', false, 'gid://shopify/ProductVariant/4510000013'],
      ],
    );
    expect(product.variants[2]?.compareAtPrice).toEqual({ minor: 7500, currency: 'USD' });
    expect(product.priceMin).toEqual({ minor: 6500, currency: 'USD' });
    expect(product.available).toBe(true);
    expect(product.options).toEqual([{ name: 'Size', values: ['S', 'M', 'L'] }]);
    expect(product.description[1]).toEqual({
      kind: 'element',
      tag: 'ul',
      children: [{ kind: 'element', tag: 'li', children: [{ kind: 'text', text: '80% cotton' }] }],
    });
  });

  it('keeps a hostile product description inert', async () => {
    const { product } = await service().product('runeterra-card-sleeves');
    const nodes = flatten(product.description);
    expect(textOf(product.description)).toBe('Sixty matte sleeves.Care guide');
    expect(nodes.some((node) => node.kind === 'link')).toBe(false);
    expect(JSON.stringify(product.description)).not.toMatch(/script|onerror|javascript/i);
  });

  it('says which product does not exist', async () => {
    await expect(service().product('no-such-thing')).rejects.toMatchObject({
      error: { code: 'not-found', message: 'The store has no product "no-such-thing".' },
    });
  });

  it('searches: the main results only, in order, priced from the catalog JSON', async () => {
    const answer = await service().search('arena');
    expect(answer.products.map((product) => product.handle)).toEqual([
      'arena-champion-hoodie',
      'arena-mousepad-xl',
    ]);
    expect(answer.products[0]?.priceMin).toEqual({ minor: 6500, currency: 'USD' });
    const sent = pages.control.requests().find((request) => request.path === '/search');
    expect(sent?.query).toMatchObject({ q: 'arena', type: 'product' });
    expect((await service().search('nothing like this')).products).toEqual([]);
  });

  it('reads a policy and drops its script, handlers, frames and javascript: link', async () => {
    const answer = await service().policy('refund-policy');
    expect(answer.title).toBe('Refund policy');
    expect(answer.url).toBe(`${origin}/policies/refund-policy`);
    expect(answer.body[0]).toEqual({
      kind: 'element',
      tag: 'h3',
      children: [{ kind: 'text', text: 'Returns' }],
    });
    const links = flatten(answer.body).filter((node) => node.kind === 'link');
    expect(links).toEqual([
      { kind: 'link', href: `${origin}/pages/faq`, children: [{ kind: 'text', text: 'the FAQ' }] },
    ]);
    expect(textOf(answer.body)).toContain('Contact us');
    expect(JSON.stringify(answer.body)).not.toMatch(/script|onerror|javascript|__storePolicyRan/i);
  });

  it('reads agents.md as text and walks the sitemap index', async () => {
    const agents = await service().agents();
    expect(agents.text).toContain('# Sightline Test Merch');
    const sitemap = await service().sitemap();
    expect(
      sitemap.entries.filter((entry) => entry.kind === 'product').map((entry) => entry.handle),
    ).toHaveLength(4);
    expect(sitemap.entries.find((entry) => entry.kind === 'collection')).toMatchObject({
      url: `${origin}/collections/apparel`,
      handle: 'apparel',
    });
    expect(sitemap.entries.some((entry) => entry.kind === 'page')).toBe(true);
  });

  it('loads only images a catalog answer listed, as data URLs', async () => {
    const catalog = service();
    const src = `${origin}/cdn/shop/files/poro-plush.svg?v=1`;
    await expect(catalog.image(src)).rejects.toMatchObject({ error: { code: 'bad-input' } });
    await expect(catalog.image('http://169.254.169.254/latest/meta-data')).rejects.toMatchObject({
      error: { code: 'bad-input' },
    });
    const { product } = await catalog.product('poro-plush');
    expect(product.images[0]?.src).toBe(src);
    const image = await catalog.image(src);
    expect(image.dataUrl.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(image.dataUrl.split(',')[1] ?? '', 'base64').toString('utf8')).toContain('Poro Plush');
  });

  it('honours Retry-After on 429, retries, and says how long it waited', async () => {
    pages.control.rateLimitNext({ count: 2, retryAfterSeconds: 2 });
    const catalog = service();
    const answer = await catalog.agents();
    expect(answer.text).toContain('Sightline Test Merch');
    expect(answer.rateNotice).toEqual({ status: 429, waitedMs: 4000, source: 'retry-after' });
    expect(catalog.sleeps).toEqual([2000, 2000]);
    expect(pages.control.requests().map((request) => request.status)).toEqual([429, 429, 200]);
  });

  it('backs off on a 503 without Retry-After: 1 s, then 2 s', async () => {
    pages.control.rateLimitNext({ count: 2, retryAfterSeconds: null, status: 503 });
    const catalog = service();
    const answer = await catalog.policy('shipping-policy');
    expect(answer.rateNotice).toEqual({ status: 503, waitedMs: 3000, source: 'backoff' });
    expect(catalog.sleeps).toEqual([1000, 2000]);
  });

  it('gives up on a wait too long, says when to retry, and holds later requests without sending them', async () => {
    pages.control.rateLimitNext({ count: 1, retryAfterSeconds: 60 });
    const catalog = service();
    await expect(catalog.agents()).rejects.toMatchObject({
      error: { code: 'io', message: 'The store asked Sightline to wait (HTTP 429). Try again in 60 s.' },
    });
    await expect(catalog.policy('privacy-policy')).rejects.toMatchObject({ error: { code: 'io' } });
    expect(pages.control.requests()).toHaveLength(1);
    expect(catalog.sleeps).toEqual([]);
  });
});
