import { createClient } from '@libsql/client';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, truncate, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  describeKeptFiles,
  describeMovedAside,
  type DataFileKind,
  type MovedAsideFile,
  type RequestChannel,
  type RequestOutput,
  type Sequence,
} from '@shared/contract';
import type { CardGameRecord } from '../features/history/cardGameRecords';
import { STALE_TEMP_AGE_MS } from '../platform/fs/atomicFile';
import { historyPath, openHistoryStore } from '../features/history/historyStore';
import { silentLogger } from '../platform/log/logger';
import { createSequenceLibrary } from '../features/replay/sequenceLibrary';
import { createMemorySecretStore } from '../platform/secrets/secretStore';
import { readEnvironment } from '../platform/settings/environment';
import { SettingsStore } from '../platform/settings/settingsStore';
import { writeJsonFile } from '../features/staticData/cache/jsonFiles';
import { buildCardIndex } from '../features/staticData/cards/cardIndex';
import { openTournamentStore, tournamentDbPath } from '../features/tournament/storage/tournamentStore';
import { waitFor } from '../tools/testkit/waitFor';
import { startCore, type Core } from './startCore';

const T0 = Date.UTC(2025, 2, 1, 18, 0, 0);
const DAY = 24 * 60 * 60 * 1000;
const STAMP = /\.corrupt-\d{8}T\d{6}Z$/;
// Every outside address is a closed port on this machine: nothing leaves it, whatever starts.
const CLOSED = 'http://127.0.0.1:9';
const ENV = {
  SIGHTLINE_HOST_PORT: '0',
  SIGHTLINE_LIVE_URL: 'https://127.0.0.1:9',
  SIGHTLINE_REPLAY_URL: 'https://127.0.0.1:9',
  SIGHTLINE_CARD_URL: CLOSED,
  SIGHTLINE_DDRAGON_URL: CLOSED,
  SIGHTLINE_CARD_DATA_URL: CLOSED,
  SIGHTLINE_GAME_CONSTANTS_URL: CLOSED,
};
const SEQUENCE: Sequence = {
  cameraPosition: [
    { time: 10, value: { x: 1, y: 2, z: 3 }, blend: 'linear' },
    { time: 20, value: { x: 4, y: 5, z: 6 }, blend: 'linear' },
  ],
};

const cardGame = (game: number): CardGameRecord => ({
  startedAt: T0 + game * DAY,
  endedAt: T0 + game * DAY + 12 * 60_000,
  clientGameId: game,
  deckCode: 'CEAQCAIABQAQCAICBEAA',
  deck: { '01DE012': 3, '01IO009': 2 },
  playerName: 'Sightline',
  opponentName: 'decks_are_fun',
  result: 'win',
  plays: [{ code: '01DE012', at: T0 + game * DAY + 60_000 }],
  opponentCards: [{ code: '01NX004', count: 2, firstSeenAt: T0 + game * DAY + 70_000 }],
});

let root: string;
let dataDir: string;
let core: Core | null = null;

const sequencesDir = (): string => join(dataDir, 'sequences');
const cardIndexPath = (): string => join(dataDir, 'cache', 'cards', 'en_us', 'index.json');

