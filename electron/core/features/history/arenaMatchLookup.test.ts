import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayedMatchSearch } from '@shared/contract';
import { openOrRecoverDatabase } from '../../platform/db/sqliteDatabase';
import { createScriptedHttpClient } from '../../tools/testkit/scriptedHttpClient';
import { arenaGameSummary } from '../../tools/testkit/history/arenaGames';
import { openTestFeatureContext } from '../../tools/testkit/testFeatureContext';
import { createDownloadShelf, type DownloadShelf } from '../../transport/host/downloadShelf';
import { EMPTY_CARD_CATALOG } from '../card/catalog/cardCatalog';
import { historyCardFacts } from '../card/historyCardFacts';
import type { ArenaGameSummary } from './arenaGameRecords';
import type { PlayedGame } from './arenaMatchLookup';
import { createHistoryFeature, type HistoryFeature } from './historyFeature';
import { HISTORY_MIGRATIONS } from './historyMigrations';
import { openHistoryStore, type HistoryStore } from './historyStore';

const T0 = Date.UTC(2026, 10, 28, 18);

function arenaGame(overrides: Partial<ArenaGameSummary> = {}): ArenaGameSummary {
  return arenaGameSummary(T0, { playerId: 'Sightline#EUW', ...overrides });
}

let dir = '';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await rm(dir, { recursive: true, force: true });
});

/** The history feature on `history.db` in a fresh folder, finding matches with `find`. */
async function openHistory(
  find?: (game: PlayedGame) => Promise<PlayedMatchSearch>,
  seed?: () => Promise<void>,
) {
  if (!seed) dir = await mkdtemp(join(tmpdir(), 'sightline-arena-match-'));
  await seed?.();
  const { client } = createScriptedHttpClient(() => ({ kind: 'refused' }));
  const context = await openTestFeatureContext({ dataDir: dir, http: client });
  const store = openHistoryStore(join(dir, 'history.db'), () => T0 + 3_600_000);
  const downloads: DownloadShelf = createDownloadShelf({ parentDir: dir });
  const feature: HistoryFeature = createHistoryFeature(context, {
    store,
    cards: historyCardFacts(EMPTY_CARD_CATALOG),
    downloads,
    findPlayedMatch: find,
  });
  const history: HistoryStore = await store;
  cleanups.push(async () => {
    await feature.stop?.();
    history.close();
    await downloads.close();
  });
  return { feature, history, downloads };
}

const list = (feature: HistoryFeature) =>
  feature.handlers['history.arena.list']({ limit: 50, offset: 0 }).then((page) => page.games);

