import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { LiveGameSummary, UnsavedArenaGames } from '@shared/contract';
import { writeFileAtomic } from '../../platform/fs/atomicFile';
import { quarantineFile } from '../../platform/fs/quarantine';
import type { WriteFailureSink } from '../../platform/fs/writeFailure';
import type { Logger } from '../../platform/log/logger';
import type { Scheduler } from '../../platform/polling/poller';
import { arenaGameSummarySchema, arenaSummaryFromLive, type ArenaGameSummary } from './arenaGameRecords';
import { describeSqlError } from '../../platform/db/sqliteDatabase';
import type { HistoryStore } from './historyStore';
import { createSaveQueue } from './saveQueue';

/**
 * Stores finished arena games. A game the history database does not take (a full disk, a read-only folder, a
 * lock held too long) is kept: in memory, and in a small pending file in the data folder when the disk takes
 * that, and saved again on an interval and at the next start until the database takes it. The database keeps
 * one row per game (same start and champion), so a game saved just before a crash and retried after it is
 * stored once.
 */
export interface ArenaGameRecorder {
  record(summary: LiveGameSummary): Promise<void>;
  /**
   * Drops the games waiting to be saved (memory and the pending file): a "delete all" must not see them stored
   * after it. Resolves to how many were dropped.
   */
  forgetWaiting(): Promise<number>;
  /** Settles once the games pending from the last run are read back and retried. */
  ready: Promise<void>;
  stop(): void;
}

export interface ArenaGameRecorderDeps {
  history: Promise<HistoryStore>;
  logger: Logger;
  scheduler: Scheduler;
  dataDir: string;
  /** A read-only or full data folder is said once for the app. */
  writeFailed: WriteFailureSink;
  /** The games waiting, for the Status page; null once none is. */
  onUnsaved(unsaved: UnsavedArenaGames | null): void;
  /** Between two attempts while games wait (default 30 s). */
  retryMs?: number;
  /** A game the database took for the first time, by its ID (its web API match is looked up then). */
  onRecorded?(id: number): void;
}

/** The pending file: arena games finished but not yet in `history.db`. */
export const ARENA_PENDING_FILE = 'arena-games-pending.json';
const PENDING_FORMAT = 1;
const pendingSchema = z.object({
  format: z.literal(PENDING_FORMAT),
  games: z.array(arenaGameSummarySchema),
});
const DEFAULT_RETRY_MS = 30_000;

export function createArenaGameRecorder(deps: ArenaGameRecorderDeps): ArenaGameRecorder {
  const { logger, scheduler } = deps;
  const pendingPath = join(deps.dataDir, ARENA_PENDING_FILE);
  const retryMs = deps.retryMs ?? DEFAULT_RETRY_MS;
  let keptOnDisk = true;
  let retryTimer: unknown = null;
  let stopped = false;

  const queue = createSaveQueue<ArenaGameSummary>({
    write: async (game) => {
      const { id, duplicate } = await (await deps.history).recordArenaGame(game);
      logger.info('arena game recorded', { id, duplicate });
      if (!duplicate) deps.onRecorded?.(id);
    },
    failed: (error) => {
      const problem = describeSqlError(error);
      logger.error('arena game not recorded', { error: problem });
      deps.writeFailed(error, 'history');
      return problem;
    },
  });

  /** The pending file holds what waits, or is gone when nothing does. */
  const keepOnDisk = async (): Promise<void> => {
    const games = queue.waiting();
    try {
      if (games.length === 0) await rm(pendingPath, { force: true });
      else await writeFileAtomic(pendingPath, JSON.stringify({ format: PENDING_FORMAT, games }));
      keptOnDisk = true;
    } catch (error) {
      keptOnDisk = false;
      logger.warn('pending arena games not written to disk', { error: describeSqlError(error) });
      deps.writeFailed(error, 'pending arena games');
    }
  };

  const tell = (): void => {
    const waiting = queue.waiting().length;
    const problem = queue.problem();
    deps.onUnsaved(
      waiting === 0 ? null : { count: waiting, problem: problem ?? 'not saved yet', keptOnDisk },
    );
  };

  const scheduleRetry = (): void => {
    if (stopped || retryTimer !== null || queue.waiting().length === 0) return;
    retryTimer = scheduler.setTimeout(() => {
      retryTimer = null;
      void saveWaiting();
    }, retryMs);
  };

  const saveWaiting = async (): Promise<void> => {
    const before = queue.waiting().length;
    await queue.flush();
    // Only a change in what waits is worth a write; a game that waits stays in the file as it is.
    if (queue.waiting().length !== before || (before > 0 && !keptOnDisk)) await keepOnDisk();
    tell();
    scheduleRetry();
  };

  const readPending = async (): Promise<ArenaGameSummary[]> => {
    let text: string;
    try {
      text = await readFile(pendingPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        logger.warn('pending arena games unreadable', { error: describeSqlError(error) });
      return [];
    }
    try {
      const parsed = pendingSchema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data.games;
    } catch {
      // Not JSON: moved aside below.
    }
    // Damaged (a cut write from an older version, a hand edit): its bytes are kept beside it, never used.
    await quarantineFile(pendingPath, { now: () => scheduler.now() }).catch(() => undefined);
    logger.warn('pending arena games damaged: moved aside');
    return [];
  };

  const ready = readPending().then(async (games) => {
    if (games.length === 0) return;
    logger.info('arena games pending from the last run', { count: games.length });
    queue.add(games);
    await saveWaiting();
  });

  return {
    async record(summary) {
      await ready;
      // A summary the database would refuse whatever happens is not kept: it would block every game after it.
      const game = arenaGameSummarySchema.safeParse(arenaSummaryFromLive(summary));
      if (!game.success) {
        logger.error('arena game not recorded', { error: game.error.issues[0]?.message ?? 'invalid' });
        return;
      }
      const before = queue.waiting().length;
      queue.add([game.data]);
      await queue.flush();
      if (queue.waiting().length > 0 || before > 0) await keepOnDisk();
      tell();
      scheduleRetry();
    },
    async forgetWaiting() {
      await ready;
      const forgotten = await queue.clear();
      if (forgotten.length > 0) {
        await keepOnDisk();
        logger.info('arena games waiting to be saved dropped', { count: forgotten.length });
      }
      tell();
      return forgotten.length;
    },
    ready,
    stop() {
      stopped = true;
      if (retryTimer !== null) scheduler.clearTimeout(retryTimer);
      retryTimer = null;
    },
  };
}
