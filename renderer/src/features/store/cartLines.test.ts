import { describe, expect, it } from 'vitest';
import type { StoreCart } from '@shared/contract';
import {
  cartChangeFor,
  cartLinesOf,
  itemCount,
  variantLabel,
  withAddedLine,
  withLineQuantity,
  withoutLine,
} from './cartLines';

const HOODIE = 'gid://shopify/ProductVariant/101';
const MUG = 'gid://shopify/ProductVariant/202';

function cart(lines: { itemId: string; quantity: number }[]): StoreCart {
  return {
    id: 'gid://shopify/Cart/1',
    currency: 'USD',
    lineItems: lines.map((line, index) => ({
      id: `li_${index}`,
      itemId: line.itemId,
      title: line.itemId,
      quantity: line.quantity,
      unitPrice: null,
      imageUrl: null,
      total: null,
    })),
    totals: [],
    messages: [],
    links: [],
    continueUrl: null,
  };
}

describe('cart lines', () => {
  it('reads the lines the store holds, by variant', () => {
    expect(cartLinesOf(cart([{ itemId: HOODIE, quantity: 2 }]))).toEqual([
      { variantId: HOODIE, quantity: 2 },
    ]);
    expect(cartLinesOf(null)).toEqual([]);
    expect(
      itemCount(
        cart([
          { itemId: HOODIE, quantity: 2 },
          { itemId: MUG, quantity: 3 },
        ]),
      ),
    ).toBe(5);
  });

  it('adds to the same variant rather than duplicating it, within the limit', () => {
    const one = withAddedLine([], HOODIE, 1);
    expect(one).toEqual([{ variantId: HOODIE, quantity: 1 }]);
    expect(withAddedLine(one, HOODIE, 2)).toEqual([{ variantId: HOODIE, quantity: 3 }]);
    expect(withAddedLine(one, MUG, 1)).toEqual([
      { variantId: HOODIE, quantity: 1 },
      { variantId: MUG, quantity: 1 },
    ]);
    expect(withAddedLine([{ variantId: HOODIE, quantity: 98 }], HOODIE, 5)).toEqual([
      { variantId: HOODIE, quantity: 99 },
    ]);
  });

  it('sets quantities and removes lines set to zero', () => {
    const lines = [
      { variantId: HOODIE, quantity: 1 },
      { variantId: MUG, quantity: 2 },
    ];
    expect(withLineQuantity(lines, MUG, 5)).toEqual([
      { variantId: HOODIE, quantity: 1 },
      { variantId: MUG, quantity: 5 },
    ]);
    expect(withLineQuantity(lines, MUG, 0)).toEqual([{ variantId: HOODIE, quantity: 1 }]);
    expect(withoutLine(lines, HOODIE)).toEqual([{ variantId: MUG, quantity: 2 }]);
  });

  it('creates a cart first, then replaces its lines, and forgets an emptied one', () => {
    const lines = [{ variantId: HOODIE, quantity: 1 }];
    expect(cartChangeFor(null, lines)).toEqual({ channel: 'store.checkout.createCart', lines });
    expect(cartChangeFor(cart([{ itemId: MUG, quantity: 1 }]), lines)).toEqual({
      channel: 'store.checkout.updateCart',
      lines,
    });
    expect(cartChangeFor(cart([{ itemId: MUG, quantity: 1 }]), [])).toEqual({
      channel: 'store.checkout.reset',
    });
  });
});

describe('variantLabel', () => {
  it('names the product and the chosen variant, never an ID', () => {
    expect(variantLabel('Hoodie', 'M', 3)).toBe('Hoodie — M');
    expect(variantLabel('Poro Plush', 'Default Title', 1)).toBe('Poro Plush');
    expect(variantLabel('Mug', 'Default', 2)).toBe('Mug');
    expect(variantLabel('Mug', '  ', 2)).toBe('Mug');
  });
});
