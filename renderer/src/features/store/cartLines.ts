import type { StoreCart, StoreCartLineInput } from '@shared/contract';

/** The most of one variant a cart line takes (the contract's limit). */
export const MAX_LINE_QUANTITY = 99;

export type CartLine = Required<StoreCartLineInput>;

/**
 * The request that turns the current cart into `lines`: the protocol's update is a full replacement and
 * needs at least one line, so an emptied cart is forgotten instead.
 */
export type CartChange =
  | { channel: 'store.checkout.createCart'; lines: CartLine[] }
  | { channel: 'store.checkout.updateCart'; lines: CartLine[] }
  | { channel: 'store.checkout.reset' };

export function cartLinesOf(cart: Pick<StoreCart, 'lineItems'> | null): CartLine[] {
  return (cart?.lineItems ?? []).map((line) => ({ variantId: line.itemId, quantity: line.quantity }));
}

function clamp(quantity: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(0, Math.trunc(quantity)));
}

/** Adds to the variant's line (same variant, more of it) or appends a new line. */
export function withAddedLine(lines: readonly CartLine[], variantId: string, quantity: number): CartLine[] {
  const existing = lines.find((line) => line.variantId === variantId);
  if (!existing) return [...lines, { variantId, quantity: Math.max(1, clamp(quantity)) }];
  return lines.map((line) =>
    line === existing ? { variantId, quantity: Math.max(1, clamp(line.quantity + quantity)) } : line,
  );
}

/** Sets a line's quantity; zero or less removes the line. */
export function withLineQuantity(
  lines: readonly CartLine[],
  variantId: string,
  quantity: number,
): CartLine[] {
  const next = clamp(quantity);
  return lines.flatMap((line) =>
    line.variantId !== variantId ? [line] : next === 0 ? [] : [{ variantId, quantity: next }],
  );
}

export function withoutLine(lines: readonly CartLine[], variantId: string): CartLine[] {
  return lines.filter((line) => line.variantId !== variantId);
}

export function cartChangeFor(cart: StoreCart | null, lines: CartLine[]): CartChange {
  if (lines.length === 0) return { channel: 'store.checkout.reset' };
  return cart
    ? { channel: 'store.checkout.updateCart', lines }
    : { channel: 'store.checkout.createCart', lines };
}

export function itemCount(cart: Pick<StoreCart, 'lineItems'> | null): number {
  return (cart?.lineItems ?? []).reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * What the buyer is about to add, in words: "Hoodie — M"; just the product's title when it has a single
 * variant or the store calls the variant "Default Title" (never the variant's ID).
 */
export function variantLabel(productTitle: string, variantTitle: string, variantCount: number): string {
  const variant = variantTitle.trim();
  if (variantCount <= 1 || variant === '' || /^default( title)?$/i.test(variant)) return productTitle;
  return `${productTitle} — ${variant}`;
}
