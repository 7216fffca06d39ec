/**
 * One step of a database's schema. Each runs in one transaction with its version mark, so a database is always
 * at exactly one version. Append only: a shipped migration never changes, a new version adds one.
 */
export interface Migration {
  version: number;
  description: string;
  /** SQLite's form (PRAGMA user_version counts them); also PostgreSQL's when `postgres` is absent. */
  statements: string[];
  /** The same step on PostgreSQL, where the SQLite form cannot run there (types, WITHOUT ROWID). */
  postgres?: string[];
}

/** The statements a migration runs on an engine. */
export function migrationStatements(migration: Migration, engine: 'file' | 'postgres'): string[] {
  return engine === 'postgres' ? (migration.postgres ?? migration.statements) : migration.statements;
}
