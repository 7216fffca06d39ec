import type { Scheduler } from '../../platform/polling/poller';

interface Timer {
  id: number;
  at: number;
  callback: () => void;
}

/** A clock the test moves: timers run in time order as `advance` passes them, with promises settled between. */
export function createFakeScheduler(start = 1_700_000_000_000) {
  let now = start;
  let nextId = 1;
  let timers: Timer[] = [];

  const scheduler: Scheduler = {
    now: () => now,
    setTimeout(callback, ms) {
      const timer = { id: nextId++, at: now + Math.max(0, ms), callback };
      timers.push(timer);
      return timer.id;
    },
    clearTimeout(handle) {
      timers = timers.filter((timer) => timer.id !== handle);
    },
  };

  /** Lets pending promise chains run (several hops: HTTP fake, limiter, client loop). */
  const settle = async (): Promise<void> => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
  };

  return {
    scheduler,
    get now() {
      return now;
    },
    settle,
    async advance(ms: number): Promise<void> {
      const target = now + ms;
      await settle();
      for (;;) {
        const due = timers
          .filter((timer) => timer.at <= target)
          .sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = Math.max(now, due.at);
        due.callback();
        await settle();
      }
      now = target;
      await settle();
    },
    pendingTimers: () => timers.length,
  };
}

export type FakeScheduler = ReturnType<typeof createFakeScheduler>;
