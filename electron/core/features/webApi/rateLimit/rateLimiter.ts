import type { IncomingHttpHeaders } from 'node:http';
import type { WebApiPause } from '@shared/contract';
import type { Scheduler } from '../../../platform/polling/poller';
import { RateBucket, type WindowMargin } from './rateBucket';
import type { RateLedger } from './rateLedger';
import { readRateLimitHeaders, type RateLimitWindow } from './rateLimitHeaders';

/** Where a request goes, for the buckets: the host's app limit and the method's limit there. */
export interface RateTarget {
  routing: string;
  /** The endpoint's ID ("match-v5.match"). */
  method: string;
  /** For people: "match lookups". */
  label: string;
  /** Sign-on calls carry a player's token, not the key: they do not count against the key's app limit. */
  bearer?: boolean;
}

/** What came back, so the buckets follow the server. Null status: no response (network error). */
export interface RateOutcome {
  status: number | null;
  headers: IncomingHttpHeaders | null;
  /** How long to pause the method after a 429 without X-Rate-Limit-Type (exponential backoff). */
  backoffMs: number;
  /**
   * When the answer's head came (scheduler time), if before the settle: the call's windows run from then, as
   * reading and parsing the body after it (slow on a busy machine) changes nothing at the server.
   */
  answeredAt?: number;
}

/** A granted send. Settle it exactly once with what came back. */
export interface Permit {
  settle(outcome: RateOutcome): void;
}

export interface RateLimiter {
  /** Waits until both buckets have room, then counts the request in both. Rejects when the signal aborts. */
  acquire(target: RateTarget, signal?: AbortSignal): Promise<Permit>;
  /** Pauses in force now (429s), for the UI. */
  pauses(): WebApiPause[];
  /** Called when the pauses change. */
  onChange(listener: () => void): () => void;
  /** Forgets every bucket (another key has other limits). */
  reset(): void;
  /** Every bucket as plain data (times on the scheduler's clock), for another process on the key. */
  ledger(): RateLedger;
  /** Counts on from another process's ledger, which holds this one's calls too: its buckets replace ours. */
  adopt(ledger: RateLedger): void;
}

export interface RateLimiterOptions {
  scheduler: Scheduler;
  /** App limits assumed before the first response: a development key's, the lowest there is. */
  appSeed?: RateLimitWindow[];
  /** A flat margin on every window instead of windowMarginFor's (tests that count exact milliseconds). */
  windowMarginMs?: number;
  /** Added to Retry-After. */
  retryAfterMarginMs?: number;
}

/**
 * The extra length counted on a window, so the server's window has ended when the next one's first call reaches it.
 * A window runs from a call's answer, which trails the server's count of that call, and the queue is woken by the
 * clock, not by its timer (a timer that fires early only waits again), so only the two clocks can disagree: ours
 * counts whole milliseconds (an answer noted at t came before t + 1), and two clocks' rates differ by up to
 * 200 ppm (two quartz clocks at their tolerance, each way). Paid at every window boundary: 1.2 ms on a 1 s window
 * (5 ms flat before), 25 ms on a development key's 2 minutes.
 */
export function windowMarginFor(windowMs: number): number {
  return CLOCK_STEP_MS + windowMs * CLOCK_RATE_DRIFT;
}

/** Our scheduler's clock step (Date.now). */
const CLOCK_STEP_MS = 1;

/** How far two clocks' rates may differ, as a share of the time they measure (200 ppm). */
const CLOCK_RATE_DRIFT = 0.0002;

/** A development key's limits (reference §1.6): no key has less. */
export const DEVELOPMENT_KEY_LIMITS: RateLimitWindow[] = [
  { limit: 20, windowMs: 1000 },
  { limit: 100, windowMs: 120_000 },
];

/** The longest a request waits for the limits: a server asking for more is not followed (nor spun on). */
export const MAX_RATE_LIMIT_WAIT_MS = 3_600_000;

/** The request would wait over MAX_RATE_LIMIT_WAIT_MS: for a 429's pause, or for a window to free up. */
export class RateLimitWaitTooLongError extends Error {
  constructor(
    readonly waitMs: number,
    readonly paused: boolean,
  ) {
    super(`a rate-limit wait of ${waitMs} ms`);
    this.name = 'RateLimitWaitTooLongError';
  }
}

export class RequestCancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'RequestCancelledError';
  }
}