/** A data folder in use: a changed setting, 40 card games, a provider, two sequences, a card index. */
async function fillDataFolder(): Promise<void> {
  const settings = await SettingsStore.open(
    join(dataDir, 'settings.json'),
    readEnvironment({}),
    silentLogger,
  );
  await settings.update({ card: { port: 4242 } });

  const history = await openHistoryStore(historyPath(dataDir));
  for (let game = 0; game < 40; game += 1) await history.cardGames.record(cardGame(game));
  history.close();

  const tournaments = await openTournamentStore(tournamentDbPath(dataDir));
  for (let provider = 1; provider <= 40; provider += 1) {
    await tournaments.saveProvider({
      providerId: provider,
      api: 'v5',
      region: 'NA',
      callbackUrl: `https://organizer.example/callback/${provider}`,
      keyFingerprint: 'abc',
      createdAt: provider,
    });
  }
  tournaments.close();
  // Into the main files, as a while of use leaves them, so a cut goes through pages that hold rows.
  // Until it says it was not blocked: a WAL left holding pages would mask the damage a test then writes into the
  // main file (SQLite reads those pages from the WAL), and the test would time out waiting for a move aside.
  for (const path of [historyPath(dataDir), tournamentDbPath(dataDir)]) {
    const raw = createClient({ url: pathToFileURL(path).href });
    for (let tries = 0; ; tries += 1) {
      const [row] = (await raw.execute('PRAGMA wal_checkpoint(TRUNCATE)')).rows;
      if (row?.[0] === 0) break;
      if (tries > 250) throw new Error(`${path}: the WAL could not be checkpointed`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    raw.close();
  }

  const sequences = createSequenceLibrary(sequencesDir());
  await sequences.save('Baron fight', SEQUENCE);
  await sequences.save('Dragon', SEQUENCE);
  await sequences.save('Intro', SEQUENCE);

  await writeJsonFile(
    cardIndexPath(),
    buildCardIndex({ locale: 'en_us', core: null, sets: [], now: new Date(T0) }),
  );
}

/** Cuts a database in the middle of a page, past its first pages. */
async function truncateMidPage(path: string): Promise<Buffer> {
  const size = (await readFile(path)).length;
  const pageSize = 4096;
  expect(size / pageSize).toBeGreaterThan(4);
  await truncate(path, Math.floor(size / pageSize / 2) * pageSize + 1000);
  return readFile(path);
}

async function cutInHalf(path: string): Promise<Buffer> {
  const whole = await readFile(path);
  const cut = whole.subarray(0, Math.floor(whole.length / 2));
  await writeFile(path, cut);
  return cut;
}

async function start(): Promise<Core> {
  core = await startCore({
    mode: 'browser',
    dataDir,
    env: readEnvironment(ENV),
    variables: {},
    rendererDir: root,
    resourcesDir: fileURLToPath(new URL('../../../resources', import.meta.url)),
    secretStore: createMemorySecretStore(),
    log: () => undefined,
  });
  return core;
}

/** The one file start-up moved aside, once every feature has looked at its files. */
async function movedAside(started: Core): Promise<MovedAsideFile> {
  await waitFor(() => started.hub.state.tournament.ready || started.hub.state.tournament.notices.length > 0);
  const [entry, ...more] = await waitFor(() =>
    started.hub.state.dataFolder.movedAside.length > 0 ? started.hub.state.dataFolder.movedAside : null,
  );
  expect(more).toEqual([]);
  if (!entry) throw new Error('nothing was moved aside');
  return entry;
}

/** What each kind of file holds after start, read through the running core: untouched unless it was moved. */
async function contents(started: Core): Promise<Record<DataFileKind, unknown>> {
  // The router is the transport's: untyped. Each answer is what the contract says the channel gives.
  const answer = async <C extends RequestChannel>(channel: C): Promise<RequestOutput<C>> => {
    const settled = await started.router(channel, {});
    if (!settled.ok) throw new Error(settled.error.message);
    return settled.value as RequestOutput<C>;
  };
  const settings = await answer('settings.get');
  const history = await answer('history.card.list');
  const sequences = await answer('replay.sequences.list');
  await waitFor(() => started.hub.state.tournament.ready);
  // The cache summary is pushed once static data has read what is cached, after start returns.
  const cache = await waitFor(() => started.hub.state.staticData.cache);
  return {
    settings: settings.settings.card.port,
    history: history.total,
    tournaments: started.hub.state.tournament.providers.length,
    sequences: sequences.map((entry) => entry.name),
    cache: cache.cards.length,
  };
}

const UNTOUCHED: Record<DataFileKind, unknown> = {
  settings: 4242,
  history: 40,
  tournaments: 40,
  sequences: ['Baron fight', 'Dragon', 'Intro'],
  cache: 1,
};

/** The entry's file sits beside where it was, under a timestamped name, holding exactly `bytes`. */
async function expectMovedBeside(entry: MovedAsideFile, file: string, bytes: Buffer): Promise<void> {
  expect(entry.file).toBe(file);
  expect(entry.movedTo?.startsWith(`${file}.corrupt-`)).toBe(true);
  expect(entry.movedTo).toMatch(STAMP);
  expect(await readFile(join(dataDir, entry.movedTo ?? ''))).toEqual(bytes);
}

async function corruptCopies(): Promise<string[]> {
  const names: string[] = [];
  for (const entry of await readdir(dataDir, { recursive: true })) if (STAMP.test(entry)) names.push(entry);
  return names;
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'sightline-damaged-'));
  dataDir = join(root, 'data');
  await fillDataFolder();
});

afterEach(async () => {
  await core?.stop();
  core = null;
  await rm(root, { recursive: true, force: true });
});

