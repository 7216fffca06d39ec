import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwawayPostgres';

let server: ThrowawayPostgres;
beforeAll(async () => {
  server = await startThrowawayPostgres();
}, 60_000);
afterAll(() => server.stop(), 30_000);

describe('a throwaway PostgreSQL server', () => {
  it('gives each caller an empty database of its own, reached with a password on loopback', async () => {
    const [first, second] = [await server.createDatabase(), await server.createDatabase()];
    expect(first).not.toBe(second);
    const client = new pg.Client({ connectionString: first });
    await client.connect();
    try {
      await client.query('CREATE TABLE t (n int)');
      const tables = await client.query(
        "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'",
      );
      expect(tables.rows[0]).toEqual({ n: 1 });
    } finally {
      await client.end();
    }
    const wrongPassword = new pg.Client({ connectionString: first.replace(/:[0-9a-f]+@/, ':wrong@') });
    await expect(wrongPassword.connect()).rejects.toThrow(/password authentication failed/);
  });
});
