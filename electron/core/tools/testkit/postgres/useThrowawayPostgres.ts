import { afterAll, beforeAll } from 'vitest';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwawayPostgres';

/**
 * One throwaway PostgreSQL server for the test file that calls this: started before its tests, stopped after.
 * Returns the server, to ask once the tests run.
 */
export function useThrowawayPostgres(): () => ThrowawayPostgres {
  let server: ThrowawayPostgres | undefined;
  // Starting a cluster takes a few seconds, more on a busy machine.
  beforeAll(async () => {
    server = await startThrowawayPostgres();
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  return () => {
    if (!server) throw new Error('The PostgreSQL server is asked for before it started (beforeAll).');
    return server;
  };
}
