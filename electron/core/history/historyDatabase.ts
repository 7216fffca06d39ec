import { createClient, type Client } from '@libsql/client';
import { pathToFileURL } from 'node:url';
import { restrictToOwner } from '../fs/privateDir';
import { HISTORY_MIGRATIONS, type Migration } from './historyMigrations';

/** Why the history cannot be used, in words the UI shows as they are. */
export class HistoryError extends Error {
  override name = 'HistoryError';
}

/**
 * Opens (or creates) the history database file: WAL so a crash mid-write keeps every committed game,
 * synchronous FULL so a committed game is on disk, then the pending migrations. A file that is not a
 * database, or one from a newer version of the app, is left untouched and reported.
 */
export async function openHistoryDatabase(
  path: string,
  migrations: readonly Migration[] = HISTORY_MIGRATIONS,
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
    throw new HistoryError(
      `The history database ${path} cannot be used (${describeSqlError(error)}). It was left as it is.`,
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
    await client.batch([...migration.statements, `PRAGMA user_version = ${migration.version}`], 'write');
  }
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
