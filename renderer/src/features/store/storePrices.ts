import { formatMoney, moneyLocale, type Money } from '@shared/store/money';

/** "$65.00", or "$12.50 – $35.00" for a range; "Price not given" when the store sent none. */
export function priceRangeText(min: Money | null, max: Money | null, locale?: string): string {
  if (min === null) return 'Price not given';
  const low = formatMoney(min, locale);
  if (max === null || max.currency !== min.currency || max.minor === min.minor) return low;
  return `${low} – ${formatMoney(max, locale)}`;
}

export function availabilityText(available: boolean | null): string {
  if (available === null) return 'Availability unknown';
  return available ? 'In stock' : 'Sold out';
}

/**
 * The buyer's locale for prices: the browser's (as the payment confirmation outside the page also takes it),
 * falling back to en-US.
 */
export function buyerLocale(): string {
  return moneyLocale(typeof navigator !== 'undefined' ? navigator.language : undefined);
}
