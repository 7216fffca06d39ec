/**
 * Dates and times as the reader's locale writes them (`displayLocale`); one formatter per locale and style,
 * since long tables write hundreds.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

/** A day and a time to the minute: "Nov 28, 2026, 9:14 AM" in en-US, "28.11.2026, 09:14" in de-DE. */
export function formatDateTime(epochMs: number, locale: string): string {
  return formatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(epochMs);
}

/** A time of day to the second: "9:14:05 AM" in en-US, "09:14:05" in de-DE. */
export function formatClockTime(epochMs: number, locale: string): string {
  return formatter(locale, { timeStyle: 'medium' }).format(epochMs);
}
