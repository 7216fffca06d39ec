import { createClient, type Client } from '@libsql/client';
import { pathToFileURL } from 'node:url';
import { restrictToOwner } from '../fs/privateDir';
import { DATABASE_COMPANIONS, quarantineFile } from '../fs/quarantine';
import type { Migration } from './migration';

/** Why the history cannot be used, in words the UI shows as they are. */
export class HistoryError extends Error {
  override name = 'HistoryError';
}

/** The file is not a database, or SQLite's check finds it broken (cut mid-page, overwritten). */
class DamagedDatabaseError extends HistoryError {
  constructor(
    path: string,
    readonly problem: string,
    options?: ErrorOptions,
  ) {
    super(`The database ${path} is damaged (${problem}).`, options);
  }
}

/** A damaged database moved aside at open: why, and where its bytes are (its -wal and -shm beside them). */
export interface MovedAsideDatabase {
  problem: string;
  movedTo: string;
}

export interface RecoveredDatabase {
  client: Client;
  movedAside: MovedAsideDatabase | null;
}

/**
 * Opens the database as openSqliteDatabase does, after SQLite's quick check. A damaged file (not a database, cut
 * mid-page, failing the check or its first query) is moved aside with its companions (see quarantineFile), nothing
 * of it lost, and a new one is started. A file from a newer version is not damaged: it is left as it is.
 */
export async function openOrRecoverDatabase(
  path: string,
  migrations: readonly Migration[],
  options: { now?: () => number } = {},
): Promise<RecoveredDatabase> {
  try {
    return { client: await openSqliteDatabase(path, migrations, { check: true }), movedAside: null };
  } catch (error) {
    if (!(error instanceof DamagedDatabaseError)) throw error;
    let movedTo: string;
    try {
      ({ movedTo } = await quarantineFile(path, { companions: DATABASE_COMPANIONS, now: options.now }));
    } catch (moveError) {
      throw new HistoryError(
        `${error.message} It could not be moved aside (${describeSqlError(moveError)}) and was left as it is.`,
        { cause: moveError },
      );
    }
    const client = await openSqliteDatabase(path, migrations);
    return { client, movedAside: { problem: error.problem, movedTo } };
  }
}

/**
 * Opens (or creates) a database file (the history's, the tournaments'): WAL so a crash mid-write keeps every committed game,
 * synchronous FULL so a committed game is on disk, then the pending migrations. A file that is not a
 * database, or one from a newer version of the app, is left untouched and reported.
 */
export async function openSqliteDatabase(
  path: string,
  migrations: readonly Migration[],
  options: { check?: boolean } = {},
): Promise<Client> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openSqliteDatabaseOnce(path, migrations, options);
    } catch (error) {
      // Processes opening a new file together (the app, serve and a receiver starting at once): switching it to
      // WAL needs the file to itself, and SQLite answers "locked" at once rather than waiting. The next try finds
      // it switched, or takes its turn.
      if (!isBusy(error) || attempt >= OPEN_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt));
    }
  }
}

/** Tries of an open that SQLite finds locked: about 1.4 s in all. */
const OPEN_ATTEMPTS = 10;

function isBusy(error: unknown): boolean {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error && (cause as { code?: unknown }).code === 'SQLITE_BUSY';
}

async function openSqliteDatabaseOnce(
  path: string,
  migrations: readonly Migration[],
  options: { check?: boolean },
): Promise<Client> {
  let client: Client;
  try {
    // One connection: the pragmas below are per connection, and one writer is all the app needs.
    client = createClient({ url: pathToFileURL(path).href, concurrency: 1 });
  } catch (error) {
    throw new HistoryError(`The history database ${path} cannot be opened: ${describeSqlError(error)}.`);
  }
  try {
    await client.execute('PRAGMA busy_timeout = 5000');
    // Before anything writes: switching to WAL would already change a newer version's file.
    const current = await refuseNewerSchema(client, path, migrations);
    if (options.check) {
      // Before anything writes, too: a broken file is moved aside as it was found.
      const verdict = await quickCheck(client);
      // Its own words ("Tree 12 page 12: btreeInitPage() returns error code 11") mean nothing to a user.
      if (verdict !== 'ok') throw new DamagedDatabaseError(path, 'SQLite’s integrity check failed');
    }
    await client.execute('PRAGMA journal_mode = WAL');
    await client.execute('PRAGMA synchronous = FULL');
    await client.execute('PRAGMA foreign_keys = ON');
    await migrate(client, current, migrations);
    // SQLite creates the file by the umask and gives its WAL and shared-memory files the file's mode.
    await restrictToOwner(path, `${path}-wal`, `${path}-shm`);
    return client;
  } catch (error) {
    client.close();
    if (error instanceof HistoryError) throw error;
    if (options.check && isDamage(error)) {
      throw new DamagedDatabaseError(path, sqlMessage(error), { cause: error });
    }
    throw new HistoryError(
      `The history database ${path} cannot be used (${describeSqlError(error)}). It was left as it is.`,
      { cause: error },
    );
  }
}

export async function schemaVersion(client: Client): Promise<number> {
  const result = await client.execute('PRAGMA user_version');
  return Number(result.rows[0]?.user_version ?? 0);
}

async function refuseNewerSchema(
  client: Client,
  path: string,
  migrations: readonly Migration[],
): Promise<number> {
  const current = await schemaVersion(client);
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new HistoryError(
      `The history database ${path} was written by a newer version of Sightline (schema ${current}; this version knows up to ${latest}). It was left as it is.`,
    );
  }
  return current;
}

async function migrate(client: Client, current: number, migrations: readonly Migration[]): Promise<void> {
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    const write = await client.transaction('write');
    try {
      // Read again under the write lock: another process opening the same new file at once (the app, serve and
      // a receiver starting together) may have run this step since this one looked.
      const again = await write.execute('PRAGMA user_version');
      if (Number(again.rows[0]?.user_version ?? 0) >= migration.version) continue;
      for (const statement of migration.statements) await write.execute(statement);
      await write.execute(`PRAGMA user_version = ${migration.version}`);
      await write.commit();
    } finally {
      write.close();
    }
  }
}

/** SQLite's quicker check (structure, not index contents): 'ok', or the first things wrong. */
async function quickCheck(client: Client): Promise<string> {
  const result = await client.execute('PRAGMA quick_check(5)');
  return result.rows.map((row) => String(row.quick_check)).join('; ');
}

/** SQLITE_CORRUPT (and its extended codes) or SQLITE_NOTADB: the bytes are wrong, not the folder or a lock. */
function isDamage(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/.test(code);
}

function sqlMessage(error: unknown): string {
  return error instanceof Error ? error.message.replace(/^SQLITE_[A-Z_]+:\s*/, '') : String(error);
}

/** SQLite's own check of the whole file: 'ok', or what is wrong. */
export async function checkIntegrity(client: Client): Promise<string> {
  const result = await client.execute('PRAGMA integrity_check');
  return result.rows.map((row) => String(row.integrity_check)).join('; ');
}

export function describeSqlError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const message = error.message.replace(/^SQLITE_[A-Z_]+:\s*/, '');
    return typeof code === 'string' && code !== '' && !message.includes(code)
      ? `${message} [${code}]`
      : message;
  }
  return String(error);
}
