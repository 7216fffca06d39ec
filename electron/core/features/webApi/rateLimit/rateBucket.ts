import type { BucketLedger } from './rateLedger';
import { sameLimits, type RateLimitWindow } from './rateLimitHeaders';

export type PauseScope = 'application' | 'method' | 'service' | 'backoff';

/** The extra length counted on a window of this length against the server's clock (see windowMarginFor). */
export type WindowMargin = (windowMs: number) => number;

/**
 * One rate limit as the server enforces it: the app limit of one routing value, or one method's limit
 * there: a token bucket per window, kept as a log of calls so any window length works. The next call
 * goes only while every window has room.
 *
 * A call counts from the moment it is granted, and its time in the log is when its answer came back:
 * the server received it at some point in between, so a call is never counted as expired before the
 * server's own window could have ended, whatever the latency (a cold first connection included).
 *
 * The server's windows are fixed (reference: the simulator's FixedWindowLimit): a window starts with the first
 * call after the last one ran out and every call in it leaves with it. A call the server counted first in its
 * window (count 1) opened one no earlier than that call was granted, so every call answered before that grant's
 * time + the window came in that window or an earlier one: each leaves by the opener's answer + the window
 * (see noteOpeners). Without that, each call would leave on its own answer, and a window's calls, answered
 * one after another, would make the next window's calls go one after another, later and later.
 */
export class RateBucket {
  private limits: RateLimitWindow[];
  /** True once a response has told the real limits; until then one request at a time probes them. */
  private confirmed = false;
  /** When answered calls came back, ascending. Calls in flight count in every window until then. */
  private done: number[] = [];
  /**
   * Calls the server counted that we did not send (another process on the same key), by window: one run per
   * response that told of them, so a count of any size costs one entry.
   */
  private extra = new Map<number, CallRun[]>();
  private inFlight = 0;
  /** A call that opened a window is out ahead of a queue longer than the window (see record): the rest wait for it. */
  private leading = false;
  /** By window length: the calls the server counted first in their window, by answer, their spans apart. */
  private openers = new Map<number, WindowOpener[]>();
  private pausedUntil = 0;
  private pauseScope: PauseScope | null = null;

  constructor(
    seed: readonly RateLimitWindow[],
    private readonly margin: WindowMargin,
  ) {
    this.limits = [...seed];
  }

  /** A bucket carried on from another process's ledger. */
  static fromLedger(ledger: BucketLedger, margin: WindowMargin): RateBucket {
    const bucket = new RateBucket(ledger.limits, margin);
    bucket.confirmed = ledger.confirmed;
    bucket.done = [...ledger.done];
    bucket.extra = new Map(
      ledger.extra.map(({ windowMs, runs }) => [windowMs, runs.map((run) => ({ ...run }))]),
    );
    bucket.pausedUntil = ledger.pausedUntil;
    bucket.pauseScope = ledger.pauseScope;
    return bucket;
  }

  /** This bucket for another process. A call still in flight counts as answered now (it may be, any moment). */
  toLedger(now: number): BucketLedger {
    const done = [...this.done];
    for (let call = 0; call < this.inFlight; call += 1) done.splice(firstAfter(done, now), 0, now);
    return {
      limits: this.limits.map((window) => ({ ...window })),
      confirmed: this.confirmed,
      done,
      extra: [...this.extra].map(([windowMs, runs]) => ({ windowMs, runs: runs.map((run) => ({ ...run })) })),
      pausedUntil: this.pausedUntil,
      pauseScope: this.pauseScope,
    };
  }

  /** Milliseconds until one more request may be sent; Infinity while a probe is out. */
  delay(now: number): number {
    let wait = this.pauseLeft(now);
    if ((!this.confirmed || this.leading) && this.inFlight > 0) return Infinity;
    for (const window of this.limits) {
      const span = this.span(window.windowMs);
      const freedBy = this.freedBy(window, now - span);
      if (freedBy !== null) wait = Math.max(wait, freedBy + span - now);
    }
    return wait;
  }

