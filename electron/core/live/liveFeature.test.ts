import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createScriptedHttpClient } from '../testing/scriptedHttpClient';
import { openTestFeatureContext } from '../testing/testFeatureContext';
import { openHistoryStore } from '../history/historyStore';
import { createLiveFeature } from './liveFeature';

/** One finished arena game as the scoreboard recorded it; tests vary its start and champion. */
const ARENA_GAME = {
  durationSeconds: 1800,
  champion: 'Ahri',
  kills: 4,
  deaths: 1,
  assists: 7,
  creepScore: 180,
  result: 'win' as const,
  mode: 'CLASSIC',
  queueLabel: "Summoner's Rift",
};

describe('createLiveFeature', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** A live feature recording to a fresh history database, and that database to seed games into. */
  async function openWithHistory() {
    dir = await mkdtemp(join(tmpdir(), 'sightline-live-'));
    const { client } = createScriptedHttpClient(() => ({ kind: 'refused' }));
    const context = await openTestFeatureContext({ dataDir: dir, http: client });
    const history = openHistoryStore(join(dir, 'history.db'), () => 5_000_000);
    const feature = createLiveFeature(context, { history });
    return { context, feature, store: await history };
  }

  it('pushes the overlay layout from the settings, and every change to it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sightline-live-'));
    const { client } = createScriptedHttpClient(() => ({ kind: 'refused' }));
    const context = await openTestFeatureContext({ dataDir: dir, http: client });
    const { hub, settings } = context;
    const feature = createLiveFeature(context);
    expect(feature.pollers).toHaveLength(1);
    expect(hub.state.live.layout.feed).toEqual({ visible: true, anchor: 'top-right', scale: 1, box: null });

    await settings.update({ overlays: { feedAnchor: 'bottom-left', feedScale: 1.5 } });
    await settings.update({ overlays: { scoreboardVisible: false } });
    expect(hub.state.live.layout).toEqual({
      scoreboard: { visible: false, anchor: 'top-center', scale: 1, box: null },
      feed: { visible: true, anchor: 'bottom-left', scale: 1.5, box: null },
    });

    const box = { x: 0.1, y: 0.7, width: 0.3, height: 0.25 };
    await settings.update({ overlays: { feedBox: box } });
    expect(hub.state.live.layout.feed.box).toEqual(box);
    await settings.update({ overlays: { feedBox: null } });
    expect(hub.state.live.layout.feed.box).toBeNull();
  });

  it('pushes the caster’s team names and tags from the settings, and every change to them', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sightline-live-'));
    const { client } = createScriptedHttpClient(() => ({ kind: 'refused' }));
    const context = await openTestFeatureContext({ dataDir: dir, http: client });
    const { hub, settings } = context;
    await settings.update({ broadcast: { blueName: 'Demacia Esports', blueTag: 'DMC' } });
    createLiveFeature(context);
    expect(hub.state.live.broadcast).toEqual({
      ORDER: { name: 'Demacia Esports', tag: 'DMC' },
      CHAOS: { name: '', tag: '' },
    });

    await settings.update({ broadcast: { redName: 'Noxus Academy', redTag: 'NXA', blueTag: '' } });
    expect(hub.state.live.broadcast).toEqual({
      ORDER: { name: 'Demacia Esports', tag: '' },
      CHAOS: { name: 'Noxus Academy', tag: 'NXA' },
    });
  });

  it('lists the finished games of the history it records to, newest first', async () => {
    const { context, feature, store } = await openWithHistory();
    await store.recordArenaGame({ ...ARENA_GAME, startedAt: 1_000_000 });
    await store.recordArenaGame({ ...ARENA_GAME, startedAt: 3_000_000, champion: 'Jinx', result: 'loss' });

    const { games } = await feature.handlers['history.arena.list']({ limit: 10 });
    expect(games.map((row) => [row.champion, row.result, row.kills, row.queueLabel])).toEqual([
      ['Jinx', 'loss', 4, "Summoner's Rift"],
      ['Ahri', 'win', 4, "Summoner's Rift"],
    ]);
    expect(await feature.handlers['history.arena.list']({ limit: 1 })).toMatchObject({
      games: [{ champion: 'Jinx' }],
    });
    store.close();

    // Without a history there is nothing to list, and no error.
    expect(await createLiveFeature(context).handlers['history.arena.list']({ limit: 10 })).toEqual({
      games: [],
    });
  });

  it('deletes one arena game, or every one', async () => {
    const { feature, store } = await openWithHistory();
    const first = await store.recordArenaGame({ ...ARENA_GAME, startedAt: 1_000_000 });
    await store.recordArenaGame({ ...ARENA_GAME, startedAt: 2_000_000, champion: 'Jinx' });
    await store.recordArenaGame({ ...ARENA_GAME, startedAt: 3_000_000, champion: 'Thresh' });
    const champions = async () =>
      (await feature.handlers['history.arena.list']({ limit: 10 })).games.map((row) => row.champion);

    expect(await feature.handlers['history.arena.delete']({ ids: [first.id, first.id] })).toEqual({
      deleted: 1,
    });
    expect(await champions()).toEqual(['Thresh', 'Jinx']);
    expect(await feature.handlers['history.arena.delete']({ ids: [first.id] })).toEqual({ deleted: 0 });
    expect(await feature.handlers['history.arena.delete']({ all: true })).toEqual({ deleted: 2 });
    expect(await champions()).toEqual([]);
    await feature.stop?.();
    store.close();
  });

  it('says plainly when the history database cannot be opened', async () => {
    dir = await mkdtemp(join(tmpdir(), 'sightline-live-'));
    const { client } = createScriptedHttpClient(() => ({ kind: 'refused' }));
    const context = await openTestFeatureContext({ dataDir: dir, http: client });
    // A folder where the database file should be.
    const history = openHistoryStore(dir, () => 0);
    history.catch(() => undefined);
    const feature = createLiveFeature(context, { history });
    await expect(feature.handlers['history.arena.list']({ limit: 10 })).rejects.toMatchObject({
      error: { code: 'io', message: expect.stringContaining('cannot be opened') },
    });
  });
});
