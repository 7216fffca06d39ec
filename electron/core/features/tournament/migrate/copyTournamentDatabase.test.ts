import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimPrimary } from '../../../platform/instance/runningInstance';
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../tools/testkit/postgres/throwawayPostgres';
import { loadOrCreateSigningSecret, loadSigningSecret, signingSecretPath } from '../signingSecret';
import type { TournamentDatabaseLocation } from '../storage/tournamentDatabaseLocation';
import { openTournamentStore, type TournamentStore } from '../storage/tournamentStore';
import { storedCode, storedResult } from '../../../tools/testkit/tournament/storedFixtures';
import { openDeskTables, type TableRows } from './deskTables';
import { runCli } from '../../../../cli/runCli';
import { runTournamentMigrate } from './migrateCli';

let server: ThrowawayPostgres;
let dir: string;
beforeAll(async () => {
  server = await startThrowawayPostgres();
  dir = await mkdtemp(join(tmpdir(), 'sightline-migrate-'));
}, 60_000);
afterAll(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}, 30_000);

let files = 0;
/** A data folder's tournaments.db, each in a folder of its own (its desk's signing secret file beside it). */
const newFile = (): TournamentDatabaseLocation => ({
  engine: 'file',
  path: join(dir, `folder-${(files += 1)}`, 'tournaments.db'),
});
const secretFileOf = (location: TournamentDatabaseLocation) =>
  location.engine === 'file' ? signingSecretPath(dirname(location.path)) : '';
const newPostgres = async (): Promise<TournamentDatabaseLocation> => ({
  engine: 'postgres',
  url: await server.createDatabase(),
});
const argument = (location: TournamentDatabaseLocation) =>
  location.engine === 'file' ? location.path : location.url;

const opened: TournamentStore[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});
async function open(location: TournamentDatabaseLocation): Promise<TournamentStore> {
  if (location.engine === 'file') await mkdir(dirname(location.path), { recursive: true });
  const store = await openTournamentStore(location);
  opened.push(store);
  return store;
}

/** A result with text worth carrying across engines (quotes, non-ASCII) and a team list. */
const result = (code: string, gameId: number, receivedAt: number) =>
  storedResult(code, gameId, {
    receivedAt,
    startTime: receivedAt - 1_800_000,
    gameName: 'Spring Cup — game “1”',
    winningTeam: ['Quiet Lantern'],
    losingTeam: ['Brightwater'],
  });

/**
 * A desk with a row in every table: what an organizer's tournaments.db holds after an evening (its desk signs
 * with the secret file beside it, made here as the desk makes it).
 */
