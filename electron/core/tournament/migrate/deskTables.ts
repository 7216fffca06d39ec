import { createClient, type Client, type InValue } from '@libsql/client';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { TournamentDatabaseLocation } from '../storage/tournamentDatabaseLocation';
import { TOURNAMENT_CHANGES_CHANNEL } from '../storage/tournamentChanges';

/** A stored value as both engines give it back after normalising: blobs as hex, integers as numbers. */
export type CellValue = string | number | null;

export interface TableRows {
  table: string;
  columns: string[];
  rows: CellValue[][];
}

/**
 * The desk's tables of one database, read and written as plain rows, whichever the engine: what `tournament
 * migrate` copies and checks. The schema itself comes from openTournamentStore (its migrations), never from here.
 */
export interface DeskTables {
  /** Every table of the desk's schema, without the migrations' own bookkeeping, sorted by name. */
  tables(): Promise<string[]>;
  columns(table: string): Promise<string[]>;
  /** Every row, with the given columns in that order, sorted so that two engines' copies compare row by row. */
  rows(table: string, columns: readonly string[]): Promise<CellValue[][]>;
  /**
   * In one transaction: checks every named table is still empty (throws TargetNotEmpty otherwise, writing
   * nothing), then inserts the rows, in batches.
   */
  fillEmpty(tables: readonly TableRows[]): Promise<void>;
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

/** PostgreSQL's int8: BIGINT epoch-ms columns come back as JS numbers (they fit), from this client only. */
const INT8_OID = 20;

/** The version tables the migrations keep on PostgreSQL (SQLite keeps its version in PRAGMA user_version). */
const BOOKKEEPING_TABLES = new Set(['schema_migrations', 'schema_version', 'tournament_schema']);

export async function openDeskTables(location: TournamentDatabaseLocation): Promise<DeskTables> {
  return location.engine === 'file' ? openFileTables(location.path) : openPostgresTables(location.url);
}

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

function cell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value).toString('hex');
  if (Buffer.isBuffer(value)) return value.toString('hex');
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Sorted by the rows' text, the same on both engines (their collations may order text differently). */
function sortedRows(rows: CellValue[][]): CellValue[][] {
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

async function openFileTables(path: string): Promise<DeskTables> {
  // The file is already at the schema's version (openTournamentStore ran its migrations): a plain connection.
  const client: Client = createClient({ url: pathToFileURL(path).href, concurrency: 1 });
  await client.execute('PRAGMA busy_timeout = 5000');
  const blobColumns = new Map<string, Set<string>>();
  const columnInfo = async (table: string) => {
    const info = await client.execute(`PRAGMA table_info(${quoted(table)})`);
    return info.rows.map((row) => ({ name: String(row.name), type: String(row.type).toUpperCase() }));
  };
  return {
    async tables() {
      const result = await client.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'libsql\\_%' ESCAPE '\\' ORDER BY name",
      );
      return result.rows.map((row) => String(row.name)).filter((name) => !BOOKKEEPING_TABLES.has(name));
    },
    async columns(table) {
      const info = await columnInfo(table);
      blobColumns.set(table, new Set(info.filter((column) => column.type === 'BLOB').map((c) => c.name)));
      return info.map((column) => column.name);
    },
    async rows(table, columns) {
      const result = await client.execute(`SELECT ${columns.map(quoted).join(', ')} FROM ${quoted(table)}`);
      return sortedRows(result.rows.map((row) => columns.map((_, index) => cell(row[index]))));
    },
    async fillEmpty(tables) {
      const transaction = await client.transaction('write');
      try {
        for (const { table } of tables) {
          const found = await transaction.execute(`SELECT 1 FROM ${quoted(table)} LIMIT 1`);
          if (found.rows.length > 0) throw new TargetNotEmpty(table);
        }
        for (const { table, columns, rows } of tables) {
          const blobs =
            blobColumns.get(table) ??
            new Set((await columnInfo(table)).filter((c) => c.type === 'BLOB').map((c) => c.name));
          const toValue = (value: CellValue, column: string): InValue =>
            blobs.has(column) && typeof value === 'string' ? Buffer.from(value, 'hex') : value;
          for (const batch of batches(rows, ROWS_PER_INSERT)) {
            const placeholders = `(${columns.map(() => '?').join(', ')})`;
            await transaction.execute({
              sql: `INSERT INTO ${quoted(table)} (${columns.map(quoted).join(', ')}) VALUES ${batch.map(() => placeholders).join(', ')}`,
              args: batch.flatMap((row) => row.map((value, index) => toValue(value, columns[index] ?? ''))),
            });
          }
        }
        await transaction.commit();
      } finally {
        transaction.close();
      }
    },
    close: async () => client.close(),
  };
}

