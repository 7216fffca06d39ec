import type { StoreCheckoutView } from '@shared/contract';
import { formatMoney, moneyLocale } from '@shared/contract/money';
import { TOTAL_TO_PAY_LABEL, totalRows, totalToPay } from '@shared/store/storeTotals';

/**
 * What the person at this machine is asked to confirm, outside any page: the desktop app's dialog and the
 * terminal line `sightline serve` prints both show it. Store text is plain and one line each (see `oneLine`).
 */
export interface PaymentSummary {
  /** Who is paid: the store's host from the buyer's own settings, not a name the store gives itself. */
  merchant: string;
  lines: Array<{ title: string; quantity: number; amount: string | null }>;
  /** Every total the store lists (subtotal, shipping, tax…), formatted with its currency; the grand total last, labelled "Total to pay". */
  totals: Array<{ label: string; amount: string }>;
  /** What "Pay" charges: the same figure the page shows as "Total to pay" ('' when the store sent none). */
  total: string;
  /** The store's words for the payment method ("Visa •••• 4242"), or null. */
  paymentMethod: string | null;
}

/** Desktop: Sightline's own dialog; true only when the person clicked "Pay" in it. */
export type ConfirmPayment = (summary: PaymentSummary) => Promise<boolean>;

/** Browser mode: shows a "Pay" click's one-time code where only the person at this machine sees it. */
export type ShowPaymentCode = (code: string, summary: PaymentSummary) => void;

const MAX_TEXT = 100;

/**
 * Store text as one short plain line: no control characters (a terminal would run escape sequences, a
 * dialog would show extra lines the store chose), no invisible format characters (a right-to-left override
 * would make "$5" read otherwise), no runs of spaces, at most 100 characters.
 */
export function oneLine(text: string): string {
  const flat = text
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim();
  return flat.length > MAX_TEXT ? `${flat.slice(0, MAX_TEXT - 1)}…` : flat;
}

/** `pageLocale`: the page's language, so money reads exactly as on the page (see `moneyLocale`). */
export function paymentSummaryOf(
  checkout: StoreCheckoutView,
  storeUrl: string,
  pageLocale?: string,
): PaymentSummary {
  const locale = moneyLocale(pageLocale);
  const grand = totalToPay(checkout.totals);
  // The page's rows exactly: receipt order, discounts as reductions, the grand total last as "Total to pay".
  const totals = totalRows(checkout.totals, locale, TOTAL_TO_PAY_LABEL).map((row) => ({
    label: oneLine(row.label),
    amount: row.text,
  }));
  return {
    merchant: URL.canParse(storeUrl) ? new URL(storeUrl).host : oneLine(storeUrl),
    lines: checkout.lineItems.map((line) => ({
      title: oneLine(line.title),
      quantity: line.quantity,
      amount: line.total ? formatMoney(line.total, locale) : null,
    })),
    totals,
    total: grand ? formatMoney(grand.amount, locale) : '',
    paymentMethod: checkout.payment ? oneLine(checkout.payment.description) : null,
  };
}
