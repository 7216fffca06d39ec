import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Migration } from '../../../platform/db/migration';
import { openPostgresDatabase } from '../../../platform/db/postgresDatabase';
import type { SqlDatabase } from '../../../platform/db/sqlDatabase';
import { openSqliteDatabase } from '../../../platform/db/sqliteDatabase';
import { sqliteSqlDatabase } from '../../../platform/db/sqliteSqlDatabase';
import { useThrowawayPostgres } from '../../../tools/testkit/postgres/useThrowawayPostgres';
import { openTournamentDatabase, TOURNAMENT_TABLES } from './tournamentDatabase';
import type { TournamentDatabaseLocation } from './tournamentDatabaseLocation';
import { TOURNAMENT_MIGRATIONS } from './tournamentMigrations';
import { storedCode, storedResult } from '../../../tools/testkit/tournament/storedFixtures';
import { isLobbyEventType, lobbyEventView, openTournamentStore } from './tournamentStore';

const postgres = useThrowawayPostgres();

/** Each engine the desk runs on: a fresh empty place for a store, and a database stopped at an older schema. */
const ENGINES = [
  {
    engine: 'file',
    tables: "SELECT name FROM sqlite_master WHERE type = 'table'",
    async fresh(): Promise<TournamentDatabaseLocation> {
      return {
        engine: 'file',
        path: join(await mkdtemp(join(tmpdir(), 'sightline-tournaments-')), 'tournaments.db'),
      };
    },
    async atSchema(
      location: TournamentDatabaseLocation,
      migrations: readonly Migration[],
    ): Promise<SqlDatabase> {
      if (location.engine !== 'file') throw new Error('a file location');
      return sqliteSqlDatabase(await openSqliteDatabase(location.path, migrations), location.path);
    },
  },
  {
    engine: 'postgres',
    tables: `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_name <> 'schema_migrations'`,
    async fresh(): Promise<TournamentDatabaseLocation> {
      return { engine: 'postgres', url: await postgres().createDatabase() };
    },
    async atSchema(
      location: TournamentDatabaseLocation,
      migrations: readonly Migration[],
    ): Promise<SqlDatabase> {
      if (location.engine !== 'postgres') throw new Error('a postgres location');
      return openPostgresDatabase(location.url, migrations);
    },
  },
] as const;

const code = storedCode('NA0a1b2-11111111-2222-4333-a444-555555555555', {
  settings: { ...storedCode('').settings, allowedParticipants: ['p1', 'p2'] },
  batchNonce: 'batch-nonce-1',
});

const result = (gameId: number) => storedResult(code.code, gameId);

describe('lobby events from the API', () => {
  it('label a known type, and show an unknown one (even one named like an Object property) by its name', () => {
    const event = (eventType: string) => ({ timestamp: 1, eventType, player: 'p' });
    expect(isLobbyEventType('PlayerJoinedGameEvent')).toBe(true);
    for (const unknown of ['constructor', '__proto__', 'toString', 'SomethingNew']) {
      expect(isLobbyEventType(unknown)).toBe(false);
      expect(lobbyEventView(event(unknown)).label).toBe(unknown);
    }
  });
});

