import { describe, expect, it } from 'vitest';
import type { StoreCart, StoreLineItem, StoreSearchProduct } from '@shared/contract';
import { createStoreProductPages, storeFinishPage } from './storeFinishPage';

const STORE = 'https://merch.example';

function line(itemId: string, quantity: number): StoreLineItem {
  return {
    id: `line-${itemId}`,
    itemId,
    title: 'Item',
    quantity,
    unitPrice: null,
    imageUrl: null,
    total: null,
  };
}

function cart(lines: StoreLineItem[], continueUrl: string | null = null): StoreCart {
  return {
    id: 'cart-1',
    currency: 'USD',
    lineItems: lines,
    totals: [],
    messages: [],
    links: [],
    continueUrl,
  };
}

function product(handle: string | null, url: string | null, variantIds: string[]): StoreSearchProduct {
  return {
    id: `product-${handle ?? 'x'}`,
    title: 'Product',
    handle,
    url,
    description: '',
    imageUrl: null,
    priceMin: null,
    priceMax: null,
    variants: variantIds.map((id) => ({
      id,
      title: 'Default',
      price: { minor: 100, currency: 'USD' },
      available: true,
    })),
  };
}

describe('where a buyer finishes at the store', () => {
  it('takes the store’s continue_url first', () => {
    const pages = createStoreProductPages();
    const page = storeFinishPage({
      storeUrl: STORE,
      checkout: null,
      cart: cart([line('gid://shopify/ProductVariant/11', 1)], 'https://merch.example/cart/c/abc'),
      pages,
    });
    expect(page).toMatchObject({ url: 'https://merch.example/cart/c/abc', kind: 'continue' });
  });

  it('puts Shopify variants in the store’s cart with their quantities', () => {
    const page = storeFinishPage({
      storeUrl: STORE,
      checkout: null,
      cart: cart([line('gid://shopify/ProductVariant/4510000011', 2), line('4510000041', 1)]),
      pages: createStoreProductPages(),
    });
    expect(page).toMatchObject({
      url: 'https://merch.example/cart/4510000011:2,4510000041:1',
      kind: 'cart',
      message: expect.stringContaining('cart opens with these items'),
    });
  });

  it('opens an item’s page from its search hit when the ids are not Shopify’s, else the store', () => {
    const pages = createStoreProductPages();
    pages.remember(STORE, [
      product('trail-map', null, ['gid://mock/ProductVariant/var_1']),
      product(null, 'https://merch.example/p/poster', ['gid://mock/ProductVariant/var_2']),
    ]);
    const first = storeFinishPage({
      storeUrl: STORE,
      checkout: null,
      cart: cart([line('gid://mock/ProductVariant/var_1', 1)]),
      pages,
    });
    expect(first).toMatchObject({ url: 'https://merch.example/products/trail-map', kind: 'product' });
    const second = storeFinishPage({
      storeUrl: STORE,
      checkout: null,
      cart: cart([line('gid://mock/ProductVariant/other', 1), line('gid://mock/ProductVariant/var_2', 1)]),
      pages,
    });
    expect(second).toMatchObject({ url: 'https://merch.example/p/poster', kind: 'product' });
    // Another store's hits name no page here.
    const elsewhere = storeFinishPage({
      storeUrl: 'https://other.example',
      checkout: null,
      cart: cart([line('gid://mock/ProductVariant/var_1', 1)]),
      pages,
    });
    expect(elsewhere).toMatchObject({ url: 'https://other.example/', kind: 'storefront' });
  });
});
