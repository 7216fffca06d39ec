/**
 * One interface over the desk's two engines (the libSQL file, a PostgreSQL server): statements are written
 * once with `?` placeholders (`?N` numbers one), in SQL both engines accept; what still differs is in
 * sqlDialect.ts.
 */
export type SqlEngine = 'file' | 'postgres';

export type SqlValue = string | number | null;

/** A row by column name; numbers come back as numbers on both engines (PostgreSQL's BIGINT too). */
export type SqlRow = Readonly<Record<string, unknown>>;

export interface SqlResult {
  rows: SqlRow[];
  rowsAffected: number;
}

export interface SqlExecutor {
  execute(sql: string, args?: readonly SqlValue[]): Promise<SqlResult>;
}

export interface TransactionOptions {
  /** Announced on the database's change channel when the transaction commits (PostgreSQL's NOTIFY). */
  changed?: string;
}

export interface SqlDatabase extends SqlExecutor {
  readonly engine: SqlEngine;
  /** Runs `work` in one write transaction: committed if it returns, rolled back if it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}