async function openPostgresTables(url: string): Promise<DeskTables> {
  const client = new pg.Client({
    connectionString: url,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (text: string) => Number(text)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  await client.connect();
  const byteaColumns = new Map<string, Set<string>>();
  const columnInfo = async (table: string) => {
    const info = await client.query<{ column_name: string; data_type: string; sequence: string | null }>(
      `SELECT column_name, data_type, pg_get_serial_sequence(quote_ident(table_name), column_name) AS sequence
       FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1
       ORDER BY ordinal_position`,
      [table],
    );
    return info.rows;
  };
  return {
    async tables() {
      const result = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
      );
      return result.rows.map((row) => row.table_name).filter((name) => !BOOKKEEPING_TABLES.has(name));
    },
    async columns(table) {
      const info = await columnInfo(table);
      byteaColumns.set(table, new Set(info.filter((c) => c.data_type === 'bytea').map((c) => c.column_name)));
      return info.map((column) => column.column_name);
    },
    async rows(table, columns) {
      const result = await client.query<CellValue[]>({
        text: `SELECT ${columns.map(quoted).join(', ')} FROM ${quoted(table)}`,
        rowMode: 'array',
      });
      return sortedRows(result.rows.map((row) => row.map(cell)));
    },
    async fillEmpty(tables) {
      await client.query('BEGIN');
      try {
        for (const { table } of tables) {
          // Desks and receivers already on this database wait until the copy is in, then see all of it.
          await client.query(`LOCK TABLE ${quoted(table)} IN EXCLUSIVE MODE`);
          const found = await client.query(`SELECT 1 FROM ${quoted(table)} LIMIT 1`);
          if (found.rows.length > 0) throw new TargetNotEmpty(table);
        }
        for (const { table, columns, rows } of tables) {
          const info = await columnInfo(table);
          const bytea =
            byteaColumns.get(table) ??
            new Set(info.filter((c) => c.data_type === 'bytea').map((c) => c.column_name));
          for (const batch of batches(rows, ROWS_PER_INSERT)) {
            let next = 0;
            const placeholders = batch.map(() => `(${columns.map(() => `$${(next += 1)}`).join(', ')})`);
            await client.query(
              // Explicit ids into identity columns (callback_log.id): the copy keeps them as they were.
              `INSERT INTO ${quoted(table)} (${columns.map(quoted).join(', ')}) OVERRIDING SYSTEM VALUE
               VALUES ${placeholders.join(', ')}`,
              batch.flatMap((row) =>
                row.map((value, index) =>
                  bytea.has(columns[index] ?? '') && typeof value === 'string'
                    ? Buffer.from(value, 'hex')
                    : value,
                ),
              ),
            );
          }
          // The next generated id follows the copied ones.
          for (const column of info) {
            if (column.sequence === null) continue;
            await client.query(
              `SELECT setval($1, COALESCE((SELECT MAX(${quoted(column.column_name)}) FROM ${quoted(table)}), 1),
                 (SELECT COUNT(*) > 0 FROM ${quoted(table)}))`,
              [column.sequence],
            );
          }
          await client.query('SELECT pg_notify($1, $2)', [TOURNAMENT_CHANGES_CHANNEL, table]);
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    close: async () => client.end(),
  };
}
