import type pg from 'pg';
import { migrationStatements, type Migration } from './migration';
import { HistoryError } from './sqliteDatabase';

/** Any fixed number, the same in every Sightline version: processes migrating one database wait on it. */
export const MIGRATION_LOCK_KEY = 5_366_849_127;

/**
 * Brings a PostgreSQL database's schema up to date: the pending migrations in one transaction, under an
 * advisory lock, with the version read inside it. Processes starting at once apply each migration once: the
 * others wait for the lock and find nothing left to do. A schema from a newer version is left as it is.
 */
export async function migratePostgres(
  pool: pg.Pool,
  migrations: readonly Migration[],
  shown: string,
): Promise<void> {
  const client = await pool.connect();
  let usable = true;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      description TEXT NOT NULL,
      applied_at BIGINT NOT NULL
    )`);
    const found = await client.query<{ version: number | null }>(
      'SELECT MAX(version) AS version FROM schema_migrations',
    );
    const current = Number(found.rows[0]?.version ?? 0);
    const latest = migrations.at(-1)?.version ?? 0;
    if (current > latest) {
      throw new HistoryError(
        `The database ${shown} was written by a newer version of Sightline (schema ${current}; this version knows up to ${latest}). It was left as it is.`,
      );
    }
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      for (const statement of migrationStatements(migration, 'postgres')) await client.query(statement);
      await client.query(
        'INSERT INTO schema_migrations (version, description, applied_at) VALUES ($1, $2, $3)',
        [migration.version, migration.description, Date.now()],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => (usable = false));
    throw error;
  } finally {
    client.release(!usable);
  }
}
