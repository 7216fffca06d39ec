import { dirname } from 'node:path';
import { createFileExclusive } from '../../../platform/fs/atomicFile';
import { loadSigningSecret, signingSecretPath } from '../signingSecret';
import type { TournamentDatabaseLocation } from '../storage/tournamentDatabaseLocation';
import { SIGNING_SECRET } from '../storage/tournamentStore';
import type { TableRows } from './deskTables';

/**
 * The signing secret travels with the desk. A tournaments.db desk signs with the 0600 file beside it
 * (tournament-signing-secret); a shared database's desks and receivers sign with its desk_secrets row. A copy
 * that left it behind would have every code's callbacks refused (403) on the other side.
 */

const SECRETS_TABLE = 'desk_secrets';

/** The secret a file desk signs with: the file beside its tournaments.db, null when it has none yet. */
export async function fileDeskSecret(location: TournamentDatabaseLocation): Promise<Buffer | null> {
  return location.engine === 'file' ? loadSigningSecret(secretFileBeside(location.path)) : null;
}

/** The content with the signing secret's row set to `secret` (the file desk's own wins over a stale row). */
export function withSigningSecret(content: readonly TableRows[], secret: Buffer, now: number): TableRows[] {
  return content.map((table) => {
    if (table.table !== SECRETS_TABLE) return table;
    const at = (column: string) => table.columns.indexOf(column);
    const others = table.rows.filter((row) => row[at('name')] !== SIGNING_SECRET);
    const old = table.rows.find((row) => row[at('name')] === SIGNING_SECRET);
    const row = table.columns.map((column, index) =>
      column === 'name'
        ? SIGNING_SECRET
        : column === 'secret'
          ? secret.toString('hex')
          : column === 'created_at'
            ? (old?.[index] ?? now)
            : (old?.[index] ?? null),
    );
    return { ...table, rows: [...others, row] };
  });
}

/** The signing secret a copied content holds, null when none. */
export function signingSecretOf(content: readonly TableRows[]): Buffer | null {
  const table = content.find((one) => one.table === SECRETS_TABLE);
  const row = table?.rows.find((one) => one[table.columns.indexOf('name')] === SIGNING_SECRET);
  const hex = row?.[table?.columns.indexOf('secret') ?? -1];
  return typeof hex === 'string' ? Buffer.from(hex, 'hex') : null;
}

/**
 * For a copy into a file: the secret file its desk will sign with. Refused (a sentence, nothing written)
 * when the folder already holds another secret; written (0600, never over a file
 * another process made meanwhile) when it holds none.
 */
export async function secretFileFor(
  location: TournamentDatabaseLocation,
  secret: Buffer | null,
): Promise<{ problem: string | null; write(): Promise<void> }> {
  const nothing = async () => undefined;
  if (location.engine !== 'file' || secret === null) return { problem: null, write: nothing };
  const file = secretFileBeside(location.path);
  const existing = await loadSigningSecret(file);
  if (existing?.equals(secret)) return { problem: null, write: nothing };
  if (existing) {
    return {
      problem: `${file} holds another signing secret than the copied desk's: its codes' callbacks would be refused. Move it aside (or copy into another folder) and run migrate again.`,
      write: nothing,
    };
  }
  return { problem: null, write: () => createFileExclusive(file, secret.toString('hex')) };
}

function secretFileBeside(path: string): string {
  return signingSecretPath(dirname(path));
}
