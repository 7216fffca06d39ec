import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { historyRequestInputSchemas, type RequestChannel } from '@shared/contract';
import { EMPTY_CARD_CATALOG } from '../card/catalog/cardCatalog';
import { createCardFeature } from '../card/cardFeature';
import { historyCardFacts } from '../card/historyCardFacts';
import type { FeatureContext } from '../../platform/feature/feature';
import { createDownloadShelf, type DownloadShelf } from '../../transport/host/downloadShelf';
import { createLiveFeature } from '../live/liveFeature';
import { createScriptedHttpClient } from '../../tools/testkit/scriptedHttpClient';
import { arenaGameSummary } from '../../tools/testkit/history/arenaGames';
import { openTestFeatureContext } from '../../tools/testkit/testFeatureContext';
import type { ArenaGameSummary } from './arenaGameRecords';
import { createHistoryFeature, type HistoryFeature } from './historyFeature';
import { openHistoryStore, type HistoryStore } from './historyStore';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1, 18);

/** One finished arena game as the scoreboard recorded it; tests vary its start, champion, mode and result. */
function arenaGame(overrides: Partial<ArenaGameSummary> = {}): ArenaGameSummary {
  return arenaGameSummary(T0, { ...overrides });
}

let dir = '';
let opened: {
  context: FeatureContext;
  feature: HistoryFeature;
  store: HistoryStore;
  downloads: DownloadShelf;
}[] = [];
afterEach(async () => {
  for (const { feature, store, downloads } of opened) {
    await feature.stop?.();
    store.close();
    await downloads.close();
  }
  opened = [];
  await rm(dir, { recursive: true, force: true });
});

/** The history feature alone on a fresh database: no live or card feature is made. */
async function openHistory(store?: Promise<HistoryStore>) {
  dir = await mkdtemp(join(tmpdir(), 'sightline-history-feature-'));
  const { client } = createScriptedHttpClient(() => ({ kind: 'refused' }));
  const context = await openTestFeatureContext({ dataDir: dir, http: client });
  const history = store ?? openHistoryStore(join(dir, 'history.db'), () => T0 + 30 * DAY);
  const downloads = createDownloadShelf({ parentDir: dir });
  const feature = createHistoryFeature(context, {
    store: history,
    cards: historyCardFacts(EMPTY_CARD_CATALOG),
    downloads,
  });
  const result = { context, feature, store: await history, downloads };
  opened.push(result);
  return result;
}

async function downloaded(downloads: DownloadShelf, exported: { downloadPath: string }): Promise<string> {
  const taken = downloads.take(exported.downloadPath);
  if (!taken) throw new Error(`nothing offered at ${exported.downloadPath}`);
  try {
    return await readFile(taken.path, 'utf8');
  } finally {
    await taken.done();
  }
}