interface Waiter {
  target: RateTarget;
  resolve(permit: Permit): void;
  reject(error: Error): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * The header-driven limiter every caller shares: app buckets per routing value, method buckets per
 * routing value and method. Waiters are served in order; one timer wakes the queue when the nearest
 * bucket frees up. On a 429, X-Rate-Limit-Type says which bucket pauses for Retry-After.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { scheduler } = options;
  const appSeed = options.appSeed ?? DEVELOPMENT_KEY_LIMITS;
  const flatMarginMs = options.windowMarginMs;
  const margin: WindowMargin = flatMarginMs === undefined ? windowMarginFor : () => flatMarginMs;
  const retryAfterMarginMs = options.retryAfterMarginMs ?? 250;
  let buckets = new Map<string, { bucket: RateBucket; target: RateTarget; app: boolean }>();
  const queue: Waiter[] = [];
  const listeners = new Set<() => void>();
  let timer: unknown = null;
  let pauseTimer: unknown = null;
  /** How many pauses listeners last heard of, so an end seen first by the queue is told at once. */
  let announcedPauses = 0;

  const appKey = (target: RateTarget) => `app|${target.bearer ? 'bearer|' : ''}${target.routing}`;
  const methodKey = (target: RateTarget) => `method|${target.routing}|${target.method}`;

  const bucketFor = (key: string, target: RateTarget, app: boolean): RateBucket => {
    let entry = buckets.get(key);
    if (!entry) {
      // Method limits are unknown until a response says: the probe (one request at a time) covers them.
      entry = { bucket: new RateBucket(app ? appSeed : [], margin), target, app };
      buckets.set(key, entry);
    }
    return entry.bucket;
  };
  const appBucket = (target: RateTarget) => bucketFor(appKey(target), target, true);
  const methodBucket = (target: RateTarget) => bucketFor(methodKey(target), target, false);

  const activePauseEnds = (now: number): number[] =>
    [...buckets.values()]
      .map((entry) => entry.bucket.activePause(now)?.until ?? Infinity)
      .filter(Number.isFinite);

  const pump = (): void => {
    if (timer !== null) scheduler.clearTimeout(timer);
    timer = null;
    const now = scheduler.now();
    // The queue's timer and the pause timer can run in either order: the first to see an end tells it.
    if (announcedPauses > 0 && activePauseEnds(now).length < announcedPauses) announcePauses();
    let nextWake = Infinity;
    // How many waiters each bucket still has, for a window's opener to know whether the rest fit (RateBucket.record).
    const queued = new Map<RateBucket, number>();
    const leaves = (waiter: Waiter): void => {
      for (const bucket of [appBucket(waiter.target), methodBucket(waiter.target)]) {
        queued.set(bucket, (queued.get(bucket) ?? 1) - 1);
      }
    };
    for (const waiter of queue) {
      for (const bucket of [appBucket(waiter.target), methodBucket(waiter.target)]) {
        queued.set(bucket, (queued.get(bucket) ?? 0) + 1);
      }
    }
    for (let index = 0; index < queue.length;) {
      const waiter = queue[index];
      if (!waiter) break;
      const app = appBucket(waiter.target);
      const method = methodBucket(waiter.target);
      const wait = Math.max(app.delay(now), method.delay(now));
      // Infinite only until calls in flight answer (their settle pumps again), unless paused that long.
      const paused = Math.max(app.pauseLeft(now), method.pauseLeft(now));
      const known = Math.max(paused, Number.isFinite(wait) ? wait : 0);
      if (wait > 0 && known <= MAX_RATE_LIMIT_WAIT_MS) {
        nextWake = Math.min(nextWake, wait);
        index += 1;
        continue;
      }
      queue.splice(index, 1);
      if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
      if (wait > 0) {
        leaves(waiter);
        waiter.reject(new RateLimitWaitTooLongError(known, paused > MAX_RATE_LIMIT_WAIT_MS));
        continue;
      }
      app.record(now, queued.get(app) ?? 1);
      method.record(now, queued.get(method) ?? 1);
      leaves(waiter);
      waiter.resolve(permitFor(waiter.target, app, method, now));
    }
    if (Number.isFinite(nextWake)) {
      timer = scheduler.setTimeout(pump, nextWake);
    }
  };

