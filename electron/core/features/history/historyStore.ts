import { join } from 'node:path';
import type { HistoryDelete } from '@shared/contract';
import { createArenaGameRecords, type ArenaGameRecords, type ArenaGameSummary } from './arenaGameRecords';
import { createCardGameRecords, type CardGameRecords } from './cardGameRecords';
import {
  checkIntegrity,
  openOrRecoverDatabase,
  type MovedAsideDatabase,
} from '../../platform/db/sqliteDatabase';
import { HISTORY_MIGRATIONS } from './historyMigrations';

/** The app's one history database: a SQLite file in the data folder. Nothing in it leaves the machine. */
export interface HistoryStore {
  readonly path: string;
  /** The damaged file this open moved aside (history starts anew), or null. */
  readonly movedAside: MovedAsideDatabase | null;
  readonly cardGames: CardGameRecords;
  readonly arenaGames: ArenaGameRecords;
  /** Stores an arena game's summary (validated); the same game twice is stored once. */
  recordArenaGame(summary: ArenaGameSummary): Promise<{ id: number; duplicate: boolean }>;
  /** Deletes these arena games, or every one; how many went. */
  deleteArenaGames(which: HistoryDelete): Promise<number>;
  /** Deletes the games of both kinds that started before `cutoff` (epoch ms), in one go per kind. */
  deleteStartedBefore(cutoff: number): Promise<{ arena: number; card: number }>;
  /** SQLite's integrity check: 'ok' or what is wrong. */
  checkIntegrity(): Promise<string>;
  close(): void;
}

export const HISTORY_FILE_NAME = 'history.db';

export function historyPath(dataDir: string): string {
  return join(dataDir, HISTORY_FILE_NAME);
}

/**
 * Opens the file, migrating it to the current schema; a damaged one is moved aside first (see
 * openOrRecoverDatabase). Throws a HistoryError the UI can show.
 */
export async function openHistoryStore(path: string, now: () => number = Date.now): Promise<HistoryStore> {
  const { client, movedAside } = await openOrRecoverDatabase(path, HISTORY_MIGRATIONS, { now });
  const arena = createArenaGameRecords(client, now);
  const cardGames = createCardGameRecords(client);
  return {
    path,
    movedAside,
    cardGames,
    arenaGames: arena,
    recordArenaGame: (summary) => arena.record(summary),
    deleteArenaGames: (which) => arena.delete(which),
    deleteStartedBefore: async (cutoff) => ({
      arena: await arena.deleteStartedBefore(cutoff),
      card: await cardGames.deleteStartedBefore(cutoff),
    }),
    checkIntegrity: () => checkIntegrity(client),
    close: () => client.close(),
  };
}
