import pg from 'pg';
import { databaseUrlSecrets, postgresUrl, redactDatabaseUrl, scrubSecrets } from './databaseUrl';
import type { Migration } from './migration';
import { migratePostgres } from './postgresMigration';
import { postgresPlaceholders } from './postgresPlaceholders';
import type { SqlDatabase, SqlExecutor, SqlResult, SqlValue } from './sqlDatabase';
import { describeSqlError, HistoryError } from './sqliteDatabase';

export interface PostgresDatabaseOptions {
  /** The NOTIFY channel a transaction's `changed` is announced on; none, nothing is announced. */
  changesChannel?: string;
  /** Connections kept open at most (a desk or a receiver needs few). */
  poolSize?: number;
}

/**
 * BIGINT (epoch milliseconds, game ids) read as a number, as SQLite's integers are; on this pool only, not
 * pg's global parsers, so no other PostgreSQL client in the process changes.
 */
const BIGINT_AS_NUMBER: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const CONNECT_TIMEOUT_MS = 10_000;
const TRANSACTION_ATTEMPTS = 5;

/** A deadlock or a serialization failure: the server rolled the transaction back, and it can run again. */
function isRetriable(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return code === '40P01' || code === '40001';
}

/**
 * Opens a PostgreSQL database shared by several processes and brings its schema up to date (see
 * migratePostgres). Errors name the database by its URL without the password, and never carry it.
 */
export async function openPostgresDatabase(
  url: string,
  migrations: readonly Migration[],
  options: PostgresDatabaseOptions = {},
): Promise<SqlDatabase> {
  const shown = redactDatabaseUrl(url);
  const secrets = databaseUrlSecrets(url);
  const scrub = (error: unknown): unknown => scrubbedError(error, secrets);
  if (!postgresUrl(url)) {
    throw new HistoryError(`The database ${shown} cannot be used: a postgres:// URL is expected.`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 4,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    types: BIGINT_AS_NUMBER,
  });
  // An idle connection cut (the server restarted) is dropped by the pool; the next statement opens another.
  pool.on('error', () => undefined);
  try {
    await migratePostgres(pool, migrations, shown);
  } catch (error) {
    await pool.end().catch(() => undefined);
    if (error instanceof HistoryError) throw error;
    throw new HistoryError(
      `The database ${shown} cannot be used (${scrubSecrets(describePgError(error), secrets)}). It was left as it is.`,
    );
  }

  const run = async (
    target: pg.Pool | pg.PoolClient,
    sql: string,
    args: readonly SqlValue[],
  ): Promise<SqlResult> => {
    try {
      const result = await target.query(postgresPlaceholders(sql), [...args]);
      return { rows: result.rows as SqlResult['rows'], rowsAffected: result.rowCount ?? 0 };
    } catch (error) {
      throw scrub(error);
    }
  };

  const once = async <T>(work: (tx: SqlExecutor) => Promise<T>, changed: string | undefined): Promise<T> => {
    const client = await pool.connect().catch((error: unknown) => Promise.reject(scrub(error)));
    let usable = true;
    try {
      await run(client, 'BEGIN', []);
      const result = await work({ execute: (sql, args = []) => run(client, sql, args) });
      if (changed !== undefined && options.changesChannel !== undefined) {
        // Sent by the server when (and only if) the transaction commits.
        await run(client, 'SELECT pg_notify(?, ?)', [options.changesChannel, changed]);
      }
      await run(client, 'COMMIT', []);
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => (usable = false));
      throw error;
    } finally {
      // A connection that could not roll back is closed, never handed to the next caller mid-transaction.
      client.release(!usable);
    }
  };

  return {
    engine: 'postgres',
    execute: (sql, args = []) => run(pool, sql, args),
    async transaction(work, transactionOptions = {}) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await once(work, transactionOptions.changed);
        } catch (error) {
          // Two transactions taking the same rows in opposite orders: the server cancels one; it runs again,
          if (attempt >= TRANSACTION_ATTEMPTS || !isRetriable(error)) throw error;
          // a moment apart, so the two do not meet again the same way.
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * attempt));
        }
      }
    },
    close: () => pool.end(),
  };
}

/** pg's words, with the code of a server error; a refused connection's message is sometimes empty. */
function describePgError(error: unknown): string {
  const described = describeSqlError(error);
  if (described !== '') return described;
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : 'no answer from the server';
}

/** The error with any of the URL's secrets cut out of its message (pg's own never hold them: kept so). */
function scrubbedError(error: unknown, secrets: readonly string[]): unknown {
  if (error instanceof Error) {
    const message = scrubSecrets(error.message, secrets);
    if (message !== error.message) error.message = message;
  }
  return error;
}