describe('starting with a damaged file in the data folder', () => {
  it('starts on all of it when nothing is damaged', async () => {
    const started = await start();
    expect(await contents(started)).toEqual(UNTOUCHED);
    expect(started.hub.state.dataFolder).toEqual({
      movedAside: [],
      writeProblem: null,
      unsavedArenaGames: null,
    });
    expect(await corruptCopies()).toEqual([]);
  });

  it('settings cut mid-write: moved aside, settings reset, everything else kept', async () => {
    const cut = await cutInHalf(join(dataDir, 'settings.json'));
    const started = await start();
    const entry = await movedAside(started);

    expect(entry).toMatchObject({
      kind: 'settings',
      file: 'settings.json',
      reset: 'settings reset to defaults',
    });
    await expectMovedBeside(entry, 'settings.json', cut);
    expect(describeMovedAside(entry)).toMatch(
      /^settings\.json was unreadable \(not valid JSON: .*\): moved to settings\.json\.corrupt-\d{8}T\d{6}Z; settings reset to defaults\.$/,
    );
    expect(describeKeptFiles([entry])).toBe(
      'Kept as they were: game history, tournaments, saved sequences and downloaded game data.',
    );
    expect(await contents(started)).toEqual({ ...UNTOUCHED, settings: 21337 });
    expect(await corruptCopies()).toEqual([entry.movedTo]);
  });

  it('history.db truncated mid-page: moved aside, history starts empty, the rest kept', async () => {
    const cut = await truncateMidPage(historyPath(dataDir));
    const started = await start();
    const entry = await movedAside(started);

    expect(entry.kind).toBe('history');
    await expectMovedBeside(entry, 'history.db', cut);
    expect(describeMovedAside(entry)).toMatch(
      /^history\.db was unreadable \((database disk image is malformed|SQLite’s integrity check failed)\): moved to history\.db\.corrupt-\d{8}T\d{6}Z; game history starts empty/,
    );
    expect(describeKeptFiles([entry])).toBe(
      'Kept as they were: settings, tournaments, saved sequences and downloaded game data.',
    );
    expect(await contents(started)).toEqual({ ...UNTOUCHED, history: 0 });
  });

  it('history.db full of garbage: moved aside, bytes and all', async () => {
    const garbage = Buffer.alloc(20_000, 0xa5);
    await writeFile(historyPath(dataDir), garbage);
    const started = await start();
    const entry = await movedAside(started);

    expect(entry).toMatchObject({ kind: 'history', problem: 'file is not a database' });
    await expectMovedBeside(entry, 'history.db', garbage);
    expect(await contents(started)).toEqual({ ...UNTOUCHED, history: 0 });
  });

  it('tournaments.db truncated mid-page: moved aside, the desk starts empty, the rest kept', async () => {
    const cut = await truncateMidPage(tournamentDbPath(dataDir));
    const started = await start();
    const entry = await movedAside(started);

    expect(entry.kind).toBe('tournaments');
    await expectMovedBeside(entry, 'tournaments.db', cut);
    expect(describeMovedAside(entry)).toMatch(/; the tournament desk starts empty/);
    expect(describeKeptFiles([entry])).toBe(
      'Kept as they were: settings, game history, saved sequences and downloaded game data.',
    );
    expect(await contents(started)).toEqual({ ...UNTOUCHED, tournaments: 0 });
  });

  it('a damaged card index: moved aside, rebuilt at the next sync, the rest kept', async () => {
    const cut = await cutInHalf(cardIndexPath());
    const started = await start();
    const entry = await movedAside(started);

    expect(entry).toMatchObject({ kind: 'cache', problem: 'not valid JSON' });
    await expectMovedBeside(entry, 'cache/cards/en_us/index.json', cut);
    expect(describeMovedAside(entry)).toMatch(/; the card index is rebuilt at the next sync/);
    expect(describeKeptFiles([entry])).toBe(
      'Kept as they were: settings, game history, tournaments, saved sequences and downloaded game data.',
    );
    expect(await contents(started)).toEqual({ ...UNTOUCHED, cache: 0 });
  });

  it('a saved sequence cut mid-write among good ones: moved aside, the others stay listed', async () => {
    const cut = await cutInHalf(join(sequencesDir(), 'Dragon.json'));
    const started = await start();
    const entry = await movedAside(started);

    expect(entry).toMatchObject({ kind: 'sequences', reset: 'that sequence is no longer listed' });
    await expectMovedBeside(entry, 'sequences/Dragon.json', cut);
    expect(describeKeptFiles([entry])).toBe(
      'Kept as they were: settings, game history, tournaments, the other saved sequences and downloaded game data.',
    );
    expect(await contents(started)).toEqual({ ...UNTOUCHED, sequences: ['Baron fight', 'Intro'] });
  });

  it('temp files of writers killed mid-write (settings, pending arena games): removed; a write in progress now is kept', async () => {
    const killed = spawnSync(process.execPath, ['-e', '']).pid;
    const leftovers = [
      `.settings.json.${killed}-0123456789ab.tmp`,
      `.arena-games-pending.json.${killed}-ba9876543210.tmp`,
      // Named before the writer's pid was in the name: gone once older than any write takes.
      '.settings.json.00112233aabb.tmp',
    ];
    for (const name of leftovers) await writeFile(join(dataDir, name), '{"half":');
    const old = new Date(Date.now() - 2 * STALE_TEMP_AGE_MS);
    await utimes(join(dataDir, '.settings.json.00112233aabb.tmp'), old, old);
    const inProgress = `.settings.json.${process.pid}-feedfacecafe.tmp`;
    await writeFile(join(dataDir, inProgress), '{"being":');

    const started = await start();
    // The leftovers and the write in progress only: the core's own writes at start (its tournament signing
    // secret) may be in progress too.
    const temps = (await readdir(dataDir)).filter((name) => [...leftovers, inProgress].includes(name));
    expect(temps).toEqual([inProgress]);
    expect(await contents(started)).toEqual(UNTOUCHED);
  });
});
