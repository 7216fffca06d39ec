import type { StoreRateNotice } from '@shared/contract/storeCatalog';
import { describeFailure, type HttpClient } from '../../../platform/net/httpClient';
import type { HttpOutcome } from '../../../platform/net/httpExchange';
import { headerText, retryAfterMs } from '../../../platform/net/httpHeaders';
import type { Scheduler } from '../../../platform/polling/poller';

/**
 * GETs storefront pages and JSON politely: on 429 or 503 it waits as long as Retry-After says (or backs off
 * 1 s, 2 s, 4 s… when it says nothing), holds every later request to the same store until then, and tells
 * the caller it waited. Redirects are followed only within the store's own origin.
 */
export type StorefrontFailure =
  | { kind: 'not-found'; url: string }
  | { kind: 'rate-limited'; status: number; retryAfterMs: number }
  | { kind: 'redirected-away'; location: string }
  | { kind: 'unavailable'; detail: string }
  | { kind: 'malformed'; detail: string };

export type StorefrontResult<T> =
  | { ok: true; value: T; url: string; contentType: string | null; notice: StoreRateNotice | null }
  | { ok: false; failure: StorefrontFailure; notice: StoreRateNotice | null };

export interface StorefrontFetcher {
  getText(url: URL): Promise<StorefrontResult<string>>;
  getJson(url: URL): Promise<StorefrontResult<unknown>>;
  getBytes(url: URL): Promise<StorefrontResult<Buffer>>;
}

export interface StorefrontFetcherOptions {
  http: HttpClient;
  scheduler: Scheduler;
  /** The longest Sightline waits, in total, for one page before it gives up and says when to retry. */
  maxWaitMs?: number;
  /** Attempts per page, the first included. */
  maxAttempts?: number;
  timeoutMs?: number;
}

const ACCEPT = {
  json: 'application/json',
  text: 'text/html,text/plain,application/xml;q=0.9,*/*;q=0.8',
  bytes: 'image/avif,image/webp,image/png,image/jpeg,image/gif,image/svg+xml,*/*;q=0.5',
};
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;

export function createStorefrontFetcher(options: StorefrontFetcherOptions): StorefrontFetcher {
  const { http, scheduler, maxWaitMs = 12_000, maxAttempts = 4, timeoutMs = 10_000 } = options;
  /** Per store origin: no request before `until`; `streak` refusals in a row without a named wait. */
  const holds = new Map<string, { until: number; streak: number }>();
  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => void scheduler.setTimeout(resolve, ms));

  const get = async (
    start: URL,
    responseType: 'json' | 'text' | 'bytes',
  ): Promise<StorefrontResult<unknown>> => {
    let url = start;
    let waitedMs = 0;
    let notice: StoreRateNotice | null = null;
    let attempts = 0;
    let redirects = 0;
    const noted = (): StoreRateNotice | null => (notice ? { ...notice, waitedMs } : null);

    for (;;) {
      const hold = holds.get(url.origin);
      const gate = hold ? hold.until - scheduler.now() : 0;
      if (gate > 0) {
        if (waitedMs + gate > maxWaitMs) {
          return {
            ok: false,
            failure: { kind: 'rate-limited', status: notice?.status ?? 429, retryAfterMs: gate },
            notice: noted(),
          };
        }
        await sleep(gate);
        waitedMs += gate;
      }

      attempts += 1;
      const outcome: HttpOutcome = await http.send({
        url: url.href,
        responseType,
        headers: { accept: ACCEPT[responseType] },
        timeoutMs,
      });
      if (outcome.kind === 'ok') {
        if (hold) hold.streak = 0;
        const contentType = headerText(outcome.headers, 'content-type') ?? null;
        return { ok: true, value: outcome.body, url: url.href, contentType, notice: noted() };
      }
      if (outcome.kind !== 'http-error') {
        return {
          ok: false,
          failure: { kind: 'unavailable', detail: describeFailure(outcome) },
          notice: noted(),
        };
      }

      if (outcome.status === 429 || outcome.status === 503) {
        const named = retryAfterMs(outcome.headers, scheduler.now());
        const streak = holds.get(url.origin)?.streak ?? 0;
        const delay =
          named !== null
            ? Math.min(named, 24 * 60 * 60 * 1000)
            : Math.min(FIRST_BACKOFF_MS * 2 ** streak, MAX_BACKOFF_MS);
        holds.set(url.origin, {
          until: scheduler.now() + delay,
          streak: named !== null ? streak : streak + 1,
        });
        notice = { status: outcome.status, waitedMs, source: named !== null ? 'retry-after' : 'backoff' };
        if (attempts >= maxAttempts || waitedMs + delay > maxWaitMs) {
          return {
            ok: false,
            failure: { kind: 'rate-limited', status: outcome.status, retryAfterMs: delay },
            notice: noted(),
          };
        }
        continue;
      }

      if (REDIRECTS.has(outcome.status)) {
        const location = headerText(outcome.headers, 'location') ?? '';
        const next = URL.canParse(location, url.href) ? new URL(location, url) : null;
        // A store that sends us elsewhere (a login wall, another shop) is not followed.
        if (next === null || next.origin !== start.origin) {
          return { ok: false, failure: { kind: 'redirected-away', location }, notice: noted() };
        }
        redirects += 1;
        if (redirects > MAX_REDIRECTS) {
          return {
            ok: false,
            failure: { kind: 'unavailable', detail: 'too many redirects' },
            notice: noted(),
          };
        }
        url = next;
        continue;
      }

      if (outcome.status === 404 || outcome.status === 410) {
        return { ok: false, failure: { kind: 'not-found', url: url.href }, notice: noted() };
      }
      return {
        ok: false,
        failure: { kind: 'unavailable', detail: `HTTP ${outcome.status}` },
        notice: noted(),
      };
    }
  };

  return {
    getText: async (url) => {
      const result = await get(url, 'text');
      if (!result.ok) return result;
      return typeof result.value === 'string'
        ? { ...result, value: result.value }
        : {
            ok: false,
            failure: { kind: 'malformed', detail: 'the page is not text' },
            notice: result.notice,
          };
    },
    getJson: (url) => get(url, 'json'),
    getBytes: async (url) => {
      const result = await get(url, 'bytes');
      if (!result.ok) return result;
      return Buffer.isBuffer(result.value)
        ? { ...result, value: result.value }
        : { ok: false, failure: { kind: 'malformed', detail: 'no bytes' }, notice: result.notice };
    },
  };
}

/** A sentence for the buyer. */
export function describeStorefrontFailure(failure: StorefrontFailure): string {
  switch (failure.kind) {
    case 'not-found':
      return 'The store has no such page.';
    case 'rate-limited': {
      const seconds = Math.max(1, Math.ceil(failure.retryAfterMs / 1000));
      return `The store asked Sightline to wait (HTTP ${failure.status}). Try again in ${seconds} s.`;
    }
    case 'redirected-away':
      return `The store redirected to another site (${safeOrigin(failure.location)}); Sightline does not follow that.`;
    case 'unavailable':
      return `The store did not answer: ${failure.detail}.`;
    case 'malformed':
      return `The store sent something Sightline cannot read: ${failure.detail}.`;
  }
}

function safeOrigin(location: string): string {
  return URL.canParse(location) ? new URL(location).origin : 'an unreadable address';
}
