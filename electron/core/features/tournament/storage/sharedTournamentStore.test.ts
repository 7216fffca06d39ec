import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../../tools/testkit/postgres/throwawayPostgres';
import { useThrowawayPostgres } from '../../../tools/testkit/postgres/useThrowawayPostgres';
import { storedCode, storedResult } from '../../../tools/testkit/tournament/storedFixtures';
import { TOURNAMENT_CHANGES_CHANNEL } from './tournamentChanges';
import { TOURNAMENT_MIGRATIONS } from './tournamentMigrations';
import { openTournamentStore, type StoredCode, type TournamentStore } from './tournamentStore';

/**
 * One PostgreSQL database shared by several stores, each with its own pool of connections as a desk or a
 * receiver on another machine has: what they write at once is neither lost nor recorded twice.
 */
const postgres = useThrowawayPostgres();

const code = (name: string) => storedCode(name);
const result = (shortCode: string, gameId: number) =>
  storedResult(shortCode, gameId, { receivedAt: 1_700_000_100_000 + gameId });

/** `count` stores on one new database, opened at once. */
async function storesOnOneDatabase(count: number): Promise<{ url: string; stores: TournamentStore[] }> {
  const url = await postgres().createDatabase();
  const stores = await Promise.all(
    Array.from({ length: count }, () => openTournamentStore({ engine: 'postgres', url })),
  );
  return { url, stores };
}

