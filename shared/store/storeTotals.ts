import type { StoreSeenTotal, StoreTotal } from '../contract/storeCheckout';
import { formatMoney, type Money } from '../contract/money';

/** How the one figure the buyer pays is labelled, on the page and in the confirmation outside it. */
export const TOTAL_TO_PAY_LABEL = 'Total to pay';

/**
 * The one figure "Pay" charges: the store's `total` entry, or null when it sent none (then nothing can be
 * paid). The page, the desktop dialog and the terminal's payment code all show this one.
 */
export function totalToPay(totals: readonly StoreTotal[]): StoreTotal | null {
  return totals.find((total) => total.type === 'total') ?? null;
}

export type TotalKind = 'subtotal' | 'discount' | 'shipping' | 'tax' | 'fee' | 'total' | 'other';

export interface TotalRow {
  type: string;
  kind: TotalKind;
  label: string;
  /** Formatted in the checkout's currency; discounts always read as a reduction ("−$5.00"). */
  text: string;
}

const KIND_OF: Record<string, TotalKind> = {
  subtotal: 'subtotal',
  items_discount: 'discount',
  discount: 'discount',
  fulfillment: 'shipping',
  shipping: 'shipping',
  tax: 'tax',
  fee: 'fee',
  total: 'total',
};

// The order a receipt reads in; the grand total always comes last.
const KIND_ORDER: TotalKind[] = ['subtotal', 'discount', 'shipping', 'tax', 'fee', 'other', 'total'];

export function totalKind(type: string): TotalKind {
  return KIND_OF[type] ?? 'other';
}

/** Stores send discounts either signed or as a positive amount to take off; both mean a reduction. */
function shownAmount(total: StoreTotal): Money {
  return totalKind(total.type) === 'discount'
    ? { minor: -Math.abs(total.amount.minor), currency: total.amount.currency }
    : total.amount;
}

/**
 * The checkout's totals as receipt rows: subtotal, discounts, shipping, tax, fees, others, total. With
 * `totalLabel`, the grand total is labelled so (the pay screen's "Total to pay") instead of the store's word.
 */
export function totalRows(totals: readonly StoreTotal[], locale: string, totalLabel?: string): TotalRow[] {
  return totals
    .map((total, index) => ({ total, index, kind: totalKind(total.type) }))
    .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.index - b.index)
    .map(({ total, kind }) => ({
      type: total.type,
      kind,
      label: kind === 'total' && totalLabel ? totalLabel : total.label,
      text: formatMoney(shownAmount(total), locale),
    }));
}

export interface TotalsCheck {
  addsUp: boolean;
  /** What the parts add up to, when they do not match the total. */
  expected: Money | null;
}

/**
 * Whether subtotal − discounts + shipping + tax + fees equals the total. Taxes included in prices make
 * honest stores differ too, so a mismatch is shown to the buyer, not treated as an error.
 */
export function checkTotals(totals: readonly StoreTotal[]): TotalsCheck {
  const total = totals.find((entry) => entry.type === 'total');
  if (!total) return { addsUp: false, expected: null };
  let minor = 0;
  for (const entry of totals) {
    if (entry.type === 'total') continue;
    if (entry.amount.currency !== total.amount.currency) return { addsUp: false, expected: null };
    minor += shownAmount(entry).minor;
  }
  return minor === total.amount.minor
    ? { addsUp: true, expected: null }
    : { addsUp: false, expected: { minor, currency: total.amount.currency } };
}

export interface TotalChange {
  label: string;
  before: string | null;
  after: string | null;
}

/**
 * What changed between the totals the buyer approved and the store's current ones, for the "the totals
 * changed" notice; empty when nothing did.
 */
export function totalsChanges(
  seen: readonly StoreSeenTotal[],
  current: readonly StoreTotal[],
  locale: string,
): TotalChange[] {
  const types = [...new Set([...seen.map((total) => total.type), ...current.map((total) => total.type)])];
  return types.flatMap((type) => {
    const before = seen.find((total) => total.type === type);
    const after = current.find((total) => total.type === type);
    const same =
      before && after && before.minor === after.amount.minor && before.currency === after.amount.currency;
    if (same) return [];
    const shown = (money: Money | undefined) =>
      money
        ? formatMoney(
            totalKind(type) === 'discount' ? { ...money, minor: -Math.abs(money.minor) } : money,
            locale,
          )
        : null;
    return [
      {
        label: after?.label ?? type,
        before: shown(before ? { minor: before.minor, currency: before.currency } : undefined),
        after: shown(after?.amount),
      },
    ];
  });
}
