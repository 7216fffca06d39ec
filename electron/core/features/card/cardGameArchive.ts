import type { CardHistoryStatus } from '@shared/contract';
import type { WriteFailureSink } from '../../platform/fs/writeFailure';
import { describeSqlError, HistoryError } from '../../platform/db/sqliteDatabase';
import type { HistoryStore } from '../history/historyStore';
import { createSaveQueue } from '../history/saveQueue';
import type { Logger } from '../../platform/log/logger';
import type { FinishedCardGame, SavedCardSession } from './cardGameSession';
import { parseSavedCardSession, serializeSavedCardSession } from './savedCardSession';

/**
 * Where finished card games go: the history database, through a queue (saveQueue) that keeps a game in
 * memory until it is written, so a database that cannot be opened or written loses nothing that is still
 * running. Also keeps the progress of the game under way, for a restart.
 */
export interface CardGameArchive {
  status(): CardHistoryStatus;
  /** The open database, or a HistoryError saying why there is none. */
  store(): Promise<HistoryStore>;
  /** Queues the games and writes everything queued, oldest first. */
  record(games: readonly FinishedCardGame[]): Promise<void>;
  saveProgress(saved: SavedCardSession | null): Promise<void>;
  loadProgress(): Promise<SavedCardSession | null>;
  /**
   * Drops the finished games waiting to be saved: a "delete all" must not see them stored after it. The game
   * under way is not history yet and goes on. Resolves to how many were dropped.
   */
  forgetWaiting(): Promise<number>;
  /** After a change made elsewhere (a delete): views refetch. */
  changed(): void;
}

export interface CardGameArchiveDeps {
  history: Promise<HistoryStore>;
  logger: Logger;
  /** Called whenever the status changes. */
  onStatus(): void;
  /** Told of a game that cannot be written: a read-only or full data folder is said once for the app. */
  writeFailed?: WriteFailureSink;
}

export function createCardGameArchive(deps: CardGameArchiveDeps): CardGameArchive {
  const { logger } = deps;
  let revision = 0;
  let openError: string | null = null;
  let lastProgress: string | null = null;

  const opened = deps.history.then(
    (store) => store,
    (error: unknown) => {
      openError =
        error instanceof HistoryError
          ? error.message
          : `The history database cannot be opened: ${describeSqlError(error)}.`;
      logger.error('history database unavailable', { error: openError });
      deps.onStatus();
      return null;
    },
  );

  const store = async (): Promise<HistoryStore> => {
    const history = await opened;
    if (!history) throw new HistoryError(openError ?? 'The history database is not available.');
    return history;
  };

  const queue = createSaveQueue<FinishedCardGame>({
    write: async (game) => (await store()).cardGames.record(game),
    failed: (error) => {
      logger.error('card game not recorded', { error: describeSqlError(error) });
      deps.writeFailed?.(error, 'history');
      return `A finished game could not be saved to history (${describeSqlError(error)}); it is kept until it can be.`;
    },
    onChange: (written) => {
      revision += written;
      deps.onStatus();
    },
  });

  return {
    status: () => ({ revision, error: openError ?? queue.problem(), unsaved: queue.waiting().length }),
    store,

    async record(games) {
      queue.add(games);
      // Without a database every write would fail the same way: the games wait, and the status says why.
      if (!(await opened)) {
        if (games.length > 0) deps.onStatus();
        return;
      }
      await queue.flush();
    },

    async saveProgress(saved) {
      const history = await opened;
      if (!history) return;
      const text = saved ? serializeSavedCardSession(saved) : null;
      const key = saved ? progressKey(saved) : null;
      if (key === lastProgress) return;
      try {
        if (text) await history.cardGames.saveProgress(text, saved?.savedAt ?? 0);
        else await history.cardGames.clearProgress();
        lastProgress = key;
      } catch (error) {
        logger.warn('card game progress not saved', { error: describeSqlError(error) });
      }
    },

    async loadProgress() {
      const history = await opened;
      if (!history) return null;
      try {
        const row = await history.cardGames.loadProgress();
        const saved = row ? parseSavedCardSession(row.snapshot) : null;
        lastProgress = saved ? progressKey(saved) : null;
        return saved;
      } catch (error) {
        logger.warn('card game progress not read', { error: describeSqlError(error) });
        return null;
      }
    },

    async forgetWaiting() {
      const forgotten = await queue.clear();
      if (forgotten.length > 0)
        logger.info('card games waiting to be saved dropped', { count: forgotten.length });
      return forgotten.length;
    },

    changed() {
      revision += 1;
      deps.onStatus();
    },
  };
}

// The clocks move every poll; only write when the game itself changed (a card moved, a result came).
function progressKey(saved: SavedCardSession): string {
  const game = { ...saved.game, tracker: { ...saved.game.tracker, lastFrameAt: null } };
  return serializeSavedCardSession({ ...saved, game, savedAt: 0 });
}