  const permitFor = (target: RateTarget, app: RateBucket, method: RateBucket, grantedAt: number): Permit => {
    let settled = false;
    return {
      settle(outcome) {
        if (settled) return;
        settled = true;
        const now = scheduler.now();
        const answeredAt = Math.min(now, outcome.answeredAt ?? now);
        app.settle(answeredAt);
        method.settle(answeredAt);
        if (outcome.headers) {
          const headers = readRateLimitHeaders(outcome.headers, now);
          app.sync(headers.appLimits, headers.appCounts, now);
          method.sync(headers.methodLimits, headers.methodCounts, now);
          if (outcome.status !== 429) {
            app.noteOpeners(headers.appCounts, grantedAt, answeredAt);
            method.noteOpeners(headers.methodCounts, grantedAt, answeredAt);
          }
          if (outcome.status === 429) pauseFor429(headers.type, headers.retryAfterMs, outcome.backoffMs, now);
        } else if (outcome.status === 429) {
          pauseFor429(null, null, outcome.backoffMs, now);
        }
        pump();
      },
    };

    function pauseFor429(
      type: 'application' | 'method' | 'service' | null,
      retryAfterMs: number | null,
      backoffMs: number,
      now: number,
    ): void {
      if (type === 'application') {
        // The key's limit for the whole host was hit: every method there waits, for Retry-After when
        // given, or else for the exponential backoff (a method backoff would let the others keep hitting it).
        const waitMs = retryAfterMs === null ? backoffMs : retryAfterMs + retryAfterMarginMs;
        app.pause(now + waitMs, 'application');
      } else if (type !== null && retryAfterMs !== null) {
        method.pause(now + retryAfterMs + retryAfterMarginMs, type);
      } else {
        // Without X-Rate-Limit-Type the underlying service refused: back off exponentially (reference
        // §1.7), and never for less than a Retry-After it gave (spec §7: 429 headers must be honoured).
        const retryAfter = retryAfterMs === null ? 0 : retryAfterMs + retryAfterMarginMs;
        method.pause(now + Math.max(backoffMs, retryAfter), 'backoff');
      }
      announcePauses();
    }
  };

  /** Tells listeners now, and again when the soonest pause ends. */
  const announcePauses = (): void => {
    const now = scheduler.now();
    announcedPauses = activePauseEnds(now).length;
    for (const listener of listeners) listener();
    watchPauseEnd();
  };

  /**
   * The pause timer only tells listeners: without one there is none, so a process that got its answer (the CLI
   * after a Retry-After of days) is not kept alive by a pause nobody waits for.
   */
  const watchPauseEnd = (): void => {
    if (pauseTimer !== null) scheduler.clearTimeout(pauseTimer);
    pauseTimer = null;
    const now = scheduler.now();
    const ends = activePauseEnds(now);
    if (ends.length > 0 && listeners.size > 0) {
      pauseTimer = scheduler.setTimeout(announcePauses, Math.max(0, Math.min(...ends) - now));
    }
  };

  return {
    acquire(target, signal) {
      return new Promise<Permit>((resolve, reject) => {
        if (signal?.aborted) return reject(new RequestCancelledError());
        const waiter: Waiter = { target, resolve, reject, signal };
        if (signal) {
          waiter.onAbort = () => {
            const index = queue.indexOf(waiter);
            if (index >= 0) queue.splice(index, 1);
            reject(new RequestCancelledError());
          };
          signal.addEventListener('abort', waiter.onAbort, { once: true });
        }
        queue.push(waiter);
        pump();
      });
    },
    pauses() {
      const now = scheduler.now();
      const pauses: WebApiPause[] = [];
      for (const entry of buckets.values()) {
        const pause = entry.bucket.activePause(now);
        if (!pause) continue;
        pauses.push({
          scope: pause.scope,
          routing: entry.target.routing,
          label: entry.app
            ? `all requests to ${entry.target.routing}`
            : `${entry.target.label} on ${entry.target.routing}`,
          until: pause.until,
        });
      }
      return pauses.sort((a, b) => a.until - b.until);
    },
    onChange(listener) {
      listeners.add(listener);
      watchPauseEnd();
      return () => {
        listeners.delete(listener);
        watchPauseEnd();
      };
    },
    reset() {
      buckets = new Map();
      announcePauses();
      pump();
    },
    ledger() {
      const now = scheduler.now();
      return {
        version: 1,
        buckets: [...buckets.values()].map(({ bucket, target, app }) => ({
          app,
          target: { ...target },
          bucket: bucket.toLedger(now),
        })),
      };
    },
    adopt(ledger) {
      const previous = buckets;
      buckets = new Map();
      for (const { app, target, bucket } of ledger.buckets) {
        const key = app ? appKey(target) : methodKey(target);
        const adopted = RateBucket.fromLedger(bucket, margin);
        // The windows this process saw opened hold whoever's calls were answered in them.
        const known = previous.get(key);
        if (known) adopted.takeOpeners(known.bucket);
        buckets.set(key, { bucket: adopted, target, app });
      }
      announcePauses();
      pump();
    },
  };
}
