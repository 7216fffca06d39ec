import type { IncomingHttpHeaders } from 'node:http';

/** One header as text: a repeated header joined with commas, as HTTP reads it; undefined when absent. */
export function headerText(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * How long a response's `Retry-After` asks the client to wait, in ms: the header in seconds or as an HTTP
 * date (a date already past means no wait); null when absent or unreadable, so the caller backs off its own way.
 */
export function retryAfterMs(headers: IncomingHttpHeaders, now: number): number | null {
  const text = headerText(headers, 'retry-after')?.trim();
  if (!text) return null;
  // Kept finite however many digits: a wait of "forever" is still a number the callers can compare.
  if (/^\d+(\.\d+)?$/.test(text)) return Math.min(Number.MAX_SAFE_INTEGER, Math.round(Number(text) * 1000));
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