describe("an arena game's web API match", () => {
  it('is looked up when its details open, stored with its queue, and not asked for again', async () => {
    const asked: PlayedGame[] = [];
    const { feature, history } = await openHistory(async (game) => {
      asked.push(game);
      return { state: 'found', matchId: 'EUW1_7100800001', queueId: 440 };
    });
    const { id } = await history.recordArenaGame(arenaGame());
    expect((await list(feature))[0]).toMatchObject({
      queue: "Summoner's Rift 5v5",
      matchId: null,
      queueId: null,
    });

    expect(await feature.handlers['history.arena.match']({ id })).toEqual({
      state: 'found',
      matchId: 'EUW1_7100800001',
      queueId: 440,
      queue: '5v5 Ranked Flex',
    });
    expect(asked).toEqual([{ riotId: 'Sightline#EUW', startedAt: T0, durationSeconds: 1800 }]);
    // Stored on the row: the list names the exact queue, and opening it again asks nothing.
    expect((await list(feature))[0]).toMatchObject({
      queue: '5v5 Ranked Flex',
      matchId: 'EUW1_7100800001',
      queueId: 440,
    });
    await feature.handlers['history.arena.match']({ id });
    expect(asked).toHaveLength(1);
  });

  it('is looked up once a game is recorded from the scoreboard', async () => {
    let found: (game: PlayedGame) => void = () => undefined;
    const lookedUp = new Promise<PlayedGame>((resolve) => (found = resolve));
    const { feature } = await openHistory(async (game) => {
      found(game);
      return { state: 'found', matchId: 'EUW1_7100800002', queueId: 420 };
    });
    feature.recordArenaGame({
      endedAt: T0 + 1_500_000,
      durationSeconds: 1500,
      championName: 'Jinx',
      championKey: 'Jinx',
      playerId: 'Sightline#EUW',
      kills: 1,
      deaths: 2,
      assists: 3,
      creepScore: 200,
      result: 'win',
      gameMode: 'CLASSIC',
      mapNumber: 11,
      queueLabel: "Summoner's Rift",
    });
    expect(await lookedUp).toEqual({ riotId: 'Sightline#EUW', startedAt: T0, durationSeconds: 1500 });
    await expect.poll(async () => (await list(feature))[0]).toMatchObject({ queue: '5v5 Ranked Solo' });
  });

  it('answers calmly without a key, without a Riot ID, or when nothing is found yet, storing nothing', async () => {
    const answers: PlayedMatchSearch[] = [{ state: 'no-key' }, { state: 'not-found' }];
    const { feature, history } = await openHistory(async () => answers.shift() ?? { state: 'not-found' });
    const { id } = await history.recordArenaGame(arenaGame());
    const anonymous = await history.recordArenaGame(arenaGame({ champion: 'Lux', playerId: '' }));
    expect(await feature.handlers['history.arena.match']({ id })).toEqual({ state: 'no-key' });
    expect(await feature.handlers['history.arena.match']({ id })).toEqual({ state: 'not-found' });
    expect(await feature.handlers['history.arena.match']({ id: anonymous.id })).toEqual({
      state: 'no-riot-id',
    });
    expect((await list(feature)).map((game) => (game.damaged ? null : game.matchId))).toEqual([null, null]);
  });

  it('migrates a history of the version before: its games are kept, with no match yet', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sightline-arena-match-'));
    const { feature } = await openHistory(undefined, async () => {
      const { client } = await openOrRecoverDatabase(join(dir, 'history.db'), HISTORY_MIGRATIONS.slice(0, 2));
      await client.execute({
        sql: `INSERT INTO arena_games (started_at, duration_seconds, champion, champion_key, player_id, kills, deaths,
                assists, creep_score, result, game_mode, map_number, queue_label, recorded_at)
              VALUES (?, 1800, 'Garen', 'Garen', 'Sightline#EUW', 3, 2, 1, 150, 'win', 'ARAM', 12, '', ?)`,
        args: [T0, T0 + 1_900_000],
      });
      client.close();
    });
    expect(await list(feature)).toEqual([
      expect.objectContaining({ champion: 'Garen', queue: '5v5 ARAM', matchId: null, queueId: null }),
    ]);
  });
});

describe('a damaged arena row', () => {
  it('is listed as damaged, deletable, while the others list, filter and export; the export says it left it out', async () => {
    const { feature, history, downloads } = await openHistory();
    await history.recordArenaGame(arenaGame());
    await history.recordArenaGame(arenaGame({ startedAt: T0 + 7_200_000, champion: 'Jinx', result: 'loss' }));
    // A row written damaged into the file: numbers that are not numbers.
    const { client } = await openOrRecoverDatabase(join(dir, 'history.db'), HISTORY_MIGRATIONS);
    await client.execute({
      sql: `INSERT INTO arena_games (started_at, duration_seconds, champion, kills, deaths, assists, creep_score,
              result, game_mode, queue_label, recorded_at)
            VALUES (?, 'long', 'Lux', 'many', 0, 0, 0, 'win', 'CLASSIC', '', ?)`,
      args: [T0 + 3_600_000, T0],
    });
    client.close();

    const games = await list(feature);
    expect(games).toHaveLength(3);
    const damaged = games.find((game) => game.damaged);
    expect(damaged).toEqual({ id: expect.any(Number), damaged: true });
    expect(JSON.stringify(games)).not.toContain('NaN');
    const wins = await feature.handlers['history.arena.list']({ limit: 50, offset: 0, result: 'loss' });
    expect(wins.games).toEqual([expect.objectContaining({ champion: 'Jinx' })]);

    const exported = await feature.handlers['history.arena.export']({ format: 'json', filter: {} });
    expect(exported).toMatchObject({ games: 2, damagedSkipped: 1 });
    const taken = downloads.take(exported.downloadPath);
    const file = JSON.parse(await readFile(taken?.path ?? '', 'utf8')) as { games: { champion: string }[] };
    await taken?.done();
    expect(file.games.map((game) => game.champion)).toEqual(['Jinx', 'Ahri']);
    const csv = await feature.handlers['history.arena.export']({ format: 'csv', filter: {} });
    expect(csv).toMatchObject({ games: 2, damagedSkipped: 1 });

    expect(await feature.handlers['history.arena.delete']({ ids: [damaged?.id ?? 0] })).toEqual({
      deleted: 1,
    });
    expect(await list(feature)).toHaveLength(2);
  });
});
