import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { findRunningInstance } from '../../../platform/instance/runningInstance';
import type { TournamentDatabaseLocation } from '../storage/tournamentDatabaseLocation';
import { shownLocation } from './databaseArgument';
import { fileDeskSecret, secretFileFor, signingSecretOf, withSigningSecret } from './deskSigningSecret';
import { DESK_TABLES, openDeskTables, TargetNotEmpty, type DeskTables, type TableRows } from './deskTables';

const ROWID = 'rowid';

/** Why the copy was not made, in a sentence without any password; nothing was written to the target. */
export class MigrationRefused extends Error {
  override name = 'MigrationRefused';
}

export interface CopiedTable {
  table: string;
  rows: number;
}

export interface CopyOutcome {
  /** false when the target already held exactly the source's rows: nothing was written. */
  copied: boolean;
  tables: CopiedTable[];
}

/**
 * `tournament migrate`: the whole desk (every table of the schema) from one database into another, either
 * engine to either. Both are opened with the store's migrations, so both are at the schema's newest version.
 * A target that holds desk data is refused unless it holds exactly the source's rows; the copy is one
 * transaction, read back and compared row by row before it commits.
 */
export async function copyTournamentDatabase(
  from: TournamentDatabaseLocation,
  to: TournamentDatabaseLocation,
  now: () => number = Date.now,
): Promise<CopyOutcome> {
  if (shownLocation(from) === shownLocation(to))
    throw new MigrationRefused('--from and --to are the same database');
  // Never an empty desk made up where the source should be; the target's folder is made as needed.
  if (from.engine === 'file' && !existsSync(from.path))
    throw new MigrationRefused(`there is no tournament database at ${from.path}`);
  for (const side of [from, to]) {
    if (side.engine !== 'file') continue;
    // The app or serve may be writing that file while it is copied: the copy would miss it, or be mixed into.
    const folder = dirname(side.path);
    const running = await findRunningInstance(folder);
    if (running) {
      throw new MigrationRefused(
        `${running.kind} (pid ${running.pid}) runs on ${folder} and may be writing its tournaments.db: stop it, then run migrate again`,
      );
    }
  }
  if (to.engine === 'file') await mkdir(dirname(to.path), { recursive: true });
  const source = await openDeskTables(from);
  try {
    const target = await openDeskTables(to);
    try {
      const rows = await source.read(await sharedColumns(source, target, from, to));
      const fileSecret = await fileDeskSecret(from);
      const content = fileSecret ? withSigningSecret(rows, fileSecret, now()) : rows;
      const secretFile = await secretFileFor(to, signingSecretOf(content));
      if (secretFile.problem !== null) throw new MigrationRefused(secretFile.problem);
      const targetContent = await target.read(content);
      if (targetContent.some((table) => table.rows.length > 0)) {
        if (!sameContent(content, targetContent)) throw holdsData(to, targetContent);
        await secretFile.write();
        return { copied: false, tables: counts(content) };
      }
      try {
        await target.fillEmpty(content, (written) => {
          for (const [index, table] of content.entries()) {
            const back = written[index];
            if (!back || !isDeepStrictEqual(back.rows, table.rows)) throw new Error(mismatch(table, back));
          }
        });
      } catch (error) {
        // Someone wrote to the target between the look and the copy: the transaction wrote nothing.
        if (error instanceof TargetNotEmpty) throw holdsData(to, [{ table: error.table, rows: [[]] }]);
        throw error;
      }
      await secretFile.write();
      return { copied: true, tables: counts(content) };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/**
 * The desk's tables with the columns both databases have, in the source's order: the same tables and columns
 * on both (the same schema version), where SQLite's implicit rowid stands for the column PostgreSQL declares.
 */
async function sharedColumns(
  source: DeskTables,
  target: DeskTables,
  from: TournamentDatabaseLocation,
  to: TournamentDatabaseLocation,
): Promise<{ table: string; columns: string[] }[]> {
  const names = [...DESK_TABLES];
  for (const [side, tables] of [
    [from, source],
    [to, target],
  ] as const) {
    const found = await tables.tables();
    if (!isDeepStrictEqual(found, names)) {
      throw new MigrationRefused(
        `${shownLocation(side)} does not have the desk's tables (${names.join(', ')}; it has ${found.join(', ') || 'none'})`,
      );
    }
  }
  const shared: { table: string; columns: string[] }[] = [];
  for (const table of names) {
    const ours = await source.columns(table);
    const theirs = await target.columns(table);
    const columns =
      theirs.includes(ROWID) && !ours.includes(ROWID) && (await source.hasImplicitRowid(table))
        ? [...ours, ROWID]
        : ours;
    const expected =
      columns.includes(ROWID) && !theirs.includes(ROWID) && (await target.hasImplicitRowid(table))
        ? [...theirs, ROWID]
        : theirs;
    if (!isDeepStrictEqual([...expected].sort(), [...columns].sort()))
      throw new MigrationRefused(`${shownLocation(to)}: the table ${table} does not have the desk's columns`);
    shared.push({ table, columns });
  }
  return shared;
}

function sameContent(a: readonly TableRows[], b: readonly TableRows[]): boolean {
  return a.length === b.length && a.every((table, index) => isDeepStrictEqual(table.rows, b[index]?.rows));
}

function counts(content: readonly TableRows[]): CopiedTable[] {
  return content.map(({ table, rows }) => ({ table, rows: rows.length }));
}

function holdsData(
  to: TournamentDatabaseLocation,
  content: readonly { table: string; rows: readonly unknown[] }[],
): MigrationRefused {
  const filled = content.filter((table) => table.rows.length > 0).map((table) => table.table);
  if (filled.length === 1 && filled[0] === 'desk_secrets') {
    return new MigrationRefused(
      `${shownLocation(to)} already has a signing secret of its own (a desk or receiver was started on it before ` +
        "the copy): the copied codes' callbacks would be refused. Nothing was copied. Migrate into a new empty " +
        'database, and start the desks and receivers on it after.',
    );
  }
  return new MigrationRefused(
    `${shownLocation(to)} already holds desk data (${filled.join(', ')}) and it differs from the source: ` +
      'nothing was copied. Migrate into an empty database (or a new file).',
  );
}

/**
 * Says which table and row differ, by position and count only (row values may be secrets), and that nothing
 * was written: the transaction is rolled back, so the target is as it was and another try needs no clean-up.
 */
function mismatch(table: TableRows, back: TableRows | undefined): string {
  const rows = back?.rows ?? [];
  const differs =
    rows.length !== table.rows.length
      ? `${table.table} has ${rows.length} rows in the target, ${table.rows.length} in the source`
      : `${table.table} row ${table.rows.findIndex((row, at) => !isDeepStrictEqual(row, rows[at])) + 1} of ${table.rows.length} differs in the target`;
  return `The copy did not match the source when read back (${differs}), so nothing was written; the source is unchanged.`;
}