async function fillEveryTable(location: TournamentDatabaseLocation): Promise<void> {
  const store = await open(location);
  await loadOrCreateSigningSecret(secretFileOf(location));
  const at = 1_790_000_000_000;
  await store.saveProvider({
    providerId: 1001,
    api: 'v5',
    region: 'EUW',
    callbackUrl: 'https://results.league.example/tournament/callback',
    keyFingerprint: 'f1e2d3',
    createdAt: at,
  });
  await store.saveTournament({
    tournamentId: 1002,
    providerId: 1001,
    api: 'v5',
    name: "Spring Cup (it's “quoted”)",
    callbackUrl: 'https://results.league.example/tournament/callback',
    createdAt: at + 1,
    firstMatchAt: at + 86_400_000,
    policy: {
      participants: 20,
      entryFee: 12.5,
      prizePoolShare: 72.5,
      betting: false,
      winCondition: 'Best of one',
    },
  });
  await store.openBatch({
    nonce: 'nonce-a',
    tournamentId: 1002,
    asked: 2,
    askedAt: at + 2,
    settings: storedCode('x').settings,
    metadata: 'Round 1',
    created: null,
  });
  await store.closeBatch('nonce-a', [
    storedCode('EUW-CODE-1', {
      status: 'in-game',
      createdAt: at + 3,
      batchNonce: 'nonce-a',
      metadata: 'Round 1',
    }),
    storedCode('EUW-CODE-2', {
      createdAt: at + 4,
      batchNonce: 'nonce-a',
      settings: {
        ...storedCode('x').settings,
        allowedParticipants: ['puuid-1'],
        enoughPlayers: true,
      },
    }),
  ]);
  await store.openBatch({
    nonce: 'nonce-pending',
    tournamentId: 1002,
    asked: 1,
    askedAt: at + 5,
    settings: storedCode('x').settings,
    metadata: '',
    created: null,
  });
  await store.recordResult(result('EUW-CODE-1', 5_000_000_001, at + 10));
  await store.recordResult(result('EUW-CODE-1', 5_000_000_002, at + 11));
  await store.recordPlayers('EUW-CODE-1', 5_000_000_001, {
    winners: ['Quiet Lantern#EUW'],
    losers: ['Brightwater#NA1'],
    durationSeconds: 1834,
  });
  await store.chooseResult('EUW-CODE-1', 5_000_000_002, at + 12);
  await store.holdCallback(result('EUW-CODE-2', 5_000_000_003, at + 13));
  await store.appendLobbyEvents('EUW-CODE-2', [
    { timestamp: at + 14, eventType: 'PlayerJoinedGameEvent', player: 'puuid-1' },
    // The same moment: their order of arrival (SQLite's rowid, PostgreSQL's declared one) decides.
    { timestamp: at + 14, eventType: 'ChampSelectStartedEvent', player: '' },
  ]);
  for (const [index, outcome] of (['accepted', 'accepted', 'duplicate', 'rejected'] as const).entries())
    await store.logCallback({
      at: at + 20 + index,
      shortCode: 'EUW-CODE-1',
      outcome,
      reason: `reason ${index}`,
    });
  // A row the file desk never signs with (a store asked once): the file beside it is its secret.
  await store.signingSecret();
}

async function everyRow(location: TournamentDatabaseLocation): Promise<TableRows[]> {
  const tables = await openDeskTables(location);
  try {
    const like: { table: string; columns: string[] }[] = [];
    for (const table of await tables.tables()) {
      // PostgreSQL's declared rowid (SQLite's is implicit): its order shows in lobbyEvents() below.
      const columns = (await tables.columns(table)).filter((column) => column !== 'rowid').sort();
      like.push({ table, columns });
    }
    return await tables.read(like);
  } finally {
    await tables.close();
  }
}

async function migrate(argv: string[], defaultSource?: TournamentDatabaseLocation) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runTournamentMigrate(argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    defaultSource: async () => defaultSource ?? newFile(),
  });
  return { code, out, err };
}

