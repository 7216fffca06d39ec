import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsPatch, StaticDataState } from '@shared/contract';
import { startStaticHosts } from '../../../simulator/staticData';
import type { RunningStaticHosts } from '../../../simulator/staticData';
import { createDownloader } from '../../platform/net/download';
import { createHttpClient } from '../../platform/net/httpClient';
import { openTestFeatureContext } from '../../tools/testkit/testFeatureContext';
import { createFakeScheduler } from '../../tools/testkit/fakeScheduler';
import type { FakeScheduler } from '../../tools/testkit/fakeScheduler';
import { createStaticDataFeature } from './staticDataFeature';
import type { StaticDataFeature } from './staticDataFeature';
import { retryDelayMs } from './backgroundRefresh';
import { waitFor } from '../../tools/testkit/waitFor';

/** The two sets the simulated card host publishes. */
const SETS = ['set1', 'set9'];
const START_DELAY_MS = 5_000;

describe('retryDelayMs', () => {
  it('doubles from 30 s and stops at 30 min', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 60].map((failures) => retryDelayMs(failures) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960, 1800, 1800, 1800,
    ]);
  });
});

/** The background refresh on the simulated static hosts, on a clock the test moves. */
describe('static data kept in the background', () => {
  let root: string;
  let hosts: RunningStaticHosts;
  let features: StaticDataFeature[];
  const http = createHttpClient();
  const download = createDownloader({ idleTimeoutMs: 2000 });

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'static-refresh-'));
    hosts = await startStaticHosts();
    features = [];
  });

  afterEach(async () => {
    for (const feature of features) await feature.stop?.();
    await hosts.close();
    await rm(root, { recursive: true, force: true });
  });

  /** The app starting on `root` with these saved settings; `clock` drives its timers. */
  async function start(settings: SettingsPatch, clock: FakeScheduler, refreshOnStart = true) {
    await writeFile(join(root, 'settings.json'), JSON.stringify(settings));
    const context = await openTestFeatureContext({
      dataDir: root,
      http,
      scheduler: clock.scheduler,
      variables: {
        SIGHTLINE_DDRAGON_URL: hosts.urls.ddragon,
        SIGHTLINE_CARD_DATA_URL: hosts.urls.cardData,
        SIGHTLINE_GAME_CONSTANTS_URL: hosts.urls.constants,
      },
    });
    const feature = createStaticDataFeature(context, {
      download,
      refreshOnStart,
      refreshDelayMs: START_DELAY_MS,
    });
    features.push(feature);
    await feature.ready;
    const states: StaticDataState[] = [];
    context.hub.subscribe(() => states.push(context.hub.state.staticData));
    const staticData = (): StaticDataState => context.hub.state.staticData;
    /** Resolves with the outcome of the next sync to end (read from every pushed state, none missed). */
    const nextOutcome = async () => {
      const from = states.length;
      const before = staticData().lastSync;
      const ended = (state: StaticDataState) => state.sync === null && state.lastSync !== before;
      return waitFor(() => states.slice(from).find(ended)?.lastSync);
    };
    return { feature, context, states, staticData, nextOutcome };
  }

  /** What a user has after the Data page's sync of set1 and set9 in English. */
  async function syncedCache(): Promise<void> {
    const app = await start({ firstRun: { dismissed: true } }, createFakeScheduler(), false);
    await app.feature.handlers['staticData.sync']({ locale: 'en_us', sets: SETS });
    expect((await app.nextOutcome()).ok).toBe(true);
    await app.feature.stop?.();
  }

  it('picks up a new patch at start', async () => {
    await syncedCache();
    hosts.control.setRealm('na', '14.2.1');
    const clock = createFakeScheduler();
    const app = await start({ staticData: { autoSync: true } }, clock);
    await clock.advance(START_DELAY_MS - 1);
    expect(app.staticData().sync).toBeNull();
    const outcome = app.nextOutcome();
    await clock.advance(1);
    expect(await outcome).toMatchObject({
      ok: true,
      reason: 'refresh',
      arena: { version: '14.2.1', locale: 'en_US', updated: true },
      cards: [{ locale: 'en_us', bundles: [{ name: 'core' }, { name: 'set1' }, { name: 'set9' }] }],
    });
    expect(app.staticData().cache?.arena.map((entry) => entry.version)).toEqual(['14.2.1']);
    expect(app.staticData().retryAt).toBeNull();
  });

  it('retries a failed download after 30 s, then 1 min, and stops once it succeeds', async () => {
    await syncedCache();
    hosts.control.setRealm('na', '14.2.1');
    hosts.control.setFaults([{ kind: 'status', match: '/cdn/14.2.1/data/', status: 503 }]);
    const clock = createFakeScheduler();
    const app = await start({ staticData: { autoSync: true } }, clock);

    let outcome = app.nextOutcome();
    await clock.advance(START_DELAY_MS);
    expect(await outcome).toMatchObject({ ok: false, cancelled: false, reason: 'refresh' });
    expect(app.staticData().retryAt).toBe(clock.now + 30_000);

    await clock.advance(29_999);
    expect(app.staticData().sync).toBeNull();
    outcome = app.nextOutcome();
    await clock.advance(1);
    expect((await outcome).ok).toBe(false);
    expect(app.staticData().retryAt).toBe(clock.now + 60_000);

    hosts.control.setFaults([]);
    outcome = app.nextOutcome();
    await clock.advance(60_000);
    expect(await outcome).toMatchObject({ ok: true, arena: { version: '14.2.1', updated: true } });
    expect(app.staticData().retryAt).toBeNull();
    // Three runs in all, and no more once it succeeded.
    const runs = (): number => new Set(app.states.flatMap((state) => state.sync?.startedAt ?? [])).size;
    expect(runs()).toBe(3);
    await clock.advance(60 * 60_000);
    expect(runs()).toBe(3);
  });

  it('without autoSync, only checks what is cached, and does not retry', async () => {
    await syncedCache();
    hosts.control.setFaults([
      { kind: 'status', match: 'versions.json', status: 503 },
      { kind: 'status', match: '/realms/', status: 503 },
    ]);
    const clock = createFakeScheduler();
    const app = await start({ firstRun: { dismissed: true } }, clock);
    const outcome = app.nextOutcome();
    await clock.advance(START_DELAY_MS);
    expect(await outcome).toMatchObject({ reason: 'refresh' });
    expect(app.staticData().retryAt).toBeNull();

    // A fresh data folder without autoSync downloads nothing by itself.
    await rm(join(root, 'cache'), { recursive: true, force: true });
    const fresh = await start({}, createFakeScheduler());
    expect(fresh.staticData().cache?.arena).toEqual([]);
  });

  it('never runs beside a manual sync: it waits for one, and gives way to one', async () => {
    await syncedCache();
    // Slow enough that both overlap: each answer takes a while.
    await hosts.close();
    hosts = await startStaticHosts({ latencyMs: 250 });
    const clock = createFakeScheduler();
    const app = await start({ staticData: { autoSync: true } }, clock);
    const runs = () => {
      const reasons = app.states.map((state) => state.sync?.reason ?? null);
      return reasons.filter((reason, i) => reason !== null && reason !== reasons[i - 1]);
    };

    // The user's sync (set1 only) runs when the background check comes due: the check waits for it to end, then
    // runs, since set9 was not part of it.
    await app.feature.handlers['staticData.sync']({ locale: 'en_us', sets: ['set1'] });
    const userRun = app.nextOutcome();
    await clock.advance(START_DELAY_MS);
    expect(app.staticData().sync?.reason).toBe('user');
    expect(await userRun).toMatchObject({ reason: 'user', ok: true });
    const keeperRun = app.nextOutcome();
    await clock.advance(0);
    await waitFor(() => app.staticData().sync?.reason === 'refresh');

    // The user's next sync does not fail: the background run stops (and is not retried), then the user's runs.
    const replaced = app.nextOutcome();
    const started = app.feature.handlers['staticData.sync']({ locale: 'en_us', sets: SETS });
    expect(await keeperRun).toMatchObject({ reason: 'refresh', cancelled: true });
    await expect(started).resolves.toEqual({ started: true });
    expect(await replaced).toMatchObject({ reason: 'refresh', cancelled: true });
    expect(await app.nextOutcome()).toMatchObject({ reason: 'user', ok: true });
    expect(runs()).toEqual(['user', 'refresh', 'user']);
    expect(app.staticData().retryAt).toBeNull();
    await clock.advance(60 * 60_000);
    expect(runs()).toEqual(['user', 'refresh', 'user']);
  });

  it('skips a waiting check when the manual sync that held it fetched everything it would', async () => {
    await syncedCache();
    await hosts.close();
    hosts = await startStaticHosts({ latencyMs: 30 });
    const clock = createFakeScheduler();
    const app = await start({ staticData: { autoSync: true } }, clock);
    await app.feature.handlers['staticData.sync']({ locale: 'en_us', sets: SETS });
    const userRun = app.nextOutcome();
    await clock.advance(START_DELAY_MS);
    expect(await userRun).toMatchObject({ reason: 'user', ok: true });
    await clock.advance(60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(app.states.some((state) => state.sync?.reason === 'refresh')).toBe(false);
  });

  it('drops the start’s check when a download the user made before it came due fetched everything it would', async () => {
    const clock = createFakeScheduler();
    // A new user: nothing cached; the Data page's default choice, done before the check comes due.
    const app = await start({ firstRun: { dismissed: true } }, clock);
    await app.feature.handlers['staticData.sync']({ locale: 'en_us', sets: SETS });
    expect(await app.nextOutcome()).toMatchObject({ reason: 'user', ok: true });
    await clock.advance(START_DELAY_MS + 60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(app.states.some((state) => state.sync?.reason === 'refresh')).toBe(false);
    expect(app.staticData().lastSync).toMatchObject({ reason: 'user' });
  });

  it('turning autoSync on downloads the chosen language at once, beside what is cached', async () => {
    await syncedCache();
    const clock = createFakeScheduler();
    const app = await start({ firstRun: { dismissed: true } }, clock, false);
    const outcome = app.nextOutcome();
    await app.context.settings.update({ staticData: { autoSync: true, locale: 'de_de' } });
    // A moment later, so that a download the user starts with the change goes first.
    await clock.advance(999);
    expect(app.staticData().sync).toBeNull();
    await clock.advance(1);
    const done = await outcome;
    expect(done).toMatchObject({ ok: true, reason: 'refresh', arena: { locale: 'de_DE', updated: true } });
    expect(done.cards.map((cards) => [cards.locale, cards.bundles.map((bundle) => bundle.name)])).toEqual([
      ['de_de', ['core', ...SETS]],
      ['en_us', ['core', ...SETS]],
    ]);
    const status = await app.feature.handlers['staticData.status']({});
    expect(status.options).toMatchObject({ userLocale: 'de_de', autoSync: true });
  });
});
