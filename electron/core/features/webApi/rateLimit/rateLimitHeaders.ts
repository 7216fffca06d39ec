import type { IncomingHttpHeaders } from 'node:http';
import { headerText, retryAfterMs } from '../../../platform/net/httpHeaders';

/** One window of a limit: at most `limit` requests per `windowMs`. */
export interface RateLimitWindow {
  limit: number;
  windowMs: number;
}

export type RateLimitType = 'application' | 'method' | 'service';

/** What a response says about the limits (reference §1.6). Absent headers are null. */
export interface RateLimitHeaders {
  appLimits: RateLimitWindow[] | null;
  /** Calls counted so far, by window length in ms. */
  appCounts: Map<number, number> | null;
  methodLimits: RateLimitWindow[] | null;
  methodCounts: Map<number, number> | null;
  /** Only on 429s enforced by the edge. */
  type: RateLimitType | null;
  retryAfterMs: number | null;
}

/** "20:1,100:120" → windows; null when absent or malformed (then the old limits stay). */
export function parseLimitList(text: string | undefined): RateLimitWindow[] | null {
  const pairs = parsePairs(text);
  if (!pairs) return null;
  const windows = pairs.map(([limit, seconds]) => ({ limit, windowMs: seconds * 1000 }));
  return windows.every((window) => window.limit > 0 && window.windowMs > 0) ? windows : null;
}

/** "1:1,1:120" → counts by window length. */
export function parseCountList(text: string | undefined): Map<number, number> | null {
  const pairs = parsePairs(text);
  return pairs ? new Map(pairs.map(([count, seconds]) => [seconds * 1000, count])) : null;
}

function parsePairs(text: string | undefined): Array<[number, number]> | null {
  if (!text || text.trim() === '') return null;
  const pairs: Array<[number, number]> = [];
  for (const part of text.split(',')) {
    const match = /^\s*(\d+):(\d+)\s*$/.exec(part);
    if (!match) return null;
    const value = Number(match[1]);
    const seconds = Number(match[2]);
    // Digits past what a number holds exactly (a window of 1e400 s) are not a limit anyone enforces.
    if (!Number.isSafeInteger(value) || !Number.isSafeInteger(seconds * 1000)) return null;
    pairs.push([value, seconds]);
  }
  return pairs;
}

export function readRateLimitHeaders(headers: IncomingHttpHeaders, now: number): RateLimitHeaders {
  const type = headerText(headers, 'x-rate-limit-type')?.trim().toLowerCase();
  return {
    appLimits: parseLimitList(headerText(headers, 'x-app-rate-limit')),
    appCounts: parseCountList(headerText(headers, 'x-app-rate-limit-count')),
    methodLimits: parseLimitList(headerText(headers, 'x-method-rate-limit')),
    methodCounts: parseCountList(headerText(headers, 'x-method-rate-limit-count')),
    type: type === 'application' || type === 'method' || type === 'service' ? type : null,
    retryAfterMs: retryAfterMs(headers, now),
  };
}

export function sameLimits(a: readonly RateLimitWindow[], b: readonly RateLimitWindow[]): boolean {
  return (
    a.length === b.length &&
    a.every((window, index) => {
      const other = b[index];
      return other !== undefined && other.limit === window.limit && other.windowMs === window.windowMs;
    })
  );
}

export function formatLimits(windows: readonly RateLimitWindow[]): string {
  return windows.map((window) => `${window.limit}:${window.windowMs / 1000}`).join(',');
}
