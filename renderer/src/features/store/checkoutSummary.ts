import type { StoreAddress, StoreCheckoutView, StoreRateLimitNotice } from '@shared/contract';
import { formatMoney, type Money } from '@shared/contract/money';

/** A postal address as the lines of an envelope, empty parts left out. */
export function addressLines(address: StoreAddress): string[] {
  const name = [address.firstName, address.lastName].filter(Boolean).join(' ');
  const town = [address.locality, address.region, address.postalCode].filter(Boolean).join(', ');
  return [name, address.streetAddress, address.extendedAddress, town, address.country].filter(Boolean);
}

export interface ShippingChoice {
  title: string;
  /** "$5.00", "Free", or null when the store gave no price. */
  price: string | null;
}

/** The shipping option(s) the checkout has selected, one per fulfillment group. */
export function selectedShipping(
  checkout: Pick<StoreCheckoutView, 'fulfillment'>,
  locale: string,
): ShippingChoice[] {
  return (checkout.fulfillment?.groups ?? []).flatMap((group) => {
    const option = group.options.find((candidate) => candidate.id === group.selectedOptionId);
    if (!option) return [];
    const title = [option.title, option.carrier].filter(Boolean).join(' · ');
    return [{ title, price: optionPriceText(option.total, locale) }];
  });
}

/** A shipping option's price: "$5.00", "Free", or null when the store gave none. */
export function optionPriceText(total: Money | null, locale: string): string | null {
  if (!total) return null;
  return total.minor === 0 ? 'Free' : formatMoney(total, locale);
}

/** "The store asked Sightline to wait 2 s before retrying create checkout (retry 1)." */
export function rateLimitText(notice: StoreRateLimitNotice, now: number): string {
  const left = Math.max(0, Math.ceil((notice.resumesAt - now) / 1000));
  const what = notice.tool.replaceAll('_', ' ');
  const asked = Math.max(1, Math.round(notice.retryAfterSeconds));
  return (
    `The store asked Sightline to wait ${asked} s before retrying ${what} (retry ${notice.attempt}). ` +
    (left > 0 ? `Retrying in ${left} s…` : 'Retrying now…')
  );
}