describe.each(ENGINES)('tournament store on $engine', ({ engine, fresh, atSchema, tables }) => {
  it('names every table of its database in TOURNAMENT_TABLES, for commands that copy a whole desk', async () => {
    const { db } = await openTournamentDatabase(await fresh());
    const names = (await db.execute(tables)).rows.map((row) => String(row.name));
    await db.close();
    expect(names.sort()).toEqual(TOURNAMENT_TABLES.map(({ table }) => table).sort());
  });

  it('keeps providers, tournaments, codes, results, lobby events and the callback log across a reopen', async () => {
    const path = await fresh();
    const first = await openTournamentStore(path);
    await first.saveProvider({
      providerId: 1001,
      api: 'v5',
      region: 'NA',
      callbackUrl: 'http://organizer.com/cb',
      keyFingerprint: 'abc',
      createdAt: 1,
    });
    await first.saveTournament({
      tournamentId: 1002,
      providerId: 1001,
      api: 'v5',
      name: 'Spring Cup',
      callbackUrl: 'http://organizer.com/cb',
      createdAt: 2,
      firstMatchAt: null,
      policy: {
        participants: 20,
        entryFee: 5,
        prizePoolShare: 80,
        betting: false,
        winCondition: 'Best of three; the final is best of five.',
      },
    });
    await first.saveCodes([code]);
    expect(await first.patchCode(code.code, { status: 'ended', gameEndedAt: 99 })).toBe(true);
    expect(await first.patchCode('NOT-STORED', { status: 'ended' })).toBe(false);
    expect(await first.recordResult(result(7))).toEqual({ duplicate: false });
    expect(await first.recordResult(result(7))).toEqual({ duplicate: true });
    const events = [
      { timestamp: 10, eventType: 'PracticeGameCreatedEvent', player: 'p1' },
      { timestamp: 11, eventType: 'ChampSelectStartedEvent', player: '' },
    ];
    expect(await first.appendLobbyEvents(code.code, events)).toBe(2);
    expect(await first.appendLobbyEvents(code.code, events)).toBe(0);
    await first.logCallback({ at: 5, shortCode: code.code, outcome: 'rejected', reason: 'forged' });
    first.close();

    const again = await openTournamentStore(path);
    expect(await again.listProviders()).toMatchObject([{ providerId: 1001, keyFingerprint: 'abc' }]);
    expect(await again.listTournaments()).toMatchObject([
      {
        tournamentId: 1002,
        name: 'Spring Cup',
        policy: { winCondition: 'Best of three; the final is best of five.' },
      },
    ]);
    expect(await again.getCode(code.code)).toEqual({ ...code, status: 'ended', gameEndedAt: 99 });
    expect(await again.listResults({ tournamentId: 1002 })).toEqual([result(7)]);
    expect(await again.lobbyEvents(code.code)).toEqual([
      { timestamp: 10, eventType: 'PracticeGameCreatedEvent', player: 'p1', label: 'lobby created' },
      { timestamp: 11, eventType: 'ChampSelectStartedEvent', player: '', label: 'champion select began' },
    ]);
    expect(await again.callbackCounts()).toEqual({ accepted: 0, duplicate: 0, rejected: 1 });
    again.close();
  });

  it('holds callbacks once each until they are dropped', async () => {
    const store = await openTournamentStore(await fresh());
    expect(store.engine).toBe(engine);
    expect(await store.holdCallback(result(7))).toEqual({ duplicate: false });
    expect(await store.holdCallback(result(7))).toEqual({ duplicate: true });
    expect(await store.holdCallback(result(8))).toEqual({ duplicate: false });
    expect((await store.heldCallbacks(code.code)).map((held) => held.gameId)).toEqual([7, 8]);
    expect(await store.heldCallbacks('other')).toEqual([]);
    await store.dropHeldCallback(code.code, 7);
    expect((await store.heldCallbacks()).map((held) => held.gameId)).toEqual([8]);
    expect(await store.listResults()).toEqual([]);
    store.close();
  });

  it('puts a code with a second game up for review until the organizer chooses, and again for a third', async () => {
    const store = await openTournamentStore(await fresh());
    expect(store.engine).toBe(engine);
    await store.recordResult(result(7));
    expect(await store.chooseResult(code.code, 7, 1)).toBe(false);
    expect(await store.listResults()).toMatchObject([{ gameId: 7, review: false, counts: null }]);
    await store.recordResult({ ...result(8), receivedAt: result(7).receivedAt + 1 });
    const review = (await store.listResults()).map(({ gameId, review, counts }) => ({
      gameId,
      review,
      counts,
    }));
    expect(review).toEqual([
      { gameId: 8, review: true, counts: null },
      { gameId: 7, review: true, counts: null },
    ]);
    expect(await store.chooseResult(code.code, 99, 2)).toBe(false);
    expect(await store.chooseResult(code.code, 7, 2)).toBe(true);
    expect(
      (await store.listResults({ code: code.code })).map(({ review, counts }) => [review, counts]),
    ).toEqual([
      [false, false],
      [false, true],
    ]);
    // A retry of a game already there changes nothing; a third game asks again.
    await store.recordResult(result(8));
    expect((await store.listResults()).every((stored) => stored.review === false)).toBe(true);
    await store.recordResult({ ...result(9), receivedAt: result(7).receivedAt + 2 });
    expect((await store.listResults()).map(({ review, counts }) => [review, counts])).toEqual([
      [true, null],
      [true, null],
      [true, null],
    ]);
    store.close();
  });

  it('keeps the players looked up for a result, or why the lookup failed, across a reopen', async () => {
    const path = await fresh();
    const first = await openTournamentStore(path);
    await first.recordResult(result(7));
    await first.recordResult(result(8));
    await first.recordPlayers(code.code, 7, {
      winners: ['Quiet Lantern#EUW'],
      losers: ['Brightwater#NA1'],
      durationSeconds: 1834,
    });
    await first.recordPlayers(code.code, 8, { error: 'the game could not be looked up by its code: 404' });
    first.close();
    const again = await openTournamentStore(path);
    const [eight, seven] = await again.listResults();
    expect(seven).toMatchObject({
      winners: ['Quiet Lantern#EUW'],
      losers: ['Brightwater#NA1'],
      durationSeconds: 1834,
      players: 'known',
      playersError: null,
    });
    expect(eight).toMatchObject({
      winners: [],
      players: 'failed',
      playersError: 'the game could not be looked up by its code: 404',
    });
    again.close();
  });

  it('opens results stored before the players lookup: they are still to be looked up', async () => {
    const path = await fresh();
    const old = await atSchema(
      path,
      TOURNAMENT_MIGRATIONS.filter((migration) => migration.version < 6),
    );
    const {
      winners: _w,
      losers: _l,
      durationSeconds: _d,
      players: _p,
      playersError: _e,
      review: _r,
      counts: _c,
      ...before
    } = result(7);
    await old.execute(
      `INSERT INTO results (code, game_id, tournament_id, source, received_at, record) VALUES (?, 7, 1002, 'callback', 1, ?)`,
      [code.code, JSON.stringify(before)],
    );
    await old.close();
    const store = await openTournamentStore(path);
    expect(await store.listResults()).toEqual([result(7)]);
    store.close();
  });

  it('opens a database of the first schema: its codes keep working, without a batch nonce', async () => {
    const path = await fresh();
    const old = await atSchema(path, TOURNAMENT_MIGRATIONS.slice(0, 1));
    await old.execute(
      `INSERT INTO codes (code, tournament_id, created_at, settings, metadata, status, game_ended_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [code.code, 1002, code.createdAt, JSON.stringify(code.settings), 'Game 1', 'in-game', null],
    );
    await old.close();
    const store = await openTournamentStore(path);
    expect(await store.getCode(code.code)).toEqual({ ...code, status: 'in-game', batchNonce: null });
    await store.saveCodes([{ ...code, code: 'NEW', batchNonce: 'n2' }]);
    expect((await store.getCode('NEW'))?.batchNonce).toBe('n2');
    store.close();
  });

  it('opens a database from before win conditions: its tournaments state none', async () => {
    const path = await fresh();
    const old = await atSchema(path, TOURNAMENT_MIGRATIONS.slice(0, 3));
    await old.execute(
      `INSERT INTO tournaments (tournament_id, provider_id, api, name, callback_url, created_at, first_match_at,
         participants, entry_fee, prize_pool_share, betting)
       VALUES (1002, 1001, 'v5', 'Old Cup', 'http://organizer.com/cb', 2, NULL, 20, 0, 100, 0)`,
    );
    await old.close();
    const store = await openTournamentStore(path);
    expect(await store.listTournaments()).toMatchObject([
      { tournamentId: 1002, name: 'Old Cup', policy: { participants: 20, winCondition: '' } },
    ]);
    store.close();
  });

  it('keeps the counts of a log written before it was capped, then trims the log per outcome', async () => {
    const path = await fresh();
    const old = await atSchema(path, TOURNAMENT_MIGRATIONS.slice(0, 2));
    for (const outcome of ['rejected', 'rejected', 'rejected', 'accepted']) {
      await old.execute('INSERT INTO callback_log (at, short_code, outcome, reason) VALUES (1, ?, ?, ?)', [
        code.code,
        outcome,
        'before',
      ]);
    }
    await old.close();
    const store = await openTournamentStore(path, { callbackLogKeep: 2 });
    expect(await store.callbackCounts()).toEqual({ accepted: 1, duplicate: 0, rejected: 3 });
    await store.logCallback({ at: 2, shortCode: code.code, outcome: 'rejected', reason: 'after' });
    expect((await store.callbackLog('rejected', 10)).map((entry) => entry.reason)).toEqual([
      'after',
      'before',
    ]);
    expect(await store.callbackLog('accepted', 10)).toHaveLength(1);
    expect(await store.callbackCounts()).toEqual({ accepted: 1, duplicate: 0, rejected: 4 });
    store.close();
  });
});

describe('tournament store in a file', () => {
  it('lets two stores of one process write the same file at once (the desk and a command it runs)', async () => {
    const { path } = (await ENGINES[0].fresh()) as { path: string };
    const a = await openTournamentStore(path);
    const b = await openTournamentStore(path);
    const answers = await Promise.all(
      [7, 8, 9, 10, 11].flatMap((gameId) => [a.recordResult(result(gameId)), b.recordResult(result(gameId))]),
    );
    expect(answers.filter((answer) => !answer.duplicate)).toHaveLength(5);
    expect(await b.listResults()).toHaveLength(5);
    a.close();
    b.close();
  });

  it('moves a damaged file aside and opens an empty desk; the standalone receiver leaves it and fails', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sightline-tournaments-'));
    const path = join(dir, 'tournaments.db');
    const garbage = Buffer.alloc(9000, 0x5a);
    await writeFile(path, garbage);

    await expect(openTournamentStore(path, { recoverDamaged: false })).rejects.toThrow(/cannot be used/);
    expect(await readdir(dir)).toEqual(['tournaments.db']);

    const at = Date.UTC(2026, 10, 25, 21, 5, 1);
    const store = await openTournamentStore(path, { now: () => at });
    expect(store.movedAside).toEqual({
      problem: 'file is not a database',
      movedTo: `${path}.corrupt-20261125T210501Z`,
    });
    expect(await readFile(`${path}.corrupt-20261125T210501Z`)).toEqual(garbage);
    expect(await store.listCodes()).toEqual([]);
    await store.saveCodes([code]);
    expect(await store.getCode(code.code)).toEqual(code);
    store.close();
  });
});
