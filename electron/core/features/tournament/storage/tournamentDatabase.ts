import { redactDatabaseUrl } from '../../../platform/db/databaseUrl';
import { openPostgresDatabase } from '../../../platform/db/postgresDatabase';
import type { SqlDatabase } from '../../../platform/db/sqlDatabase';
import {
  openOrRecoverDatabase,
  openSqliteDatabase,
  type MovedAsideDatabase,
} from '../../../platform/db/sqliteDatabase';
import { sqliteSqlDatabase } from '../../../platform/db/sqliteSqlDatabase';
import { TOURNAMENT_CHANGES_CHANNEL } from './tournamentChanges';
import type { TournamentDatabaseLocation } from './tournamentDatabaseLocation';
import { TOURNAMENT_MIGRATIONS } from './tournamentMigrations';

export interface OpenedTournamentDatabase {
  db: SqlDatabase;
  /** The file's path, or the URL with its password shown as "***". */
  shownAs: string;
  /** The damaged file this open moved aside, or null. */
  movedAside: MovedAsideDatabase | null;
}

/**
 * Opens the desk's database where it lives, its schema brought up to date: the file (a damaged one moved
 * aside unless `recoverDamaged` is false), or PostgreSQL, whose committed changes are announced on
 * TOURNAMENT_CHANGES_CHANNEL.
 */
export async function openTournamentDatabase(
  location: TournamentDatabaseLocation,
  options: { recoverDamaged?: boolean; now?: () => number } = {},
): Promise<OpenedTournamentDatabase> {
  if (location.engine === 'postgres') {
    const db = await openPostgresDatabase(location.url, TOURNAMENT_MIGRATIONS, {
      changesChannel: TOURNAMENT_CHANGES_CHANNEL,
    });
    return { db, shownAs: redactDatabaseUrl(location.url), movedAside: null };
  }
  const { client, movedAside } =
    (options.recoverDamaged ?? true)
      ? await openOrRecoverDatabase(location.path, TOURNAMENT_MIGRATIONS, { now: options.now })
      : { client: await openSqliteDatabase(location.path, TOURNAMENT_MIGRATIONS), movedAside: null };
  return { db: sqliteSqlDatabase(client, location.path), shownAs: location.path, movedAside };
}

/**
 * Every table of the desk with its key, for a command that copies or compares whole databases. No table
 * refers to another, so any order inserts. callback_log.id and lobby_events.rowid are identity columns on
 * PostgreSQL (GENERATED ALWAYS): a copy that keeps them inserts with OVERRIDING SYSTEM VALUE, then moves the
 * sequence past them (setval of pg_get_serial_sequence).
 */
export const TOURNAMENT_TABLES: readonly { table: string; key: readonly string[] }[] = [
  { table: 'providers', key: ['provider_id'] },
  { table: 'tournaments', key: ['tournament_id'] },
  { table: 'codes', key: ['code'] },
  { table: 'code_batches', key: ['nonce'] },
  { table: 'results', key: ['code', 'game_id'] },
  { table: 'result_choices', key: ['code'] },
  { table: 'held_callbacks', key: ['code', 'game_id'] },
  { table: 'lobby_events', key: ['code', 'timestamp', 'event_type', 'player'] },
  { table: 'callback_log', key: ['id'] },
  { table: 'callback_counts', key: ['outcome'] },
  { table: 'desk_secrets', key: ['name'] },
];
