/** A number with exactly `digits` decimals as the reader's locale writes it: "1,234.5" in en-US, "1.234,5" in de-DE. */
export function formatDecimal(value: number, locale: string, digits: number): string {
  return value.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A whole number with the locale's grouping: "12,345" in en-US, "12.345" in de-DE. */
export function formatWhole(value: number, locale: string): string {
  return Math.round(value).toLocaleString(locale);
}
