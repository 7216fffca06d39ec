import type { Client, InArgs, ResultSet, Transaction } from '@libsql/client';
import type { SqlDatabase, SqlResult, SqlValue } from './sqlDatabase';

/**
 * An opened libSQL file (openSqliteDatabase: its pragmas, on its one connection) as an SqlDatabase. Calls take
 * turns: a transaction holds the client's only connection, and a statement sent meanwhile would fail.
 */
export function sqliteSqlDatabase(client: Client): SqlDatabase {
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work, work);
    queue = turn.catch(() => undefined);
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
