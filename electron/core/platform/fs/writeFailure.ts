/** Why a write to the data folder failed, when it is the folder's fault rather than the file's. */
export type UnwritableKind = 'read-only' | 'full';

const BY_CODE: Record<string, UnwritableKind> = {
  EACCES: 'read-only',
  EPERM: 'read-only',
  EROFS: 'read-only',
  ENOSPC: 'full',
  EDQUOT: 'full',
  // SQLite's words for the same (libsql puts them in `code`). The data folder exists by the time a database is
  // opened, so a database that cannot be opened (or its log created) there is a folder that takes no writes.
  SQLITE_READONLY: 'read-only',
  SQLITE_CANTOPEN: 'read-only',
  SQLITE_FULL: 'full',
};

/**
 * 'read-only' or 'full' when the error says the data folder cannot take a write (Node's errno codes, SQLite's
 * result codes, also on an error's `cause`); null for anything else.
 */
export function unwritableKind(error: unknown): UnwritableKind | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      // SQLITE_READONLY_DIRECTORY, SQLITE_READONLY_DBMOVED…
      const kind = BY_CODE[code] ?? BY_CODE[code.replace(/^(SQLITE_[A-Z]+)_[A-Z_]+$/, '$1')];
      if (kind) return kind;
    }
    current = current.cause;
  }
  return null;
}

/**
 * Told of a failed write to the data folder. True when the folder is read-only or full: the failure has been
 * reported, and the caller keeps going on what it has in memory. False: any other error, the caller's to handle.
 */
export type WriteFailureSink = (error: unknown, what: string) => boolean;

/** For code run without the app around it (the CLI, tests): nothing is reported, every error stays the caller's. */
export const noWriteFailureSink: WriteFailureSink = () => false;
