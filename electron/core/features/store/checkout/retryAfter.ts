import type { IncomingHttpHeaders } from 'node:http';
import { retryAfterMs } from '../../../platform/net/httpHeaders';

/**
 * How long a rate-limited store asked us to wait, in seconds: the `Retry-After` header (seconds or an
 * HTTP date) or the JSON-RPC `error.data.retry_after`; null when it named no wait.
 */
export function readRetryAfterSeconds(
  headers: IncomingHttpHeaders,
  body: unknown,
  now: number,
): number | null {
  const fromBody = retryAfterInBody(body);
  if (fromBody !== null) return fromBody;
  const ms = retryAfterMs(headers, now);
  return ms === null ? null : ms / 1000;
}

function retryAfterInBody(body: unknown): number | null {
  if (typeof body !== 'object' || body === null) return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return null;
  const value = (data as { retry_after?: unknown }).retry_after;
  const seconds = typeof value === 'string' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/** The wait when the store named none: 1 s, 2 s, 4 s… */
export function backoffSeconds(attempt: number): number {
  return 2 ** Math.max(0, attempt - 1);
}
