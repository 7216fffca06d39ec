import { AppRequestError } from '@shared/contract';
import { describeSqlError, HistoryError } from '../../platform/db/sqliteDatabase';
import type { DownloadFile, DownloadShelf } from '../../transport/host/downloadShelf';
import type { HistoryStore } from './historyStore';

/**
 * Runs a history request on the open database: a database that could not be opened, or a read or write that
 * failed, answers with an `io` error saying why (the games stay where they are).
 */
export async function withHistoryStore<T>(
  store: Promise<HistoryStore>,
  run: (history: HistoryStore) => Promise<T>,
): Promise<T> {
  let history: HistoryStore;
  try {
    history = await store;
  } catch (error) {
    throw new AppRequestError({
      code: 'io',
      message:
        error instanceof HistoryError
          ? error.message
          : `The history database cannot be opened: ${describeSqlError(error)}.`,
    });
  }
  try {
    return await run(history);
  } catch (error) {
    if (error instanceof AppRequestError) throw error;
    throw new AppRequestError({
      code: 'io',
      message:
        error instanceof HistoryError
          ? error.message
          : `The history database failed: ${describeSqlError(error)}.`,
    });
  }
}

/** What writes games into the history and may hold finished ones not yet saved (a game's save queue). */
export interface HistoryWriter {
  /** Drops the finished games waiting to be saved, so a "delete all" sees none land after it; how many. */
  forgetWaiting(): Promise<number>;
  /** After games were deleted: the writer's views refetch. */
  changed?(): void;
}

/**
 * Offers an export's file on the shelf: a file the disk does not take (full, read-only, no such folder) is said
 * as such, apart from the database's failures; either way no game is touched.
 */
export async function offerExport(
  downloads: DownloadShelf,
  file: DownloadFile,
  write: (path: string) => Promise<void>,
): Promise<string> {
  try {
    return await downloads.offer(file, write);
  } catch (error) {
    if (error instanceof Error && 'syscall' in error) {
      const reason = 'code' in error && typeof error.code === 'string' ? `${error.code}: ` : '';
      throw new AppRequestError({
        code: 'io',
        message: `The export file could not be written (${reason}${error.message}). Nothing was deleted from the history.`,
      });
    }
    throw error;
  }
}