  /**
   * A call was granted: it counts from now on. `queued` is how many calls wait for this bucket, this one included.
   * A call that opens a window while more wait than the window holds goes alone, the rest on its answer: the
   * next window opens a window after that answer, which comes back at once alone, but only after the whole
   * burst's (the server answers, and we read, every call that reached it together) when the window's calls go as
   * one. A queue the window holds goes at once, as waiting would only delay it.
   */
  record(now: number, queued: number): void {
    this.leading =
      this.confirmed &&
      this.limits.some(
        (window) =>
          queued > window.limit && this.countWithin(window.windowMs, now - this.span(window.windowMs)) === 0,
      );
    this.inFlight += 1;
  }

  /** Its answer (or failure) came back: from now its window runs. */
  settle(now: number): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    // A window's opener goes out alone (an empty window means nothing else is in flight): its answer frees the rest.
    this.leading = false;
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
        const told = counts.get(window.windowMs);
        if (told === undefined) continue;
        // A count past the limit says no more than a full window (a server may report 200000000).
        const reported = Math.min(told, window.limit);
        const local = this.countWithin(window.windowMs, now - this.span(window.windowMs));
        if (reported > local) {
          const extra = this.extra.get(window.windowMs) ?? [];
          extra.splice(firstAfter(extra, now), 0, { at: now, count: reported - local });
          this.extra.set(window.windowMs, extra);
        }
      }
    }
    return changed;
  }

  /**
   * A counted call's answer (not a 429: the server did not count it) told how many calls each window holds now.
   * Where it was the first, it opened that window between `grantedAt` and `answeredAt`.
   */
  noteOpeners(counts: Map<number, number> | null, grantedAt: number, answeredAt: number): void {
    for (const { windowMs } of this.limits) {
      if (counts?.get(windowMs) !== 1) continue;
      const opener = { grantedAt, answeredAt };
      const known = this.openers.get(windowMs) ?? [];
      // Two windows of the server never overlap, so neither do their spans: a claim that would (limits reset,
      // a server that counts otherwise) replaces the older ones it meets, so leave times stay ascending.
      if (known.some((other) => overlaps(other, opener, windowMs) && other.grantedAt > grantedAt)) continue;
      const kept = known.filter((other) => !overlaps(other, opener, windowMs));
      this.openers.set(
        windowMs,
        [...kept, opener].sort((x, y) => x.answeredAt - y.answeredAt),
      );
    }
  }

  /** The windows another bucket of the same limit saw opened (this process's, before it adopted a ledger). */
  takeOpeners(other: RateBucket): void {
    this.openers = new Map([...other.openers].map(([windowMs, openers]) => [windowMs, [...openers]]));
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

  /** How long a call is counted in a window of this length: the window and its margin. */
  private span(windowMs: number): number {
    return windowMs + this.margin(windowMs);
  }

  private countWithin(windowMs: number, after: number): number {
    return (
      this.inFlight +
      this.done.length -
      this.firstInWindow(windowMs, after) +
      this.extraWithin(windowMs, after)
    );
  }

  /**
   * When a logged call leaves a window of this length (before the window and the margin): its answer, or the
   * answer of the call that opened its window at the server, if that is earlier and the call was answered before
   * the opener's grant + the window (so it came in that window or an earlier one). Never later than its answer,
   * and ascending with it.
   */
  private leaveTime(windowMs: number, answeredAt: number): number {
    const opener = this.openers.get(windowMs)?.find((known) => spans(known, windowMs, answeredAt));
    return opener ? opener.answeredAt : answeredAt;
  }

  /** Index of the first logged call still in a window of this length after `after` (leave times ascend). */
  private firstInWindow(windowMs: number, after: number): number {
    let low = firstAfter(this.done, after);
    if (!this.openers.has(windowMs)) return low;
    let high = this.done.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.leaveTime(windowMs, this.done[middle] ?? 0) > after) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** The runs of a window still in it (after `after`), and how many calls they hold. */
  private extraRuns(windowMs: number, after: number): CallRun[] {
    const extra = this.extra.get(windowMs) ?? [];
    return extra.slice(firstAfter(extra, after));
  }

  private extraWithin(windowMs: number, after: number): number {
    return this.extraRuns(windowMs, after).reduce((sum, run) => sum + run.count, 0);
  }

  /**
   * When the window is full: the answer time whose expiry makes room for one more (Infinity when only
   * calls still in flight could); null when there is room.
   */
  private freedBy(window: RateLimitWindow, after: number): number | null {
    const start = this.firstInWindow(window.windowMs, after);
    const leave = (index: number): number | null => {
      const answeredAt = this.done[index];
      return answeredAt === undefined ? null : this.leaveTime(window.windowMs, answeredAt);
    };
    const runs = this.extraRuns(window.windowMs, after);
    const logged = this.done.length - start + runs.reduce((sum, run) => sum + run.count, 0);
    const count = this.inFlight + logged;
    if (count < window.limit) return null;
    // count - limit + 1 logged calls must leave the window; the last of them to leave frees it.
    const mustLeave = count - window.limit + 1;
    if (mustLeave > logged) return Infinity;
    // The common case needs no walk: without runs the log is the window's tail, ascending.
    if (runs.length === 0) return leave(start + mustLeave - 1);
    let left = mustLeave;
    let next = start;
    for (const run of runs) {
      while (next < this.done.length && (leave(next) ?? 0) <= run.at) {
        left -= 1;
        if (left === 0) return leave(next);
        next += 1;
      }
      left -= run.count;
      if (left <= 0) return run.at;
    }
    return leave(next + left - 1);
  }

  private trim(now: number): void {
    const longest = Math.max(0, ...this.limits.map((window) => this.span(window.windowMs)));
    // A span ends a window after its opener's grant; every call in it has left a window after that.
    for (const [windowMs, openers] of this.openers) {
      const kept = openers.filter((opener) => opener.grantedAt + windowMs + this.span(windowMs) > now);
      if (kept.length > 0) this.openers.set(windowMs, kept);
      else this.openers.delete(windowMs);
    }
    // Trim in batches: shifting one entry per send would make every record O(n).
    if (this.done.length > 64 && (this.done[32] ?? now) <= now - longest) {
      this.done = this.done.slice(firstAfter(this.done, now - longest));
    }
    for (const windowMs of this.extra.keys()) {
      this.extra.set(windowMs, this.extraRuns(windowMs, now - this.span(windowMs)));
    }
  }
}

/** A call the server counted first in its window: when it was granted and when its answer came. */
interface WindowOpener {
  grantedAt: number;
  answeredAt: number;
}

/** Whether a call answered at `answeredAt` came in the opener's window or an earlier one (see RateBucket). */
function spans(opener: WindowOpener, windowMs: number, answeredAt: number): boolean {
  return answeredAt >= opener.answeredAt && answeredAt < opener.grantedAt + windowMs;
}

function overlaps(a: WindowOpener, b: WindowOpener, windowMs: number): boolean {
  return a.answeredAt < b.grantedAt + windowMs && b.answeredAt < a.grantedAt + windowMs;
}

/** Calls another user of the key made, as one response counted them: `count` calls, logged at `at`. */
interface CallRun {
  at: number;
  count: number;
}

/** Index of the first item strictly after `after` in a list ascending by time (times, or runs by `at`). */
function firstAfter<T extends number | CallRun>(items: readonly T[], after: number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const item = items[middle];
    if ((typeof item === 'number' ? item : (item?.at ?? 0)) > after) high = middle;
    else low = middle + 1;
  }
  return low;
}
