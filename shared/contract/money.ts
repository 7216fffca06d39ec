import { clipped, quoted } from './quoted';

/**
 * Money from the store, in each of the shapes it comes in, never mixed up: the commerce protocol sends
 * integer minor units (`{ amount: 1250, currency: 'USD' }`), catalog JSON sends decimal strings ("12.50"),
 * and tools also send a decimal string with `currency_code`. Everything becomes integer minor units.
 */
export interface Money {
  /** Integer minor units (cents for USD, yen for JPY); negative for discounts. */
  minor: number;
  /** ISO 4217, upper case. */
  currency: string;
}

export type MoneyParse = { ok: true; money: Money } | { ok: false; reason: string };

const CURRENCY = /^[A-Za-z]{3}$/;
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Digits after the decimal point for a currency (2 for USD, 0 for JPY, 3 for KWD). */
export function currencyExponent(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

function readCurrency(value: unknown): string | null {
  return typeof value === 'string' && CURRENCY.test(value.trim()) ? value.trim().toUpperCase() : null;
}

/** The protocol's shape: an integer number of minor units. */
export function moneyFromMinorUnits(amount: unknown, currency: unknown): MoneyParse {
  const code = readCurrency(currency);
  if (code === null) return { ok: false, reason: `not a currency code: ${quoted(currency)}` };
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    return { ok: false, reason: `minor units must be a whole number, got ${quoted(amount)}` };
  }
  return { ok: true, money: { minor: amount, currency: code } };
}

/** The catalog's shape: a decimal string ("12.50", "12.5", "12"), read exactly (no floating point). */
export function moneyFromDecimal(amount: unknown, currency: unknown): MoneyParse {
  const code = readCurrency(currency);
  if (code === null) return { ok: false, reason: `not a currency code: ${quoted(currency)}` };
  const text = typeof amount === 'number' && Number.isFinite(amount) ? String(amount) : amount;
  const match = typeof text === 'string' ? DECIMAL.exec(text.trim()) : null;
  if (!match) return { ok: false, reason: `not a decimal price: ${quoted(amount)}` };
  const [, sign, whole = '0', fraction = ''] = match;
  const exponent = currencyExponent(code);
  const extra = fraction.slice(exponent);
  if (/[1-9]/.test(extra)) {
    return { ok: false, reason: `${clipped(String(text), 40)} has more decimals than ${code} allows` };
  }
  const minor = Number(whole + fraction.slice(0, exponent).padEnd(exponent, '0'));
  if (!Number.isSafeInteger(minor))
    return { ok: false, reason: `price out of range: ${clipped(String(text), 40)}` };
  return { ok: true, money: { minor: sign ? -minor : minor, currency: code } };
}

/**
 * An amount object as tools send it: a string amount is a decimal price, an integer amount is minor
 * units. The currency is `currency`, `currency_code` or `currencyCode`, else the fallback.
 */
export function moneyFromAmountObject(value: unknown, fallbackCurrency?: string): MoneyParse {
  if (typeof value !== 'object' || value === null) {
    return { ok: false, reason: `not an amount: ${quoted(value)}` };
  }
  const record = value as Record<string, unknown>;
  const currency = record.currency ?? record.currency_code ?? record.currencyCode ?? fallbackCurrency;
  const amount = record.amount;
  return typeof amount === 'string'
    ? moneyFromDecimal(amount, currency)
    : moneyFromMinorUnits(amount, currency);
}

/** For the buyer: the amount in their locale's currency format. */
const PLAIN_LOCALE = /^[a-z]{2,3}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/;

/**
 * The locale money is written in: `tag` when it is a plain language(-script)(-region) tag this system
 * formats, else en-US. The page and the payment confirmation outside it both go through this, so the total
 * reads the same in both; Unicode extensions (other digits, numbering systems) are not taken.
 */
export function moneyLocale(tag: string | undefined): string {
  if (!tag || !PLAIN_LOCALE.test(tag)) return 'en-US';
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag]).length > 0 ? tag : 'en-US';
  } catch {
    return 'en-US';
  }
}

/** `locale`: what moneyLocale made of the reader's locale, so the page and the confirmation outside it agree. */
export function formatMoney(money: Money, locale: string): string {
  const exponent = currencyExponent(money.currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }).format(
    money.minor / 10 ** exponent,
  );
}

/** Sums amounts of one currency; mixing currencies is a mistake the caller must see. */
export function sumMoney(amounts: readonly Money[], currency: string): Money {
  let minor = 0;
  for (const amount of amounts) {
    if (amount.currency !== currency) throw new Error(`cannot add ${amount.currency} to ${currency}`);
    minor += amount.minor;
  }
  return { minor, currency };
}
