import type { SqlDatabase, SqlExecutor, SqlValue } from '../../../platform/db/sqlDatabase';
import { TOURNAMENT_CHANGES_CHANNEL } from '../storage/tournamentChanges';
import { openTournamentDatabase, TOURNAMENT_TABLES } from '../storage/tournamentDatabase';
import type { TournamentDatabaseLocation } from '../storage/tournamentDatabaseLocation';

export interface TableRows {
  table: string;
  columns: string[];
  rows: SqlValue[][];
}

/**
 * The desk's tables of one database, read and written as plain rows, whichever the engine: what `tournament
 * migrate` copies and checks. Opened as openTournamentStore opens it (the same migrations, so both sides of a
 * copy have the same schema version), a damaged file left as it is.
 */
export interface DeskTables {
  /** Every table the database has, without the migrations' own bookkeeping, sorted by name. */
  tables(): Promise<string[]>;
  columns(table: string): Promise<string[]>;
  /**
   * Whether the table has SQLite's implicit `rowid` (never declared, never in columns()): PostgreSQL declares
   * it for lobby_events, whose order of arrival it keeps, so a copy carries it across.
   */
  hasImplicitRowid(table: string): Promise<boolean>;
  /**
   * Every row of the tables, with the given columns in that order, sorted so that two engines' copies compare
   * row by row; all read in one transaction, so a desk writing meanwhile is seen wholly or not at all.
   */
  read(tables: readonly { table: string; columns: string[] }[]): Promise<TableRows[]>;
  /**
   * In one transaction: checks every named table is still empty (throws TargetNotEmpty otherwise), inserts the
   * rows in batches, then reads them back (as read() does) and hands them to `check`, before the commit. A throw
   * from either rolls the whole copy back: a target that would differ from the source is never left written.
   */
  fillEmpty(tables: readonly TableRows[], check: (written: TableRows[]) => void): Promise<void>;
  close(): Promise<void>;
}

export class TargetNotEmpty extends Error {
  override name = 'TargetNotEmpty';
  constructor(readonly table: string) {
    super(`the table ${table} is not empty`);
  }
}

/** Rows a single INSERT carries: well under both engines' limits on bound values for the widest table. */
const ROWS_PER_INSERT = 200;

/** The migrations' version table on PostgreSQL (postgresMigration.ts); SQLite keeps it in PRAGMA user_version. */
const BOOKKEEPING_TABLES = new Set(['schema_migrations']);

/** The desk's tables, sorted by name: what a copy must find on both sides. */
export const DESK_TABLES: readonly string[] = TOURNAMENT_TABLES.map(({ table }) => table).sort();

export async function openDeskTables(location: TournamentDatabaseLocation): Promise<DeskTables> {
  // As the store opens it (its schema brought up to date), but a damaged file is left as it is.
  const { db } = await openTournamentDatabase(location, { recoverDamaged: false });
  return deskTables(db);
}

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Both engines' values as one kind: a libSQL integer read as bigint, or a blob, still compares. */
function cell(value: unknown): SqlValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString('hex');
  return JSON.stringify(value);
}

/** Sorted by the rows' text, the same on both engines (their collations may order text differently). */
function sortedRows(rows: SqlValue[][]): SqlValue[][] {
  return rows
    .map((row) => ({ row, key: JSON.stringify(row) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ row }) => row);
}

function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

async function readRows(
  tx: SqlExecutor,
  tables: readonly { table: string; columns: string[] }[],
): Promise<TableRows[]> {
  const all: TableRows[] = [];
  for (const { table, columns } of tables) {
    const result = await tx.execute(`SELECT ${columns.map(quoted).join(', ')} FROM ${quoted(table)}`);
    const rows = result.rows.map((row) => columns.map((column) => cell(row[column])));
    all.push({ table, columns, rows: sortedRows(rows) });
  }
  return all;
}

function deskTables(db: SqlDatabase): DeskTables {
  const postgres = db.engine === 'postgres';
  const tableNames = async (): Promise<string[]> => {
    const result = await db.execute(
      postgres
        ? `SELECT table_name AS name FROM information_schema.tables
           WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`
        : "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'",
    );
    return result.rows
      .map((row) => String(row.name))
      .filter((name) => !BOOKKEEPING_TABLES.has(name))
      .sort();
  };
  const columnNames = async (table: string): Promise<string[]> => {
    const result = postgres
      ? await db.execute(
          `SELECT column_name AS name FROM information_schema.columns
           WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`,
          [table],
        )
      : await db.execute(`PRAGMA table_info(${quoted(table)})`);
    return result.rows.map((row) => String(row.name));
  };

  const insert = async (tx: SqlExecutor, { table, columns, rows }: TableRows): Promise<void> => {
    const row = `(${columns.map(() => '?').join(', ')})`;
    for (const batch of batches(rows, ROWS_PER_INSERT)) {
      await tx.execute(
        // PostgreSQL: explicit ids into identity columns (callback_log.id) keep the copied entries' order.
        `INSERT INTO ${quoted(table)} (${columns.map(quoted).join(', ')})
         ${postgres ? 'OVERRIDING SYSTEM VALUE' : ''} VALUES ${batch.map(() => row).join(', ')}`,
        batch.flat(),
      );
    }
    if (!postgres) return;
    // The next generated id follows the copied ones.
    const sequences = await tx.execute(
      `SELECT column_name AS name, pg_get_serial_sequence(quote_ident(?), column_name) AS sequence
       FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?`,
      [table, table],
    );
    for (const { name, sequence } of sequences.rows) {
      if (typeof sequence !== 'string' || rows.length === 0) continue;
      await tx.execute(`SELECT setval(?, (SELECT MAX(${quoted(String(name))}) FROM ${quoted(table)}))`, [
        sequence,
      ]);
    }
    await tx.execute('SELECT pg_notify(?, ?)', [TOURNAMENT_CHANGES_CHANNEL, table]);
  };

  return {
    tables: tableNames,
    columns: columnNames,
    async hasImplicitRowid(table) {
      if (postgres) return false;
      // A WITHOUT ROWID table has none: the statement fails.
      return db.execute(`SELECT rowid FROM ${quoted(table)} LIMIT 0`).then(
        () => true,
        () => false,
      );
    },
    read: (tables) =>
      db.transaction(async (tx) => {
        // One snapshot for every table (SQLite's write transaction is one already).
        if (postgres) await tx.execute('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        return readRows(tx, tables);
      }),
    fillEmpty: (tables, check) =>
      db.transaction(async (tx) => {
        for (const { table } of tables) {
          // Desks and receivers already on this database wait until the copy is in, then see all of it.
          if (postgres) await tx.execute(`LOCK TABLE ${quoted(table)} IN EXCLUSIVE MODE`);
          const found = await tx.execute(`SELECT 1 AS found FROM ${quoted(table)} LIMIT 1`);
          if (found.rows.length > 0) throw new TargetNotEmpty(table);
        }
        for (const table of tables) await insert(tx, table);
        check(await readRows(tx, tables));
      }),
    close: () => db.close(),
  };
}
