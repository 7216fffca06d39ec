/** Runs at most `limit` tasks at once; the rest wait in order. Downloads go through one, so a sync stays polite. */
export interface TaskLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createTaskLimiter(limit: number): TaskLimiter {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`concurrency must be a whole number ≥ 1, got ${limit}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  // A finishing task hands its slot straight to the next waiter, so a newcomer cannot slip in between.
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run(task) {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