describe('tournament migrate', () => {
  it('copies a desk with every table filled from a file to PostgreSQL and back to a new file, equal row by row', async () => {
    const source = newFile();
    await fillEveryTable(source);
    const secret = await loadSigningSecret(secretFileOf(source));
    const before = await everyRow(source);
    expect(before.filter((table) => table.rows.length === 0).map((table) => table.table)).toEqual([]);
    expect(before.map((table) => table.table)).toEqual([
      'callback_counts',
      'callback_log',
      'code_batches',
      'codes',
      'desk_secrets',
      'held_callbacks',
      'lobby_events',
      'providers',
      'result_choices',
      'results',
      'tournaments',
    ]);

    const shared = await newPostgres();
    const there = await migrate(['--to', argument(shared)], source);
    expect(there.code).toBe(0);
    expect(there.out).toEqual(
      before.map(({ table, rows }) => `${table}: ${rows.length} rows copied, checked`),
    );
    // Every row as it was; the file desk's signing secret now in the database, for every desk and receiver.
    const inShared = await everyRow(shared);
    const secrets = (rows: TableRows[]) => rows.find((table) => table.table === 'desk_secrets');
    expect(inShared.filter((table) => table.table !== 'desk_secrets')).toEqual(
      before.filter((table) => table.table !== 'desk_secrets'),
    );
    expect(secrets(inShared)?.rows).toEqual([
      [expect.any(Number), 'metadata-signing', secret?.toString('hex')],
    ]);

    const back = newFile();
    const home = await migrate(['--to', argument(back), '--from', argument(shared)]);
    expect(home.code).toBe(0);
    expect(home.out).toEqual(there.out);
    expect(await everyRow(back)).toEqual(inShared);
    // The file desk there signs with the same secret: the file beside it.
    expect(await loadSigningSecret(secretFileOf(back))).toEqual(secret);

    // What the desk reads is the same on the three.
    const stores = await Promise.all([source, shared, back].map(open));
    const [a, b, c] = await Promise.all(
      stores.map(async (store) => ({
        results: await store.listResults(),
        codes: await store.listCodes(),
        batch: await store.getBatch('nonce-pending'),
        counts: await store.callbackCounts(),
        log: await store.callbackLog('accepted', 10),
        held: await store.heldCallbacks(),
        lobby: await store.lobbyEvents('EUW-CODE-2'),
        providers: await store.listProviders(),
        tournaments: await store.listTournaments(),
      })),
    );
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(a?.results.map((one) => one.counts)).toEqual([true, false]);
    expect(a?.lobby.map((event) => event.eventType)).toEqual([
      'PlayerJoinedGameEvent',
      'ChampSelectStartedEvent',
    ]);
    expect(await stores[1]?.signingSecret()).toEqual(secret);
  });

  it('refuses to copy into a folder whose desk signs with another secret, writing nothing', async () => {
    const source = newFile();
    await fillEveryTable(source);
    const shared = await newPostgres();
    expect((await migrate(['--to', argument(shared)], source)).code).toBe(0);
    const back = newFile();
    await mkdir(dirname(secretFileOf(back)), { recursive: true });
    const other = await loadOrCreateSigningSecret(secretFileOf(back));
    const refused = await migrate(['--to', argument(back), '--from', argument(shared)]);
    expect(refused.code).toBe(1);
    expect(refused.err.at(-1)).toContain('holds another signing secret than the copied desk');
    expect(await loadSigningSecret(secretFileOf(back))).toEqual(other);
    expect((await everyRow(back)).every((table) => table.rows.length === 0)).toBe(true);
  });

  it('refuses a database that made a signing secret of its own before the copy (a receiver started on it)', async () => {
    const source = newFile();
    await fillEveryTable(source);
    const shared = await newPostgres();
    const made = await (await open(shared)).signingSecret();
    const refused = await migrate(['--to', argument(shared)], source);
    expect(refused.code).toBe(1);
    expect(refused.err.at(-1)).toContain('already has a signing secret of its own');
    expect(await (await open(shared)).signingSecret()).toEqual(made);
  });

  it('copies a desk of 1,000 codes in batched inserts, every one checked', async () => {
    const source = newFile();
    await fillEveryTable(source);
    const store = await open(source);
    await store.saveCodes(
      Array.from({ length: 1000 }, (_, index) =>
        storedCode(`NA-BULK-${String(index).padStart(4, '0')}`, {
          status: 'in-game',
          createdAt: index,
          batchNonce: 'nonce-a',
        }),
      ),
    );
    const shared = await newPostgres();
    const copied = await migrate(['--to', argument(shared)], source);
    expect(copied.code).toBe(0);
    expect(copied.out).toContain('codes: 1002 rows copied, checked');
    expect(await (await open(shared)).batchSize('nonce-a')).toBe(1002);
  });

  it('writes nothing when what it reads back differs from what it copied (here a trigger rewrites a column)', async () => {
    const source = newFile();
    await fillEveryTable(source);
    const shared = await newPostgres();
    await open(shared);
    const admin = new pg.Client({ connectionString: argument(shared) });
    await admin.connect();
    try {
      await admin.query(`CREATE FUNCTION rewrite_region() RETURNS trigger AS $$
        BEGIN NEW.region := 'KR'; RETURN NEW; END $$ LANGUAGE plpgsql`);
      await admin.query(
        'CREATE TRIGGER rewrite_region BEFORE INSERT ON providers FOR EACH ROW EXECUTE FUNCTION rewrite_region()',
      );
    } finally {
      await admin.end();
    }
    const checked = await migrate(['--to', argument(shared)], source);
    expect(checked.code).toBe(1);
    expect(checked.out).toEqual([]);
    expect(checked.err.at(-1)).toBe(
      'sightline tournament: The copy did not match the source when read back (providers row 1 of 1 differs in the target), so nothing was written; the source is unchanged.',
    );
    // Rolled back: the target is as empty as before, so the next try needs no clean-up.
    const target = await open(shared);
    expect(await target.listProviders()).toEqual([]);
    expect(await target.listCodes()).toEqual([]);
  });

  it('goes on numbering the callback log after the copied entries on PostgreSQL', async () => {
    const source = newFile();
    await fillEveryTable(source);
    const shared = await newPostgres();
    expect((await migrate(['--to', argument(shared)], source)).code).toBe(0);
    const store = await open(shared);
    await store.logCallback({
      at: 1,
      shortCode: 'EUW-CODE-2',
      outcome: 'accepted',
      reason: 'after the move',
    });
    expect((await store.callbackLog('accepted', 10)).map((entry) => entry.reason)).toEqual([
      'after the move',
      'reason 1',
      'reason 0',
    ]);
    expect((await store.callbackCounts()).accepted).toBe(3);
  });

  it('refuses a target that holds other desk data, and leaves it as it was', async () => {
    const source = newFile();
    await fillEveryTable(source);
    const shared = await newPostgres();
    const other = await open(shared);
    await other.saveProvider({
      providerId: 77,
      api: 'v5',
      region: 'NA',
      callbackUrl: 'https://other.example/cb',
      keyFingerprint: 'zz',
      createdAt: 5,
    });
    const before = await everyRow(shared);

    const refused = await migrate(['--to', argument(shared)], source);
    expect(refused.code).toBe(1);
    expect(refused.out).toEqual([]);
    expect(refused.err.at(-1)).toMatch(
      /already holds desk data \(providers\) and it differs from the source: nothing was copied/,
    );
    expect(await everyRow(shared)).toEqual(before);
  });

  it('refuses a source file that is not there, and makes none', async () => {
    const missing = newFile();
    const refused = await migrate(['--to', argument(await newPostgres()), '--from', argument(missing)]);
    expect(refused.code).toBe(1);
    expect(refused.err.at(-1)).toBe(
      `sightline tournament: there is no tournament database at ${argument(missing)}`,
    );
    expect(existsSync(argument(missing))).toBe(false);
  });

  it("refuses while the app or serve runs on the source file's data folder, copying nothing", async () => {
    const source = newFile();
    await fillEveryTable(source);
    const claim = await claimPrimary(dirname(argument(source)), 'serve');
    try {
      await claim.publish('http://127.0.0.1:1');
      const shared = await newPostgres();
      const refused = await migrate(['--to', argument(shared)], source);
      expect(refused.code).toBe(1);
      expect(refused.err.at(-1)).toBe(
        `sightline tournament: serve (pid ${process.pid}) runs on ${dirname(argument(source))} and may be writing its tournaments.db: stop it, then run migrate again`,
      );
      expect((await everyRow(shared)).every((table) => table.rows.length === 0)).toBe(true);
    } finally {
      await claim.release();
    }
  });

  it('accepts again a target that already holds exactly the same rows, writing nothing', async () => {
    const source = newFile();
    await fillEveryTable(source);
    const shared = await newPostgres();
    expect((await migrate(['--to', argument(shared)], source)).code).toBe(0);
    const again = await migrate(['--to', argument(shared)], source);
    expect(again.code).toBe(0);
    expect(again.out[0]).toMatch(/^\w+: \d+ rows already there, checked$/);
  });

  it('never prints the password of a URL, in its lines nor in its errors', async () => {
    const source = newFile();
    await fillEveryTable(source);
    const shared = await newPostgres();
    const password = decodeURIComponent(new URL(argument(shared)).password);
    expect(password.length).toBeGreaterThan(8);

    const done = await migrate(['--to', argument(shared)], source);
    expect(done.code).toBe(0);
    expect(done.err.join('\n')).toContain(':***@127.0.0.1');

    const wrong = new URL(argument(shared));
    wrong.password = `${password}-wrong`;
    const refused = await migrate(['--to', wrong.href], source);
    expect(refused.code).toBe(1);
    expect(refused.err.join('\n')).toMatch(/password authentication failed/);

    const empty = newFile();
    await open(empty);
    const taken = await migrate(['--to', argument(shared)], empty);
    expect(taken.code).toBe(1);
    for (const run of [done, refused, taken]) {
      expect([...run.out, ...run.err].join('\n')).not.toContain(password);
    }
  });

  it('answers bad usage with a UsageError (exit 2 from the CLI), before opening anything', async () => {
    await expect(migrate([])).rejects.toThrow('migrate needs --to');
    await expect(migrate(['--to', 'mysql://db/x'])).rejects.toThrow('not another kind of URL');
    await expect(migrate(['--to', 'x.db', 'extra'])).rejects.toThrow('unexpected argument extra');
    const unreadable = migrate(['--to', 'postgres://admin:secret-pw@[db/x']);
    await expect(unreadable).rejects.toThrow('--to is not a valid postgres:// URL');
    await expect(unreadable).rejects.not.toThrow('secret-pw');
  });

  it('exits 2 with one line from the command line: no --to, or a file --to without a database to copy', async () => {
    const lines: string[] = [];
    const cli = (argv: string[]) =>
      runCli(['tournament', 'migrate', ...argv], {
        moduleUrl: new URL('../../../../out/main/cli.js', import.meta.url).href,
        env: { SIGHTLINE_DATA_DIR: join(dir, 'cli-data') },
        out: (line) => lines.push(line),
        err: (line) => lines.push(line),
      });
    expect(await cli([])).toBe(2);
    expect(await cli(['--to', join(dir, 'back.db')])).toBe(2);
    expect(lines).toEqual([
      'sightline tournament: migrate needs --to <postgres://… URL or file path> (see sightline tournament --help)',
      'sightline tournament: --to is a file: name the database to copy with --from <postgres://…> (see sightline tournament --help)',
    ]);
  });

  it("copies by default the data folder's tournaments.db in, and SIGHTLINE_TOURNAMENT_DATABASE_URL's desk out", async () => {
    const source = newFile();
    await fillEveryTable(source);
    const shared = await newPostgres();
    const lines: string[] = [];
    const cli = (argv: string[], env: NodeJS.ProcessEnv) =>
      runCli(['tournament', 'migrate', ...argv], {
        moduleUrl: new URL('../../../../out/main/cli.js', import.meta.url).href,
        env,
        out: (line) => lines.push(line),
        err: () => undefined,
      });
    expect(await cli(['--to', argument(shared)], { SIGHTLINE_DATA_DIR: dirname(argument(source)) })).toBe(0);
    const back = newFile();
    const fromShared = {
      SIGHTLINE_DATA_DIR: join(dir, 'elsewhere'),
      SIGHTLINE_TOURNAMENT_DATABASE_URL: argument(shared),
    };
    expect(await cli(['--to', argument(back)], fromShared)).toBe(0);
    expect(lines).toContain('codes: 2 rows copied, checked');
    expect(lines.filter((line) => line === 'codes: 2 rows copied, checked')).toHaveLength(2);
    expect((await everyRow(back)).find((table) => table.table === 'codes')?.rows).toHaveLength(2);
  });
});
