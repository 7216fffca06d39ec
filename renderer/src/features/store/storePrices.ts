import { formatMoney, moneyLocale, type Money } from '@shared/contract/money';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';

/** "$65.00", or "$12.50 – $35.00" for a range; "Price not given" when the store sent none. */
export function priceRangeText(min: Money | null, max: Money | null, locale: string): string {
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
 * The buyer's locale for prices: the reader's (displayLocale), which the page also sends the core for the
 * payment confirmation outside it, limited to what moneyLocale takes so both read the same.
 */
export function useBuyerLocale(): string {
  return moneyLocale(useDisplayLocale());
}
