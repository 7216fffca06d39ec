import fc from 'fast-check';
import { describe } from 'vitest';
import { z } from 'zod';
import { jsonInputs, jsonText, textInputs } from '../../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser, schemaProblem } from '../../../tools/testkit/fuzz/parserFuzz';
import { HTML_TOKENS, merchantTextSchema } from './html/merchantHtmlFuzzing';
import {
  readPolicyPage,
  readProductPage,
  readSearchResults,
  type PolicyPage,
  type SearchHit,
} from './storefrontPages';

const BASE = 'https://merch.example.com';

const page = (main: string, head = ''): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Store</title>${head}</head><body>` +
  `<header><a href="/products/poro-plush">New: Poro Plush</a></header>` +
  `<main id="MainContent" role="main">${main}</main><footer><a href="/policies/refund-policy">Refunds</a></footer></body></html>`;

const searchPage = page(
  '<div class="search-results"><ul>' +
    '<li><a href="/products/arena-hoodie"><img src="/cdn/hoodie.png" alt="Arena hoodie" width="400" height="400">Arena Hoodie</a></li>' +
    '<li><a href="https://merch.example.com/en-ca/collections/all/products/poro-plush?variant=2">Poro Plush</a></li>' +
    '<li><a href="https://elsewhere.example/products/fake">Fake</a></li></ul></div>',
);
const policyPage = page(
  '<div class="shopify-policy__container"><div class="shopify-policy__title"><h1>Refund policy</h1></div>' +
    '<div class="shopify-policy__body"><div class="rte"><h2>Returns</h2><p>Within <strong>30 days</strong>.</p>' +
    '<ul><li>Unworn</li></ul><script>alert(1)</script></div></div></div>',
);

// The product page's structured data: offers per variant, at the top or in an @graph.
const offers = [
  {
    '@type': 'Offer',
    availability: 'http://schema.org/InStock',
    url: '/products/arena-hoodie?variant=11',
    sku: 'AH-S',
  },
  {
    '@type': 'Offer',
    availability: 'https://schema.org/OutOfStock',
    url: '/products/arena-hoodie?variant=12',
    sku: 'AH-M',
  },
];
const productData = [
  { '@context': 'http://schema.org/', '@type': 'Product', name: 'Arena Hoodie', offers },
  { '@context': 'https://schema.org', '@graph': [{ '@type': 'Product', offers: offers[0] }] },
];
const productPage = (data: string): string =>
  page(
    '<h1>Arena Hoodie</h1>',
    `<meta property="og:price:currency" content="eur"><script type="application/ld+json">${data}</script>`,
  );

const searchHitsSchema: z.ZodType<SearchHit[]> = z.array(
  z.object({
    handle: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    title: z.string().min(1),
    image: z
      .object({
        src: z.url({ protocol: /^https?$/ }),
        alt: z.string(),
        width: z.number().int().positive().nullable(),
        height: z.number().int().positive().nullable(),
      })
      .nullable(),
  }),
);
const policySchema: z.ZodType<PolicyPage> = z.object({
  title: z.string().min(1).nullable(),
  body: merchantTextSchema,
});
const productSchema = z.object({
  availability: z.map(z.string().min(1), z.boolean()),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable(),
});

describe('storefront pages, fuzzed', () => {
  fuzzParser({
    name: 'storefront search page',
    inputs: textInputs([searchPage], HTML_TOKENS),
    parse: (html: string) => ({ ok: true, value: readSearchResults(html, BASE) }),
    outputProblem: (hits) => schemaProblem(searchHitsSchema, hits),
  });

  fuzzParser({
    name: 'storefront policy page',
    inputs: textInputs([policyPage], HTML_TOKENS),
    parse: (html: string) => ({ ok: true, value: readPolicyPage(html, BASE) }),
    outputProblem: (policy) => schemaProblem(policySchema, policy),
  });

  fuzzParser({
    name: 'storefront product page',
    // The page cut about, or a sound page whose structured data is fuzzed (written without recursion, so
    // it may nest as deep as JSON.parse reads).
    inputs: fc.oneof(
      textInputs(
        productData.map((data) => productPage(JSON.stringify(data))),
        HTML_TOKENS,
      ),
      jsonInputs(productData).map((data) => productPage(jsonText(data))),
    ),
    parse: (html: string) => ({ ok: true, value: readProductPage(html) }),
    outputProblem: (product) => schemaProblem(productSchema, product),
  });
});
