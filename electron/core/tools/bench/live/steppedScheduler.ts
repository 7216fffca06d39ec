import type { Scheduler } from '../../../platform/polling/poller';

/**
 * A scheduler on an accelerated clock for benchmarks: nothing runs until `runNext`, which jumps the
 * clock to the next scheduled poll, runs it, and resolves once the poller has scheduled the one after.
 */
export interface SteppedScheduler {
  scheduler: Scheduler;
  runNext(): Promise<void>;
}

export function createSteppedScheduler(start = 0): SteppedScheduler {
  let now = start;
  let pending: { callback: () => void; at: number } | null = null;
  let onScheduled: (() => void) | null = null;
  const scheduler: Scheduler = {
    now: () => now,
    setTimeout(callback, ms) {
      const entry = { callback, at: now + ms };
      pending = entry;
      onScheduled?.();
      onScheduled = null;
      return entry;
    },
    clearTimeout(handle) {
      if (pending === handle) pending = null;
    },
  };
  return {
    scheduler,
    async runNext() {
      const next = pending;
      if (!next) throw new Error('nothing is scheduled: start the poller first');
      pending = null;
      now = Math.max(now, next.at);
      const scheduled = new Promise<void>((resolve) => (onScheduled = resolve));
      next.callback();
      await scheduled;
    },
  };
}