async function query<Row extends pg.QueryResultRow>(url: string, sql: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(sql)).rows;
  } finally {
    await client.end();
  }
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('stores of several processes on one PostgreSQL database', () => {
  it('all open when four start at once on a new database, each migration applied once', async () => {
    const { url, stores } = await storesOnOneDatabase(4);
    const applied = await query<{ version: number }>(
      url,
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(applied.map((row) => row.version)).toEqual(
      TOURNAMENT_MIGRATIONS.map((migration) => migration.version),
    );
    for (const store of stores) expect(await store.listCodes()).toEqual([]);
    for (const store of stores) store.close();
  });

  it('record a result two receivers get at once exactly once: one of them is told it is new', async () => {
    const { stores } = await storesOnOneDatabase(2);
    const [a, b] = stores as [TournamentStore, TournamentStore];
    await a.saveCodes([code('C1')]);
    const games = range(20);
    const answers = await Promise.all(
      games.map(async (gameId) =>
        Promise.all([a.recordResult(result('C1', gameId)), b.recordResult(result('C1', gameId))]),
      ),
    );
    for (const pair of answers) {
      expect(pair.filter((answer) => !answer.duplicate)).toHaveLength(1);
    }
    expect(
      (await b.listResults({ code: 'C1' })).map((stored) => stored.gameId).sort((x, y) => x - y),
    ).toEqual(games);
    a.close();
    b.close();
  });

  it('keep every code two admins create at once, none twice, the shared ones once', async () => {
    const { stores } = await storesOnOneDatabase(2);
    const [a, b] = stores as [TournamentStore, TournamentStore];
    const made = (admin: string) => range(15).map((n) => code(`${admin}-${n}`));
    const shared = range(5).map((n) => code(`BOTH-${n}`));
    await Promise.all([
      ...made('A').map((one) => a.saveCodes([one, ...shared])),
      ...made('B').map((one) => b.saveCodes([one, ...shared])),
    ]);
    const codes = (await a.listCodes()).map((stored) => stored.code);
    expect(codes).toHaveLength(35);
    expect(new Set(codes)).toEqual(new Set([...made('A'), ...made('B'), ...shared].map((one) => one.code)));
    a.close();
    b.close();
  });

  it('keep what two desks save at once in opposite orders: neither fails on the other’s locks', async () => {
    const { stores } = await storesOnOneDatabase(2);
    const [a, b] = stores as [TournamentStore, TournamentStore];
    const codes = range(30).map((n) => code(`ORDER-${n}`));
    for (let round = 0; round < 5; round += 1) {
      await Promise.all([a.saveCodes(codes), b.saveCodes([...codes].reverse())]);
    }
    expect(await b.listCodes()).toHaveLength(30);
    // Lobby events keep the order they came in, so they are not sorted: a deadlock between two desks is retried.
    for (let round = 0; round < 3; round += 1) {
      const events = range(30).map((n) => ({
        timestamp: round * 100 + n,
        eventType: 'PlayerJoinedGameEvent',
        player: 'p',
      }));
      const added = await Promise.all([
        a.appendLobbyEvents('C1', events),
        b.appendLobbyEvents('C1', [...events].reverse()),
      ]);
      expect(added[0] + added[1]).toBe(30);
    }
    expect(await a.lobbyEvents('C1')).toHaveLength(90);
    a.close();
    b.close();
  });

  it('lose no update: counts, lobby events, and a code whose status one desk and whose settings another change at once', async () => {
    const { stores } = await storesOnOneDatabase(2);
    const [a, b] = stores as [TournamentStore, TournamentStore];
    // Each callback counted, whichever receiver logged it.
    const entry = { at: 1, shortCode: 'C1', outcome: 'accepted' as const, reason: 'ok' };
    await Promise.all(range(25).flatMap(() => [a.logCallback(entry), b.logCallback(entry)]));
    expect(await a.callbackCounts()).toEqual({ accepted: 50, duplicate: 0, rejected: 0 });
    // The same lobby events from two desks: each stored once, and counted new by exactly one of them.
    const events = range(10).map((n) => ({
      timestamp: n,
      eventType: 'PlayerJoinedGameEvent',
      player: `p${n}`,
    }));
    const added = await Promise.all(
      events.flatMap((event) => [a.appendLobbyEvents('C1', [event]), b.appendLobbyEvents('C1', [event])]),
    );
    expect(added.reduce((sum, n) => sum + n, 0)).toBe(10);
    expect(await b.lobbyEvents('C1')).toHaveLength(10);
    // One desk's lobby status and another admin's new settings for one code at once: both stand.
    await a.saveCodes([code('C1')]);
    const settings = { ...code('C1').settings, pickType: 'TOURNAMENT_DRAFT' as const, teamSize: 3 };
    for (let round = 0; round < 10; round += 1) {
      const status = round % 2 === 0 ? ('ended' as const) : ('lobby' as const);
      await Promise.all([
        a.patchCode('C1', { status, gameEndedAt: round }),
        b.patchCode('C1', { settings: { ...settings, teamSize: round + 1 } }),
      ]);
      expect(await b.getCode('C1')).toMatchObject({
        status,
        gameEndedAt: round,
        settings: { pickType: 'TOURNAMENT_DRAFT', teamSize: round + 1 },
      });
    }
    // Players looked up by two desks for two games of one code: both kept.
    await a.recordResult(result('C1', 1));
    await a.recordResult(result('C1', 2));
    await Promise.all([
      a.recordPlayers('C1', 1, { winners: ['W#1'], losers: ['L#1'], durationSeconds: 10 }),
      b.recordPlayers('C1', 2, { error: 'not found' }),
    ]);
    expect((await b.listResults({ code: 'C1' })).map((stored) => stored.players)).toEqual([
      'failed',
      'known',
    ]);
    // Two admins choosing different games of the code at once: one choice stands, and exactly one game counts.
    expect(await Promise.all([a.chooseResult('C1', 1, 3), b.chooseResult('C1', 2, 3)])).toEqual([true, true]);
    const counted = (await a.listResults({ code: 'C1' })).filter((stored) => stored.counts === true);
    expect(counted).toHaveLength(1);
    a.close();
    b.close();
  });

  it('give every process the same 32-byte signing secret, made by whichever asked first', async () => {
    const { url, stores } = await storesOnOneDatabase(4);
    const secrets = await Promise.all(stores.map((store) => store.signingSecret()));
    expect(secrets[0]).toHaveLength(32);
    for (const secret of secrets) expect(secret.equals(secrets[0] as Buffer)).toBe(true);
    for (const store of stores) store.close();
    const later = await openTournamentStore({ engine: 'postgres', url });
    expect((await later.signingSecret()).equals(secrets[0] as Buffer)).toBe(true);
    later.close();
  });

  it('announce a committed change on the changes channel, and nothing for a write rolled back', async () => {
    const { url, stores } = await storesOnOneDatabase(1);
    const store = stores[0] as TournamentStore;
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    const heard: string[] = [];
    const next = () =>
      new Promise<string>((resolve) =>
        listener.once('notification', (message: pg.Notification) => resolve(message.payload ?? '')),
      );
    listener.on('notification', (message: pg.Notification) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN ${TOURNAMENT_CHANGES_CHANNEL}`);
    try {
      let heardNext = next();
      await store.recordResult(result('C1', 7));
      expect(await heardNext).toBe('results');

      // A batch whose second code breaks the schema (what a bug would send): neither code is kept, none announced.
      const broken = { ...code('C3'), status: null } as unknown as StoredCode;
      await expect(store.saveCodes([code('C2'), broken])).rejects.toThrow();
      expect(await store.getCode('C2')).toBeNull();
      heardNext = next();
      await store.logCallback({ at: 1, shortCode: 'C1', outcome: 'accepted', reason: 'ok' });
      expect(await heardNext).toBe('callback_log');
      expect(heard).toEqual(['results', 'callback_log']);
    } finally {
      await listener.end();
      store.close();
    }
  });

  it('never show the URL’s password: not in the store’s path, not in an error', async () => {
    const url = await postgres().createDatabase();
    const password = new URL(url).password;
    const store = await openTournamentStore({ engine: 'postgres', url });
    expect(store.path).not.toContain(password);
    expect(store.path).toBe(url.replace(`:${password}@`, ':***@'));
    store.close();

    const failures = [
      url.replace(/\/[^/]+$/, '/no_such_database'),
      url.replace(`:${password}@`, `:${password}x@`),
      url.replace(`:${postgres().port}/`, `:${await freeLoopbackPort()}/`),
    ];
    for (const wrong of failures) {
      const error = await openTournamentStore({ engine: 'postgres', url: wrong }).then(
        () => new Error('opened'),
        (failure: unknown) => failure as Error,
      );
      expect(error.message).toMatch(/cannot be used/);
      expect(error.message).toContain(':***@127.0.0.1');
      expect(
        JSON.stringify({ message: error.message, stack: error.stack, cause: String(error.cause) }),
      ).not.toContain(password);
    }
  });

  it('leave none of their connections on the server once close() settles', async () => {
    const { url, stores } = await storesOnOneDatabase(2);
    const [a, b] = stores as [TournamentStore, TournamentStore];
    await Promise.all([a.listCodes(), a.saveCodes([code('C-CLOSE')]), b.listCodes()]);
    const database = new URL(url).pathname.slice(1);
    const connections = async () => {
      const [row] = await query<{ count: string }>(
        url,
        `SELECT count(*) FROM pg_stat_activity WHERE datname = '${database}' AND pid <> pg_backend_pid()`,
      );
      return Number(row?.count);
    };
    expect(await connections()).toBeGreaterThanOrEqual(2);
    await Promise.all([a.close(), b.close()]);
    expect(await connections()).toBe(0);
  });
});
