import { sameLimits, type RateLimitWindow } from './rateLimitHeaders';

export type PauseScope = 'application' | 'method' | 'service' | 'backoff';

/**
 * One rate limit as the server enforces it: the app limit of one routing value, or one method's limit
 * there: a token bucket per window, kept as a log of calls so any window length works. The next call
 * goes only while every window has room.
 *
 * A call counts from the moment it is granted, and its time in the log is when its answer came back:
 * the server received it at some point in between, so a call is never counted as expired before the
 * server's own window could have ended, whatever the latency (a cold first connection included).
 */
export class RateBucket {
  private limits: RateLimitWindow[];
  /** True once a response has told the real limits; until then one request at a time probes them. */
  private confirmed = false;
  /** When answered calls came back, ascending. Calls in flight count in every window until then. */
  private done: number[] = [];
  /** Calls the server counted that we did not send (another process on the same key), by window. */
  private extra = new Map<number, number[]>();
  private inFlight = 0;
  private pausedUntil = 0;
  private pauseScope: PauseScope | null = null;

  constructor(
    seed: readonly RateLimitWindow[],
    private readonly marginMs: number,
  ) {
    this.limits = [...seed];
  }

  /** Milliseconds until one more request may be sent; Infinity while a probe is out. */
  delay(now: number): number {
    let wait = this.pauseLeft(now);
    if (!this.confirmed && this.inFlight > 0) return Infinity;
    for (const window of this.limits) {
      const freedBy = this.freedBy(window, now - window.windowMs - this.marginMs);
      if (freedBy !== null) wait = Math.max(wait, freedBy + window.windowMs + this.marginMs - now);
    }
    return wait;
  }

  /** A call was granted: it counts from now on. */
  record(): void {
    this.inFlight += 1;
  }

  /** Its answer (or failure) came back: from now its window runs. */
  settle(now: number): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.done.splice(firstAfter(this.done, now), 0, now);
    this.trim(now);
  }

  /**
   * A response's limits and counts. New limits replace the old ones (the send log is kept); a count
   * above ours means calls we did not make, which are added so the buckets stay in step.
   */
  sync(limits: RateLimitWindow[] | null, counts: Map<number, number> | null, now: number): boolean {
    let changed = false;
    if (limits) {
      if (!sameLimits(limits, this.limits)) {
        this.limits = limits;
        for (const windowMs of this.extra.keys()) {
          if (!limits.some((window) => window.windowMs === windowMs)) this.extra.delete(windowMs);
        }
        changed = true;
      }
      this.confirmed = true;
    }
    if (counts) {
      for (const window of this.limits) {
        const reported = counts.get(window.windowMs);
        if (reported === undefined) continue;
        const local = this.countWithin(window.windowMs, now - window.windowMs - this.marginMs);
        if (reported > local) {
          const extra = this.extra.get(window.windowMs) ?? [];
          for (let i = local; i < reported; i += 1) extra.push(now);
          this.extra.set(window.windowMs, extra);
        }
      }
    }
    return changed;
  }

  pause(until: number, scope: PauseScope): void {
    if (until <= this.pausedUntil) return;
    this.pausedUntil = until;
    this.pauseScope = scope;
  }

  /** Milliseconds of pause left (a 429's Retry-After), 0 when none. */
  pauseLeft(now: number): number {
    return Math.max(0, this.pausedUntil - now);
  }

  activePause(now: number): { until: number; scope: PauseScope } | null {
    return this.pausedUntil > now && this.pauseScope
      ? { until: this.pausedUntil, scope: this.pauseScope }
      : null;
  }

  private countWithin(windowMs: number, after: number): number {
    const extra = this.extra.get(windowMs) ?? [];
    return (
      this.inFlight +
      this.done.length -
      firstAfter(this.done, after) +
      extra.length -
      firstAfter(extra, after)
    );
  }

  /**
   * When the window is full: the answer time whose expiry makes room for one more (Infinity when only
   * calls still in flight could); null when there is room.
   */
  private freedBy(window: RateLimitWindow, after: number): number | null {
    const extra = this.extra.get(window.windowMs);
    // The common case needs no copy: the log is ascending, so the window is its tail.
    const times =
      !extra || extra.length === 0
        ? null
        : [...this.done.slice(firstAfter(this.done, after)), ...extra.slice(firstAfter(extra, after))].sort(
            (a, b) => a - b,
          );
    const start = times ? 0 : firstAfter(this.done, after);
    const log = times ?? this.done;
    const count = this.inFlight + log.length - start;
    if (count < window.limit) return null;
    // count - limit + 1 logged calls must leave the window; the oldest of them frees it last.
    const index = start + count - window.limit;
    return index < log.length ? (log[index] ?? null) : Infinity;
  }

  private trim(now: number): void {
    const longest = Math.max(0, ...this.limits.map((window) => window.windowMs)) + this.marginMs;
    // Trim in batches: shifting one entry per send would make every record O(n).
    if (this.done.length > 64 && (this.done[32] ?? now) <= now - longest) {
      this.done = this.done.slice(firstAfter(this.done, now - longest));
    }
    for (const [windowMs, extra] of this.extra) {
      this.extra.set(windowMs, extra.slice(firstAfter(extra, now - windowMs - this.marginMs)));
    }
  }
}

/** Index of the first time strictly after `after` in an ascending list. */
function firstAfter(times: readonly number[], after: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((times[middle] ?? 0) > after) high = middle;
    else low = middle + 1;
  }
  return low;
}
