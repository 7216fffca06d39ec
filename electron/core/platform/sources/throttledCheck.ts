/**
 * A check too slow or costly for every poll (listing processes, locating and reading game.cfg): it runs
 * at most once per interval and its last answer stands in between.
 */
export interface ThrottledCheck<T> {
  /** The last answer when it is younger than the interval; otherwise checks again. */
  get(now: number): Promise<T>;
  /** Forgets the last answer: the next `get` checks again. */
  reset(): void;
}

export function createThrottledCheck<T>(check: () => Promise<T>, intervalMs: number): ThrottledCheck<T> {
  let last: { at: number; value: T } | null = null;
  return {
    async get(now) {
      if (last && now - last.at < intervalMs && now >= last.at) return last.value;
      const value = await check();
      last = { at: now, value };
      return value;
    },
    reset() {
      last = null;
    },
  };
}
