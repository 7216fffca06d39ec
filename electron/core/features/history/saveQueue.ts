/**
 * Finished games on their way into the history database: each is kept until it is written, oldest first, so a
 * database that cannot be opened or written (a full disk, a read-only folder, a lock held too long) loses
 * nothing that is still running. A failure stops the pass; the next flush starts again from the oldest.
 */
export interface SaveQueue<T> {
  /** Queues items behind the ones already waiting (nothing is written until `flush`). */
  add(items: readonly T[]): void;
  /** Writes everything waiting, oldest first, until one fails. */
  flush(): Promise<void>;
  waiting(): readonly T[];
  /**
   * Forgets everything waiting, once a pass under way has finished (an item it is writing is then stored, not
   * waiting): what a "delete all" must do first. Resolves to the items forgotten.
   */
  clear(): Promise<readonly T[]>;
  /** Why the last write failed, in words; null once one succeeds. */
  problem(): string | null;
}

export interface SaveQueueOptions<T> {
  /** Writes one item; throws when it could not be written. */
  write(item: T): Promise<unknown>;
  /** A failed write, in words for the user (logging and reporting it is the caller's). */
  failed(error: unknown): string;
  /** After a flush that changed what is waiting or the problem: how many items it wrote. */
  onChange?(written: number): void;
}

export function createSaveQueue<T>(options: SaveQueueOptions<T>): SaveQueue<T> {
  let waiting: T[] = [];
  let problem: string | null = null;
  // One pass at a time, each after the last: two overlapping passes would write the oldest item twice.
  let last: Promise<void> = Promise.resolve();

  const pass = async (): Promise<void> => {
    const before = { count: waiting.length, problem };
    let written = 0;
    while (waiting.length > 0) {
      const [item] = waiting;
      if (item === undefined) break;
      try {
        await options.write(item);
        // Only passes take items out, one pass at a time: the item written is still the first.
        waiting = waiting.slice(1);
        written += 1;
        problem = null;
      } catch (error) {
        problem = options.failed(error);
        break;
      }
    }
    if (written > 0 || before.count !== waiting.length || before.problem !== problem)
      options.onChange?.(written);
  };

  return {
    add(items) {
      waiting = [...waiting, ...items];
    },
    flush() {
      last = last.then(pass);
      return last;
    },
    waiting: () => waiting,
    clear() {
      const cleared = last.then(() => {
        const forgotten = waiting;
        waiting = [];
        problem = null;
        if (forgotten.length > 0) options.onChange?.(0);
        return forgotten;
      });
      last = cleared.then(() => undefined);
      return cleared;
    },
    problem: () => problem,
  };
}
