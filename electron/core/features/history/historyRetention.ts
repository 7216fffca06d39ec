import type { Settings } from '@shared/contract';
import { describeSqlError } from '../../platform/db/sqliteDatabase';
import type { Logger } from '../../platform/log/logger';
import type { Scheduler } from '../../platform/polling/poller';
import type { HistoryStore } from './historyStore';

/**
 * The history's retention period (`history.retentionDays`, off by default): games of both kinds that started
 * more than that many days ago are deleted at start, every hour after, and at once when the setting changes.
 */

const DAY_MS = 86_400_000;
/** How often the history is checked for games past the retention period. */
export const RETENTION_CHECK_MS = 3_600_000;

export interface PrunedGames {
  arena: number;
  card: number;
}

export interface HistoryRetentionDeps {
  history: Promise<HistoryStore>;
  settings: { readonly effective: Settings; onChange(listener: (next: Settings) => void): () => void };
  scheduler: Scheduler;
  logger: Logger;
  /** After games were deleted, so views refetch. */
  onPruned(pruned: PrunedGames): void;
}

/** A service of the history feature, which stops it with itself; it answers no request of its own. */
export interface HistoryRetention {
  /** Deletes the games past the period now (nothing when it is off); settles with how many went. */
  prune(): Promise<PrunedGames>;
  /** Stops the hourly pass and the settings watch, after the pass under way. */
  stop(): Promise<void>;
}

/** Games that started before this (epoch ms) are past the period; null when every game is kept. */
export function retentionCutoff(now: number, retentionDays: number | null): number | null {
  return retentionDays === null ? null : now - retentionDays * DAY_MS;
}

export function startHistoryRetention(deps: HistoryRetentionDeps): HistoryRetention {
  const { scheduler, logger } = deps;
  let timer: unknown = null;
  let stopped = false;
  let days = deps.settings.effective.history.retentionDays;
  // One pass at a time, each after the last.
  let last: Promise<PrunedGames> = Promise.resolve({ arena: 0, card: 0 });

  const pass = async (): Promise<PrunedGames> => {
    const cutoff = retentionCutoff(scheduler.now(), deps.settings.effective.history.retentionDays);
    if (cutoff === null) return { arena: 0, card: 0 };
    try {
      const pruned = await (await deps.history).deleteStartedBefore(cutoff);
      if (pruned.arena + pruned.card > 0) {
        logger.info('games past the retention period deleted', { ...pruned, startedBefore: cutoff });
        deps.onPruned(pruned);
      }
      return pruned;
    } catch (error) {
      // The next pass tries again; a database that cannot be opened is told by the features that use it.
      logger.warn('history retention not applied', { error: describeSqlError(error) });
      return { arena: 0, card: 0 };
    }
  };
  const prune = (): Promise<PrunedGames> => {
    last = last.then(pass);
    return last;
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = scheduler.setTimeout(() => {
      timer = null;
      void prune().then(schedule);
    }, RETENTION_CHECK_MS);
  };

  void prune().then(schedule);
  const unsubscribe = deps.settings.onChange((next) => {
    if (next.history.retentionDays === days) return;
    days = next.history.retentionDays;
    void prune();
  });

  return {
    prune,
    stop: async () => {
      stopped = true;
      unsubscribe();
      if (timer !== null) scheduler.clearTimeout(timer);
      timer = null;
      await last;
    },
  };
}
