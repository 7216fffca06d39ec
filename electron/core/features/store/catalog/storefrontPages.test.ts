import { describe, expect, it } from 'vitest';
import { readProductPage } from './storefrontPages';

const productPage = (data: string): string =>
  `<html><head><script type="application/ld+json">${data}</script></head><body></body></html>`;

describe('the product page reader', () => {
  it('reads availability from offers at the top and inside @graph', () => {
    const page = readProductPage(
      productPage(
        JSON.stringify({
          '@graph': [
            {
              offers: [
                { availability: 'http://schema.org/InStock', url: '/products/a?variant=11', sku: 'A-S' },
              ],
            },
          ],
          offers: { availability: 'https://schema.org/OutOfStock', url: '/products/a?variant=12' },
        }),
      ),
    );
    expect([...page.availability]).toEqual([
      ['11', true],
      ['sku:A-S', true],
      ['12', false],
    ]);
  });

  // Found by the fuzz (storefrontPages.fuzz.test.ts): the reader recursed once per @graph level.
  it('reads @graph nested deeper than the call stack goes', () => {
    const depth = 20_000;
    const offer = '{"offers":{"availability":"InStock","sku":"deep"}}';
    const data = `${'{"@graph":['.repeat(depth)}${offer}${']}'.repeat(depth)}`;
    expect(readProductPage(productPage(data)).availability).toEqual(new Map([['sku:deep', true]]));
  });
});
