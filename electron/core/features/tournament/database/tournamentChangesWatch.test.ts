import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../tools/testkit/postgres/throwawayPostgres';
import { TOURNAMENT_CHANGES_CHANNEL } from '../storage/tournamentChanges';
import { watchTournamentChanges, type TournamentChangesWatch } from './tournamentChangesWatch';
import { waitFor } from '../../../tools/testkit/waitFor';

let server: ThrowawayPostgres;
beforeAll(async () => {
  server = await startThrowawayPostgres();
}, 60_000);
afterAll(() => server.stop(), 30_000);

const opened: { end(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.end()));
});

/** Another desk's connection: what it commits is notified as a writer on another machine would. */
async function otherClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  opened.push(client);
  return client;
}

const notify = (client: pg.Client, table: string) =>
  client.query('SELECT pg_notify($1, $2)', [TOURNAMENT_CHANGES_CHANNEL, table]);

/** A watch whose onChange calls and LISTENs are counted; resolves once it listens. */
async function countingWatch(url: string, coalesceMs = 100) {
  const seen = { changes: 0, listening: 0, troubles: [] as string[] };
  let listened: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => (listened = resolve));
  const watch: TournamentChangesWatch = watchTournamentChanges(url, () => (seen.changes += 1), {
    coalesceMs,
    firstRetryMs: 50,
    onListening: () => {
      seen.listening += 1;
      listened();
    },
    onTrouble: (message) => seen.troubles.push(message),
  });
  opened.push({ end: () => watch.close() });
  await listening;
  return { seen, watch };
}

describe('watching the shared tournament database for changes', () => {
  it('calls onChange within a second of another client notifying a change', async () => {
    const url = await server.createDatabase();
    const { seen } = await countingWatch(url);
    // Once listening it reads once (what landed before it listened), then waits.
    await waitFor(() => seen.changes === 1, 1000);
    const other = await otherClient(url);
    await notify(other, 'tournament_results');
    await waitFor(() => seen.changes === 2, 1000);
    await other.query("SELECT pg_notify('some_other_channel', 'x')");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.changes).toBe(2);
  });

  it('listens again after its connection is killed, and reads once for what it may have missed', async () => {
    const url = await server.createDatabase();
    const { seen } = await countingWatch(url);
    await waitFor(() => seen.changes === 1, 1000);
    const other = await otherClient(url);
    const killed = await other.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    expect(killed.rows[0]?.n).toBe(1);
    await waitFor(() => seen.listening === 2 && seen.changes === 2, 3000);
    expect(seen.troubles.join('\n')).toMatch(/connection .* was lost/);
    expect(seen.troubles.join('\n')).not.toContain(new URL(url).password);
    // Listening again: a later change is seen as before.
    await notify(other, 'tournament_codes');
    await waitFor(() => seen.changes === 3, 1000);
  });

  it('keeps trying while the server refuses, without the password in what it says', async () => {
    const url = await server.createDatabase();
    const wrong = new URL(url);
    wrong.password = 'not-the-password';
    const troubles: string[] = [];
    const watch = watchTournamentChanges(wrong.toString(), () => undefined, {
      firstRetryMs: 20,
      onTrouble: (message) => troubles.push(message),
    });
    opened.push({ end: () => watch.close() });
    await waitFor(() => troubles.length >= 2, 5000);
    expect(troubles[0]).toMatch(/password authentication failed/);
    expect(troubles.join('\n')).not.toContain('not-the-password');
  });

  it('makes a burst of 100 notifications a few onChange calls, not one each', async () => {
    const url = await server.createDatabase();
    // A window longer than the burst takes on a busy machine: what is measured is the coalescing, not the clock.
    const { seen } = await countingWatch(url, 1000);
    await waitFor(() => seen.changes === 1, 2000);
    const other = await otherClient(url);
    // 100 transactions one after another, each committing a change.
    await Promise.all(Array.from({ length: 100 }, () => notify(other, 'tournament_codes')));
    await waitFor(() => seen.changes >= 2, 2000);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(seen.changes - 1).toBeLessThanOrEqual(2);
  });

  it('calls nothing after close', async () => {
    const url = await server.createDatabase();
    const { seen, watch } = await countingWatch(url);
    await waitFor(() => seen.changes === 1, 1000);
    await watch.close();
    const other = await otherClient(url);
    await notify(other, 'tournament_codes');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.changes).toBe(1);
  });
});