describe('createHistoryFeature', () => {
  it('answers every history channel on its own, and the games’ features answer none', async () => {
    const { context, feature } = await openHistory();
    const channels = Object.keys(historyRequestInputSchemas).sort();
    expect(Object.keys(feature.handlers).sort()).toEqual(channels);

    // Each channel answers with no live or card feature made.
    const ask = (channel: keyof typeof historyRequestInputSchemas, input: unknown) =>
      (feature.handlers[channel] as (input: unknown) => Promise<unknown>)(
        historyRequestInputSchemas[channel].parse(input),
      );
    await expect(ask('history.arena.list', {})).resolves.toMatchObject({ games: [], total: 0 });
    await expect(ask('history.arena.delete', { all: true })).resolves.toEqual({ deleted: 0 });
    await expect(ask('history.arena.export', { format: 'csv' })).resolves.toMatchObject({ games: 0 });
    await expect(ask('history.card.list', {})).resolves.toMatchObject({ games: [], total: 0 });
    await expect(ask('history.card.game', { id: 1 })).rejects.toMatchObject({ error: { code: 'not-found' } });
    await expect(ask('history.card.delete', { all: true })).resolves.toEqual({ deleted: 0 });
    await expect(ask('history.card.export', { format: 'json' })).resolves.toMatchObject({ games: 0 });

    // The live and card features only write games: neither answers a history request.
    const isHistory = (channel: string) => channel.startsWith('history.');
    const live = createLiveFeature(context, { onGameSummary: feature.recordArenaGame });
    const card = createCardFeature(context, { catalog: EMPTY_CARD_CATALOG, history: feature });
    expect(Object.keys(live.handlers).filter(isHistory)).toEqual([]);
    expect(Object.keys(card.handlers as Record<RequestChannel, unknown>).filter(isHistory)).toEqual([]);
    await card.stop?.();
  });

  it('filters arena games by champion, queue, result and dates, and names queues as queues', async () => {
    const { feature, store } = await openHistory();
    await store.recordArenaGame(arenaGame({ startedAt: T0 }));
    await store.recordArenaGame(arenaGame({ startedAt: T0 + DAY, champion: 'Jinx', result: 'loss' }));
    await store.recordArenaGame(
      arenaGame({ startedAt: T0 + 2 * DAY, mode: 'ARAM', mapNumber: 12, queueLabel: 'Howling Abyss' }),
    );
    const list = (filter: object) =>
      feature.handlers['history.arena.list'](historyRequestInputSchemas['history.arena.list'].parse(filter));
    const summary = async (filter: object) =>
      (await list(filter)).games.map((game) =>
        game.damaged ? 'damaged' : `${game.champion} ${game.result} ${game.queue}`,
      );

    const all = await list({});
    expect(all.total).toBe(3);
    expect(all.champions).toEqual(['Ahri', 'Jinx']);
    expect(all.queues).toEqual([
      { mode: 'ARAM', name: '5v5 ARAM' },
      { mode: 'CLASSIC', name: "Summoner's Rift 5v5" },
    ]);
    // A queue's name, never the map's alone.
    expect(all.games.map((game) => (game.damaged ? '' : game.queue))).not.toContain("Summoner's Rift");
    expect(await summary({})).toEqual([
      'Ahri win 5v5 ARAM',
      "Jinx loss Summoner's Rift 5v5",
      "Ahri win Summoner's Rift 5v5",
    ]);
    expect(await summary({ champion: 'Ahri' })).toEqual([
      'Ahri win 5v5 ARAM',
      "Ahri win Summoner's Rift 5v5",
    ]);
    expect(await summary({ mode: 'ARAM' })).toEqual(['Ahri win 5v5 ARAM']);
    expect(await summary({ result: 'loss' })).toEqual(["Jinx loss Summoner's Rift 5v5"]);
    expect(await summary({ from: T0 + DAY, to: T0 + 2 * DAY })).toEqual(["Jinx loss Summoner's Rift 5v5"]);
    expect(await list({ limit: 1, offset: 1 })).toMatchObject({ total: 3, games: [{ champion: 'Jinx' }] });
    // A filter the contract refuses is told, not run.
    expect(historyRequestInputSchemas['history.arena.list'].safeParse({ result: 'draw' }).success).toBe(
      false,
    );
  });

  it('exports the filtered arena games as CSV and as JSON', async () => {
    const { feature, store, downloads } = await openHistory();
    await store.recordArenaGame(arenaGame({ startedAt: T0, playerId: 'Player#EUW' }));
    await store.recordArenaGame(
      arenaGame({ startedAt: T0 + DAY, champion: '=Jinx', result: 'loss', kills: 9 }),
    );
    await store.recordArenaGame(arenaGame({ startedAt: T0 + 2 * DAY, mode: 'ARAM', mapNumber: 12 }));
    const exportOf = (input: object) =>
      feature.handlers['history.arena.export'](
        historyRequestInputSchemas['history.arena.export'].parse(input),
      );

    const csv = await exportOf({ format: 'csv', filter: { mode: 'CLASSIC' } });
    expect(csv).toMatchObject({
      fileName: expect.stringMatching(/^sightline-arena-history-\d{4}-\d{2}-\d{2}\.csv$/),
      mimeType: 'text/csv;charset=utf-8',
      games: 2,
    });
    expect((await downloaded(downloads, csv)).split('\r\n')).toEqual([
      '\uFEFFid,started_at,duration_seconds,result,champion,queue,game_mode,kills,deaths,assists,creep_score,player',
      // A name a spreadsheet would run as a formula is defused.
      `2,2026-11-02T18:00:00.000Z,1800,loss,'=Jinx,Summoner's Rift 5v5,CLASSIC,9,1,7,180,`,
      `1,2026-11-01T18:00:00.000Z,1800,win,Ahri,Summoner's Rift 5v5,CLASSIC,4,1,7,180,Player#EUW`,
      '',
    ]);

    const json = await exportOf({ format: 'json' });
    expect(json).toMatchObject({ fileName: expect.stringMatching(/\.json$/), games: 3 });
    const document = JSON.parse(await downloaded(downloads, json)) as {
      kind: string;
      games: { champion: string; queue: string; startedAt: string; kills: number }[];
    };
    expect(document.kind).toBe('arena-game-history');
    expect(document.games.map((game) => [game.champion, game.queue, game.startedAt, game.kills])).toEqual([
      ['Ahri', '5v5 ARAM', '2026-11-03T18:00:00.000Z', 4],
      ['=Jinx', "Summoner's Rift 5v5", '2026-11-02T18:00:00.000Z', 9],
      ['Ahri', "Summoner's Rift 5v5", '2026-11-01T18:00:00.000Z', 4],
    ]);
  });

  it('deletes one arena game, several, or every one', async () => {
    const { feature, store } = await openHistory();
    const first = await store.recordArenaGame(arenaGame({ startedAt: T0 }));
    const second = await store.recordArenaGame(arenaGame({ startedAt: T0 + 1, champion: 'Jinx' }));
    const third = await store.recordArenaGame(arenaGame({ startedAt: T0 + 2, champion: 'Thresh' }));
    await store.recordArenaGame(arenaGame({ startedAt: T0 + 3, champion: 'Lux' }));
    const champions = async () =>
      (await feature.handlers['history.arena.list']({ limit: 10, offset: 0 })).games.map((row) =>
        row.damaged ? 'damaged' : row.champion,
      );

    expect(await feature.handlers['history.arena.delete']({ ids: [first.id, first.id] })).toEqual({
      deleted: 1,
    });
    expect(await champions()).toEqual(['Lux', 'Thresh', 'Jinx']);
    expect(await feature.handlers['history.arena.delete']({ ids: [second.id, third.id] })).toEqual({
      deleted: 2,
    });
    expect(await champions()).toEqual(['Lux']);
    expect(await feature.handlers['history.arena.delete']({ ids: [first.id] })).toEqual({ deleted: 0 });
    expect(await feature.handlers['history.arena.delete']({ all: true })).toEqual({ deleted: 1 });
    expect(await champions()).toEqual([]);
  });

  it('says plainly when an export cannot be written, for either game, and keeps every game', async () => {
    const { context, store } = await openHistory();
    await store.recordArenaGame(arenaGame());
    // The shelf's folder would go under a file: the disk refuses it.
    const blocked = createDownloadShelf({ parentDir: join(dir, 'history.db') });
    const feature = createHistoryFeature(context, {
      store: Promise.resolve(store),
      cards: historyCardFacts(EMPTY_CARD_CATALOG),
      downloads: blocked,
    });
    const refused = {
      error: {
        code: 'io',
        message: expect.stringMatching(
          /^The export file could not be written \(ENOTDIR: .*Nothing was deleted/,
        ),
      },
    };
    await expect(
      feature.handlers['history.arena.export']({ format: 'csv', filter: {} }),
    ).rejects.toMatchObject(refused);
    await expect(
      feature.handlers['history.card.export']({ format: 'json', filter: {}, includeOpponents: false }),
    ).rejects.toMatchObject(refused);
    expect(await store.arenaGames.count()).toBe(1);
    await feature.stop?.();
    await blocked.close();
  });

  it('says plainly when the history database cannot be opened, for either game', async () => {
    const history = openHistoryStore(tmpdir(), () => 0);
    history.catch(() => undefined);
    dir = await mkdtemp(join(tmpdir(), 'sightline-history-feature-'));
    const { client } = createScriptedHttpClient(() => ({ kind: 'refused' }));
    const context = await openTestFeatureContext({ dataDir: dir, http: client });
    const downloads = createDownloadShelf({ parentDir: dir });
    const feature = createHistoryFeature(context, {
      store: history,
      cards: historyCardFacts(EMPTY_CARD_CATALOG),
      downloads,
    });
    const refused = { error: { code: 'io', message: expect.stringContaining('cannot be opened') } };
    await expect(feature.handlers['history.arena.list']({ limit: 10, offset: 0 })).rejects.toMatchObject(
      refused,
    );
    await expect(feature.handlers['history.card.list']({ limit: 10, offset: 0 })).rejects.toMatchObject(
      refused,
    );
    await feature.stop?.();
    await downloads.close();
  });
});
