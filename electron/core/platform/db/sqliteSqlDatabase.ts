import type { Client, InArgs, ResultSet, Transaction } from '@libsql/client';
import { resolve } from 'node:path';
import type { SqlDatabase, SqlResult, SqlValue } from './sqlDatabase';

/**
 * The last call in line for each database file, shared by every client of this process on that file. SQLite
 * waits for another connection's lock by blocking the thread: a second client of the same file waiting so
 * while a transaction of the first is open across an await would hold up the very commit it waits for. In
 * line, they never meet; another process's lock is still waited for (busy_timeout).
 */
const lines = new Map<string, Promise<unknown>>();

/**
 * An opened libSQL file (openSqliteDatabase: its pragmas, on its one connection) as an SqlDatabase. Calls take
 * turns with every other call on the same file in this process (see `lines`).
 */
export function sqliteSqlDatabase(client: Client, path: string): SqlDatabase {
  const file = resolve(path);
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = (lines.get(file) ?? Promise.resolve()).then(work, work);
    const settled = turn.catch(() => undefined);
    lines.set(file, settled);
    // The line is forgotten once nothing waits in it.
    void settled.then(() => {
      if (lines.get(file) === settled) lines.delete(file);
    });
    return turn;
  };
  const run = async (target: Client | Transaction, sql: string, args: readonly SqlValue[]) =>
    sqlResult(await target.execute({ sql, args: [...args] as InArgs }));

  return {
    engine: 'file',
    execute: (sql, args = []) => inTurn(() => run(client, sql, args)),
    transaction: (work) =>
      inTurn(async () => {
        const tx = await client.transaction('write');
        try {
          const result = await work({ execute: (sql, args = []) => run(tx, sql, args) });
          await tx.commit();
          return result;
        } finally {
          tx.close();
        }
      }),
    // At once, as the client always closed: a statement still waiting fails, it is not run after.
    close: async () => client.close(),
  };
}

function sqlResult(result: ResultSet): SqlResult {
  return { rows: result.rows, rowsAffected: result.rowsAffected };
}
