import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeUnsavedArenaGames, type LiveGameSummary, type UnsavedArenaGames } from '@shared/contract';
import { createLogger } from '../../platform/log/logger';
import { createFakeScheduler } from '../../tools/testkit/fakeScheduler';
import { ARENA_PENDING_FILE, createArenaGameRecorder } from './arenaGameRecorder';
import { historyPath, openHistoryStore, type HistoryStore } from './historyStore';

const RETRY_MS = 10_000;
const GAME: LiveGameSummary = {
  endedAt: Date.UTC(2026, 10, 25, 21, 30),
  durationSeconds: 1800,
  result: 'win',
  gameMode: 'CLASSIC',
  mapNumber: 11,
  queueLabel: "Summoner's Rift",
  playerId: 'Sightline#EUW',
  championKey: 'LeeSin',
  championName: 'Lee Sin',
  kills: 7,
  deaths: 2,
  assists: 9,
  creepScore: 180,
};
const SECOND: LiveGameSummary = { ...GAME, endedAt: GAME.endedAt + 3_600_000, championName: 'Ahri' };

let dataDir: string;
let history: HistoryStore;
const opened: Array<{ stop(): void }> = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-arena-recorder-'));
  history = await openHistoryStore(historyPath(dataDir));
});
afterEach(async () => {
  for (const recorder of opened.splice(0)) recorder.stop();
  history.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The history database, with writes that fail as `failure` says while it is set. */
function flakyHistory() {
  let failure: NodeJS.ErrnoException | null = null;
  const store: HistoryStore = {
    ...history,
    cardGames: history.cardGames,
    recordArenaGame: async (summary) => {
      if (failure) throw failure;
      return history.recordArenaGame(summary);
    },
  };
  const fail = (message: string | null, code = 'SQLITE_BUSY'): void => {
    failure = message === null ? null : Object.assign(new Error(message), { code });
  };
  return { store, fail };
}

function start(store: HistoryStore, dir = dataDir) {
  const fake = createFakeScheduler(GAME.endedAt);
  const told: Array<UnsavedArenaGames | null> = [];
  const reported: string[] = [];
  const recorder = createArenaGameRecorder({
    history: Promise.resolve(store),
    logger: createLogger(() => undefined),
    scheduler: fake.scheduler,
    dataDir: dir,
    writeFailed: (error) => {
      reported.push(String((error as NodeJS.ErrnoException).code));
      return (error as NodeJS.ErrnoException).code === 'SQLITE_FULL';
    },
    onUnsaved: (unsaved) => told.push(unsaved),
    retryMs: RETRY_MS,
  });
  opened.push(recorder);
  return { recorder, fake, told, reported, last: () => told.at(-1) ?? null };
}

const pendingFile = () => join(dataDir, ARENA_PENDING_FILE);
const storedGames = async () =>
  (await history.arenaGames.list()).map((game) => `${game.champion} ${game.result}`);

describe('the arena game recorder', () => {
  it('keeps a game the history did not take, on disk too, says so, and saves it once the history takes it', async () => {
    const { store, fail } = flakyHistory();
    const { recorder, fake, last } = start(store);
    fail('database is locked');
    await recorder.record(GAME);

    expect(last()).toEqual({ count: 1, problem: 'database is locked [SQLITE_BUSY]', keptOnDisk: true });
    expect(describeUnsavedArenaGames(last() as UnsavedArenaGames)).toBe(
      '1 finished arena game is not in the history yet (database is locked [SQLITE_BUSY]): kept (also across a restart), and saved as soon as the history can take it.',
    );
    const pending = JSON.parse(await readFile(pendingFile(), 'utf8')) as { games: unknown[] };
    expect(pending.games).toEqual([expect.objectContaining({ champion: 'Lee Sin', result: 'win' })]);
    expect(await storedGames()).toEqual([]);

    // Still locked at the first retry: still kept.
    await fake.advance(RETRY_MS);
    expect(last()?.count).toBe(1);
    fail(null);
    await fake.advance(RETRY_MS);
    // The retry writes to a real database: wait for it rather than for a fixed number of ticks.
    await expect.poll(last).toBeNull();
    expect(await storedGames()).toEqual(['Lee Sin win']);
    expect(await readdir(dataDir)).not.toContain(ARENA_PENDING_FILE);
    // Nothing left to retry: no timer keeps running.
    expect(fake.pendingTimers()).toBe(0);
  });

  it('drops the games waiting to be saved when told to, the pending file included, and never saves them', async () => {
    const { store, fail } = flakyHistory();
    const { recorder, fake, last } = start(store);
    fail('database is locked');
    await recorder.record(GAME);
    await recorder.record(SECOND);
    expect(last()?.count).toBe(2);
    expect(await readdir(dataDir)).toContain(ARENA_PENDING_FILE);

    expect(await recorder.forgetWaiting()).toBe(2);
    expect(last()).toBeNull();
    expect(await readdir(dataDir)).not.toContain(ARENA_PENDING_FILE);
    fail(null);
    await fake.advance(RETRY_MS * 2);
    expect(await storedGames()).toEqual([]);
    // A restart finds nothing pending either.
    const next = start(store);
    await next.recorder.ready;
    expect(await storedGames()).toEqual([]);
    // Nothing waiting: nothing to drop, and games after it are saved as usual.
    expect(await next.recorder.forgetWaiting()).toBe(0);
    await next.recorder.record(GAME);
    expect(await storedGames()).toEqual(['Lee Sin win']);
  });

  it('saves games pending from the last run at start, oldest first, a game already saved only once', async () => {
    const { store, fail } = flakyHistory();
    const first = start(store);
    fail('database is locked');
    await first.recorder.record(GAME);
    await first.recorder.record(SECOND);
    first.recorder.stop();
    // The crash came after the first game reached the database and before the pending file was rewritten.
    await history.recordArenaGame(JSON.parse(await readFile(pendingFile(), 'utf8')).games[0]);
    fail(null);

    const next = start(store);
    await next.recorder.ready;
    const rows = await history.arenaGames.list();
    expect(rows.map((game) => game.champion).sort()).toEqual(['Ahri', 'Lee Sin']);
    expect(next.last()).toBeNull();
    expect(await readdir(dataDir)).not.toContain(ARENA_PENDING_FILE);
  });

  it('keeps the game in memory when the data folder takes no pending file either, and says so', async () => {
    const { store, fail } = flakyHistory();
    // A data folder where no file can be made (here: its path is a file's), as a full or read-only one is.
    const { recorder, fake, last, reported } = start(store, historyPath(dataDir));
    fail('database or disk is full', 'SQLITE_FULL');
    await recorder.record(GAME);
    expect(last()).toMatchObject({ count: 1, keptOnDisk: false });
    expect(describeUnsavedArenaGames(last() as UnsavedArenaGames)).toContain(
      'kept in memory only (lost if Sightline closes before then)',
    );
    // The full disk is told to the data folder's notice (once there), the pending file's failure too.
    expect(reported).toEqual(['SQLITE_FULL', 'ENOTDIR']);
    fail(null);
    await fake.advance(RETRY_MS);
    await expect.poll(last).toBeNull();
    expect(await storedGames()).toEqual(['Lee Sin win']);
  });

  it('moves a damaged pending file aside and goes on', async () => {
    await writeFile(pendingFile(), '{"format":1,"games":[{"champion":');
    const { recorder, last } = start(history);
    await recorder.ready;
    await recorder.record(GAME);
    expect(await storedGames()).toEqual(['Lee Sin win']);
    expect(last()).toBeNull();
    const names = await readdir(dataDir);
    expect(names.some((name) => name.startsWith(`${ARENA_PENDING_FILE}.corrupt-`))).toBe(true);
    expect(names).not.toContain(ARENA_PENDING_FILE);
  });
});
