import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppRequestError } from '@shared/contract';
import type { StaticDataState } from '@shared/contract';
import { richTextToPlainText } from '@shared/contract/richText';
import type { RichText } from '@shared/contract/richText';
import { startStaticHosts } from '../../../simulator/staticData';
import type { RunningStaticHosts, StaticHostsOptions } from '../../../simulator/staticData';
import { SET_CARDS } from '../../../simulator/staticData/cardModel';
import { encodeDeckCode } from '../card/deckCode/deckCode';
import { createDownloader } from '../../platform/net/download';
import { createHttpClient } from '../../platform/net/httpClient';
import { openTestFeatureContext } from '../../tools/testkit/testFeatureContext';
import { createStaticDataFeature, staticDataCacheDir } from './staticDataFeature';
import type { StaticDataFeature, StaticDataFeatureOptions } from './staticDataFeature';
import { waitFor } from '../../tools/testkit/waitFor';

const SETS = ['set1', 'set9'];
const plain = (text: RichText): string => richTextToPlainText(text);

async function rejection(promise: Promise<unknown>): Promise<AppRequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppRequestError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('static data feature', () => {
  let root: string;
  let dataDir: string;
  let hosts: RunningStaticHosts | null;
  let features: StaticDataFeature[];
  const http = createHttpClient();
  const download = createDownloader({ idleTimeoutMs: 2000 });

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'static-feature-'));
    dataDir = join(root, 'data');
    await mkdir(dataDir);
    hosts = null;
    features = [];
  });

  afterEach(async () => {
    for (const feature of features) await feature.stop?.();
    await hosts?.close();
    await rm(root, { recursive: true, force: true });
  });

  async function start(
    hostOptions: StaticHostsOptions = {},
    options: StaticDataFeatureOptions = { refreshOnStart: false },
    urls?: RunningStaticHosts['urls'],
  ) {
    hosts ??= await startStaticHosts(hostOptions);
    const target = urls ?? hosts.urls;
    const context = await openTestFeatureContext({
      dataDir,
      http,
      variables: {
        SIGHTLINE_DDRAGON_URL: target.ddragon,
        SIGHTLINE_CARD_DATA_URL: target.cardData,
        SIGHTLINE_GAME_CONSTANTS_URL: target.constants,
      },
      resourcesDir: root,
    });
    const { hub } = context;
    const feature = createStaticDataFeature(context, { download, ...options });
    features.push(feature);
    await feature.ready;
    const states: StaticDataState[] = [];
    const times: number[] = [];
    hub.subscribe(() => {
      states.push(hub.state.staticData);
      times.push(Date.now());
    });
    const { handlers } = feature;
    const finished = () => waitFor(() => hub.state.staticData.sync === null && hub.state.staticData.lastSync);
    return { feature, hub, handlers, states, times, finished, running: hosts, settings: context.settings };
  }

  it('downloads the patch pack on request with pushed progress, and can cancel it', async () => {
    // About a second for the pack (64 KiB every 30 ms), so progress is pushed several times with a rate.
    const app = await start({ throttle: { chunkBytes: 64 * 1024, intervalMs: 30 } });
    expect((await rejection(app.handlers['staticData.pack']({}))).message).toMatch(/arena game data first/);
    await app.handlers['staticData.sync']({ locale: 'en_us', sets: ['set1'] });
    await app.finished();
    await expect(app.handlers['staticData.pack']({})).resolves.toEqual({ started: true, version: '14.1.2' });
    await expect(app.handlers['staticData.pack']({})).rejects.toThrow(/already downloading/);
    const lastPack = await waitFor(
      () => app.hub.state.staticData.pack === null && app.hub.state.staticData.lastPack,
    );
    expect(lastPack).toMatchObject({ ok: true, version: '14.1.2' });
    const progress = app.states.flatMap((state) => (state.pack ? [state.pack.progress] : []));
    expect(progress.some((p) => p.bytesDone > 0 && p.bytesTotal !== null && p.bytesPerSecond !== null)).toBe(
      true,
    );
    expect(progress.some((p) => p.secondsLeft !== null)).toBe(true);
    expect(app.hub.state.staticData.cache?.packs.map((pack) => pack.version)).toEqual(['14.1.2']);

    await app.handlers['staticData.clear']({ scope: 'arena' });
    await app.handlers['staticData.sync']({ locale: 'en_us', sets: ['set1'] });
    await app.finished();
    // The host stops sending after 512 KiB, so the download is surely under way when it is cancelled.
    app.running.control.setFaults([{ kind: 'stall', match: 'dragontail', afterBytes: 512 * 1024 }]);
    await app.handlers['staticData.pack']({});
    await waitFor(() => (app.hub.state.staticData.pack?.progress.bytesDone ?? 0) > 256 * 1024);
    await expect(app.handlers['staticData.cancelPack']({})).resolves.toEqual({ cancelled: true });
    app.running.control.setFaults([]);
    const cancelled = await waitFor(
      () => app.hub.state.staticData.pack === null && app.hub.state.staticData.lastPack,
    );
    expect(cancelled).toMatchObject({ ok: false, cancelled: true, version: '14.1.2' });
    expect(cancelled.ok ? 0 : cancelled.keptBytes).toBeGreaterThan(0);
    expect(app.hub.state.staticData.cache?.packs).toEqual([]);
    expect(app.hub.state.staticData.cache?.partialPackBytes).toBeGreaterThan(0);
  });

  it('syncs with pushed progress, then answers everything from the cache with the hosts stopped', async () => {
    const app = await start({ latencyMs: 5 });
    expect(app.feature.gameLabels()).toBeNull();
    await expect(app.handlers['staticData.sync']({ locale: 'en_us', sets: SETS })).resolves.toEqual({
      started: true,
    });
    const lastSync = await app.finished();
    expect(lastSync.problems).toEqual([]);
    expect(lastSync).toMatchObject({
      ok: true,
      reason: 'user',
      arena: { version: '14.1.2', locale: 'en_US' },
    });

    // Progress was pushed while it ran, files and bytes growing, at most ten times a second.
    const running = app.states.filter((state) => state.sync !== null);
    expect(running.length).toBeGreaterThan(1);
    const last = running[running.length - 1]?.sync?.progress;
    expect(last?.filesDone).toBeGreaterThan(10);
    expect(last?.bytesDone).toBeGreaterThan(1000);
    const progressTimes = app.times.filter((_, i) => app.states[i]?.sync !== null);
    const elapsed = (progressTimes[progressTimes.length - 1] ?? 0) - (progressTimes[0] ?? 0);
    // The start and the re-read cache are pushes of their own; progress adds at most one per 100 ms.
    expect(progressTimes.length).toBeLessThanOrEqual(Math.floor(elapsed / 100) + 4);

    const state = app.hub.state.staticData;
    expect(state.revision).toBe(1);
    expect(state.cache?.arena.map((entry) => entry.locale)).toEqual(['en_US']);
    expect(state.cache?.cards[0]).toMatchObject({
      locale: 'en_us',
      cards: SET_CARDS.set1.length + SET_CARDS.set9.length,
    });
    expect(state.cache?.cards[0]?.bundles.map((bundle) => [bundle.name, bundle.label])).toEqual([
      ['core', 'Core'],
      ['set1', 'Set 1'],
      ['set9', 'Set 9'],
    ]);

    // The game constants label queues for the scoreboard's history and the match pages.
    expect(app.feature.gameLabels()?.queue(420)).toBe('5v5 Ranked Solo games');
    expect(app.feature.cardCatalog.lookup('01DE012')?.name).toBe('Garen');

    await app.running.close();
    hosts = null;

    const page = await app.handlers['staticData.cards.search']({
      query: '',
      regions: ['Demacia'],
      costs: [],
      types: [],
      bundles: [],
      collectibleOnly: true,
      limit: 10,
      offset: 0,
    });
    // By cost, then name.
    expect(page.cards.map((card) => card.cardCode)).toEqual([
      '01DE029',
      '01DE022',
      '01DE016',
      '09BC005',
      '01DE015',
      '01DE001',
      '01DE012',
      '01DE042',
      '01DE002',
    ]);
    expect(page.facets.regions.map((region) => region.nameRef)).toEqual([
      'Demacia',
      'Ionia',
      'Noxus',
      'Freljord',
      'BandleCity',
      'PiltoverZaun',
    ]);
    const garen = page.cards.find((card) => card.cardCode === '01DE012');
    expect(garen?.imageUrl).toBe('/static-data/cards/en_us/01DE012/card.png');
    const image = await app.feature.resolveAsset(garen?.imageUrl ?? '');
    expect(image?.contentType).toBe('image/png');
    expect(image?.file.startsWith(staticDataCacheDir(dataDir))).toBe(true);

    const detail = await app.handlers['staticData.cards.card']({ cardCode: '01DE012' });
    expect(detail.record.associatedCardRefs).toEqual(['01DE012T1', '01DE042']);
    expect(detail.record.associatedCards).toEqual(['Garen', 'Judgment']);
    expect(plain(detail.text.description)).toBe('Strike: Rally.');
    expect(detail.text.description.find((node) => 'text' in node && node.text === 'Strike')).toMatchObject({
      marks: ['keyword'],
    });
    expect(detail.keywords).toEqual([
      {
        nameRef: 'Regeneration',
        name: 'Regeneration',
        description: 'Heals fully at the start of each round.',
      },
    ]);
    expect(detail.images.alt).toBe('/static-data/cards/en_us/01DE012/alt.png');

    const deck = encodeDeckCode([
      { cardCode: '01DE012', count: 3 },
      { cardCode: '01IO012', count: 2 },
      { cardCode: '09BC005', count: 1 },
      { cardCode: '01DE042', count: 3 },
      { cardCode: '05BC999', count: 1 },
    ]);
    if (!deck.ok) throw new Error(deck.error.message);
    const view = await app.handlers['staticData.deck.decode']({ code: ` ${deck.value} ` });
    expect(view.code).toBe(deck.value);
    expect(view.totalCards).toBe(10);
    expect(view.cards.map((row) => [row.count, row.cardCode])).toEqual([
      [2, '01IO012'],
      [1, '09BC005'],
      [3, '01DE012'],
      [3, '01DE042'],
      [1, '05BC999'],
    ]);
    expect(view.unknownCards).toBe(1);
    expect(view.manaCurve).toEqual([0, 0, 2, 0, 1, 3, 0, 3]);
    expect(view.regions.map((entry) => [entry.region.name, entry.copies])).toEqual([
      ['Demacia', 7],
      ['Ionia', 2],
      ['Bandle City', 1],
    ]);

    // The spec's examples: effectBurn, vars via coeff, the cost template, a health cost held in effect.
    const annie = await app.handlers['staticData.arena.champion']({ id: 'Annie' });
    const disintegrate = annie.spells[0];
    expect(disintegrate?.slot).toBe('Q');
    expect(plain(disintegrate?.tooltip ?? [])).toBe('Deals 80/115/150/185/220 (+80% AP) magic damage.');
    expect(plain(disintegrate?.cost ?? [])).toBe('60/65/70/75/80 Mana');
    expect(disintegrate?.imageUrl).toMatch(/^\/static-data\/arena\/cdn\/14\.1\.2\/img\/spell\//);
    const mundo = await app.handlers['staticData.arena.champion']({ id: '36' });
    expect(mundo.name).toBe('Dr. Mundo');
    expect(plain(mundo.spells[0]?.cost ?? [])).toBe('50/60/70/80/90 Health');
    for (const spell of [...annie.spells, ...mundo.spells]) {
      expect(plain(spell.tooltip)).not.toMatch(/[{}]/);
    }
    const squareImage = await app.feature.resolveAsset(annie.imageUrl ?? '');
    expect(squareImage?.contentType).toBe('image/png');

    const edge = await app.handlers['staticData.arena.item']({ id: '3031' });
    expect(edge.stats.map((stat) => stat.display)).toEqual([
      '+65 Attack Damage',
      '+25% Critical Strike Chance',
    ]);
    // The description's stat block is what `stats` lists; it is not shown twice.
    expect(plain(edge.description)).not.toMatch(/FlatPhysicalDamageMod|Attack Damage/);
    const potion = await app.handlers['staticData.arena.item']({ id: '2003' });
    expect(potion.stats).toEqual([]);
    // A match record's item row together (spec 2's stat rules): flat stats add, percent stats are summed
    // per stat (they multiply the champion's value), a duplicate counts twice, an unknown ID is listed.
    const row = await app.handlers['staticData.arena.itemSet']({
      ids: ['3031', '1036', '1036', '3006', '1042', '9999'],
    });
    expect(row.items.map((item) => item.name)).toEqual([
      'Infinity Edge',
      'Long Sword',
      'Long Sword',
      "Berserker's Greaves",
      'Dagger',
    ]);
    expect(row.missing).toEqual(['9999']);
    expect(row.stats.map((stat) => stat.display)).toEqual([
      '+85 Attack Damage',
      '+25% Critical Strike Chance',
      '+47% Attack Speed',
      '+45 Move Speed',
    ]);
    expect((await app.handlers['staticData.arena.itemSet']({ ids: ['2003'] })).stats).toEqual([]);
    const catalog = await app.handlers['staticData.arena.catalog']({});
    expect(catalog.champions.map((champion) => champion.id)).toContain('MonkeyKing');
    // A summoner's profile icon: the cached image URL for an icon the data has, none for one it lacks.
    expect(await app.handlers['staticData.arena.profileIcon']({ id: 29 })).toEqual({
      id: 29,
      imageUrl: expect.stringMatching(/^\/static-data\/arena\/cdn\/[\d.]+\/img\/profileicon\/29\.png$/),
    });
    expect(await app.handlers['staticData.arena.profileIcon']({ id: 3 })).toMatchObject({
      imageUrl: expect.any(String),
    });
    expect(await app.handlers['staticData.arena.profileIcon']({ id: 987_654 })).toEqual({
      id: 987_654,
      imageUrl: null,
    });

    // Art that was never cached cannot be fetched offline: a 404, not a hang or a path outside the cache.
    expect(
      await app.feature.resolveAsset('/static-data/arena/cdn/img/champion/splash/Annie_0.jpg'),
    ).toBeNull();

    // The deck tracker's catalog reads the same index.
    expect(app.feature.cardCatalog.lookup('01NX038')).toEqual({
      name: 'Draven',
      cost: 3,
      region: 'Noxus',
      artUrl: '/static-data/cards/en_us/01NX038/card.png',
      champion: true,
    });
    expect(app.feature.cardCatalog.lookup('01DE012T1')?.champion).toBe(true);
    expect(app.feature.cardCatalog.lookup('01DE042')?.champion).toBe(false);
  });

  it('explains bad and too new deck codes, with or without card data', async () => {
    const app = await start();
    const garbage = await rejection(app.handlers['staticData.deck.decode']({ code: 'not a deck code!' }));
    expect(garbage.error.code).toBe('bad-input');
    expect(garbage.error.message).toMatch(/not a deck code/);
    const future = await rejection(
      app.handlers['staticData.deck.decode']({ code: 'DEAAABABAEFACAIBAAAQCAIFAEAQGCTP' }),
    );
    expect(future.error).toEqual({
      code: 'unsupported',
      message: 'This deck code uses version 9; Sightline supports up to 5.',
    });
    // Nothing cached: the deck still decodes, by code and region letters.
    const deck = encodeDeckCode([{ cardCode: '01DE012', count: 3 }]);
    if (!deck.ok) throw new Error(deck.error.message);
    const view = await app.handlers['staticData.deck.decode']({ code: deck.value });
    expect(view).toMatchObject({ dataMissing: true, unknownCards: 1, totalCards: 3 });
    expect(view.regions.map((entry) => entry.region.abbreviation)).toEqual(['DE']);
    const search = await rejection(
      app.handlers['staticData.cards.search']({
        query: '',
        regions: [],
        costs: [],
        types: [],
        bundles: [],
        collectibleOnly: true,
        limit: 10,
        offset: 0,
      }),
    );
    expect(search.error).toEqual({
      code: 'not-found',
      message: 'No card data is cached for en_us; sync it on the Data page.',
    });
  });

  it('never serves a file outside the cache, whatever the path', async () => {
    const app = await start();
    await app.handlers['staticData.sync']({ locale: 'en_us', sets: ['set1'] });
    expect((await app.finished()).ok).toBe(true);
    const cacheDir = staticDataCacheDir(dataDir);
    await writeFile(join(root, 'secret.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // A link planted inside the cache that points out of it.
    const planted = join(cacheDir, 'arena', 'files', 'cdn', '14.1.2', 'img', 'champion', 'Planted.png');
    await symlink(join(root, 'secret.png'), planted);

    const attempts = [
      '/static-data/arena/../../secret.png',
      '/static-data/arena/cdn/%2e%2e/%2e%2e/%2e%2e/%2e%2e/secret.png',
      '/static-data/arena/cdn/..%2F..%2F..%2Fsecret.png',
      '/static-data/arena/cdn/14.1.2/img/champion/Planted.png',
      '/static-data/arena/cdn/14.1.1/data/en_US/champion.json',
      '/static-data/cards/en_us/..%2F..%2Fsecret/card.png',
      '/static-data/cards/en_us/01DE012/..%2Fcard.png',
      '/static-data/cards/xx_xx/01DE012/card.png',
      '/static-data/cards/en_us/01DE012/other.png',
      '/static-data/regions/en_us/..%5C..%5Csecret.png',
      '/static-data/%00/x.png',
      '/static-data/',
      '/elsewhere/arena/cdn/14.1.1/img/champion/Annie.png',
    ];
    for (const attempt of attempts) {
      expect(await app.feature.resolveAsset(attempt), attempt).toBeNull();
    }
    // The honest paths still work.
    expect(await app.feature.resolveAsset('/static-data/regions/en_us/Demacia.png')).toMatchObject({
      contentType: 'image/png',
    });
  });

  it('fetches card art a lite bundle lacks from the card data host only', async () => {
    const app = await start();
    await app.handlers['staticData.sync']({ locale: 'en_us', sets: ['set1'] });
    expect((await app.finished()).ok).toBe(true);
    const detail = await app.handlers['staticData.cards.card']({ cardCode: '01DE012' });
    // Lite bundles hold no illustration; the record's asset URL names one on the host.
    const full = await app.feature.resolveAsset(detail.images.full ?? '');
    expect(full?.file).toBe(
      join(staticDataCacheDir(dataDir), 'cards', 'en_us', 'remote', '01DE012-full.png'),
    );

    // The same cache read by an app configured for another card host: record URLs are not followed there.
    const other = await startStaticHosts();
    try {
      const elsewhere = await start({}, { refreshOnStart: false }, other.urls);
      expect(await elsewhere.feature.resolveAsset('/static-data/cards/en_us/01DE042/full.png')).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('cancels a sync, clears the cache, and refreshes what is cached at start', async () => {
    const slow = await start({ throttle: { chunkBytes: 2048, intervalMs: 20 } });
    await slow.handlers['staticData.sync']({ locale: 'en_us', sets: SETS, variant: 'full' });
    await waitFor(() => slow.hub.state.staticData.sync?.progress.stage === 'cards');
    await expect(slow.handlers['staticData.cancel']({})).resolves.toEqual({ cancelled: true });
    await expect(
      rejection(slow.handlers['staticData.sync']({ locale: 'en_us', sets: SETS })),
    ).resolves.toMatchObject({ error: { message: 'A data sync is already running.' } });
    const cancelled = await slow.finished();
    expect(cancelled).toMatchObject({ ok: false, cancelled: true });
    await expect(slow.handlers['staticData.cancel']({})).resolves.toEqual({ cancelled: false });

    const cleared = await slow.handlers['staticData.clear']({ scope: 'all' });
    expect(cleared.arena).toEqual([]);
    expect(cleared.cards).toEqual([]);
    expect(slow.hub.state.staticData.revision).toBe(2);
    await slow.feature.stop?.();

    // A fresh start over a synced cache checks it against the hosts by itself.
    const fresh = await start({}, { refreshOnStart: false });
    await fresh.handlers['staticData.sync']({ locale: 'en_us', sets: ['set9'] });
    expect((await fresh.finished()).ok).toBe(true);
    await fresh.feature.stop?.();
    const restarted = await start({}, { refreshOnStart: true, refreshDelayMs: 0 });
    const refreshed = await restarted.finished();
    expect(refreshed).toMatchObject({ ok: true, reason: 'refresh', arena: { updated: false } });
    expect(refreshed.cards[0]?.bundles.map((bundle) => [bundle.name, bundle.status])).toEqual([
      ['core', 'unchanged'],
      ['set9', 'unchanged'],
    ]);
  });

  it('refuses a sync of an unknown set or locale with a sentence', async () => {
    const app = await start();
    const unknownSet = await rejection(app.handlers['staticData.sync']({ sets: ['set42'] }));
    expect(unknownSet.error.message).toMatch(/^"set42" is not a set; the sets are set1, set2/);
    expect(app.hub.state.staticData.sync).toBeNull();
  });

  it('syncs the patch of the chosen region, and keeps the region for the next sync', async () => {
    const app = await start();
    expect((await app.handlers['staticData.status']({})).options).toMatchObject({ region: 'na' });
    await app.handlers['staticData.sync']({ locale: 'en_us', sets: ['set1'], region: 'euw' });
    const lastSync = await app.finished();
    // The simulated euw realm runs 13.24 while na runs 14.1.
    expect(lastSync.arena).toMatchObject({ version: '13.24.1', region: 'euw' });
    const status = await app.handlers['staticData.status']({});
    expect(status.options.region).toBe('euw');
    expect(status.options.regions).toContain('kr');
    expect(JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8'))).toMatchObject({
      staticData: { region: 'euw' },
    });
  });

  const search = (query: string, bundles: string[] = []) => ({
    query,
    regions: [],
    costs: [],
    types: [],
    bundles,
    collectibleOnly: true,
    limit: 48,
    offset: 0,
  });

  it('syncs the adventure bundle when asked, and the card library filters by where cards come from', async () => {
    const app = await start();
    const { options } = await app.handlers['staticData.status']({});
    expect(options.sets[0]).toEqual({ name: 'set1', label: 'Set 1', byDefault: true });
    expect(options.sets[options.sets.length - 1]).toEqual({
      name: 'adventure',
      label: 'Adventure',
      byDefault: false,
    });

    await app.handlers['staticData.sync']({ locale: 'en_us', sets: ['set1', 'adventure'] });
    const lastSync = await app.finished();
    expect(lastSync.problems).toEqual([]);
    expect(lastSync.cards[0]?.bundles).toEqual([
      { name: 'core', status: 'downloaded' },
      { name: 'set1', status: 'downloaded' },
      { name: 'adventure', status: 'downloaded' },
    ]);
    expect(app.hub.state.staticData.cache?.cards[0]?.bundles.map((b) => [b.name, b.label, b.folder])).toEqual(
      [
        ['core', 'Core', 'latest'],
        ['set1', 'Set 1', 'latest'],
        ['adventure', 'Adventure', 'latest'],
      ],
    );

    const adventure = await app.handlers['staticData.cards.search'](search('', ['adventure']));
    expect(adventure.cards.map((card) => card.cardCode)).toEqual(['ADV01DE001', 'ADV01IO002', 'ADV01NX003']);
    expect(adventure.facets.bundles).toEqual([
      { name: 'set1', label: 'Set 1' },
      { name: 'adventure', label: 'Adventure' },
    ]);
    const set1 = await app.handlers['staticData.cards.search'](search('', ['set1']));
    expect(set1.total).toBeGreaterThan(0);
    expect(set1.cards.some((card) => card.cardCode.startsWith('ADV'))).toBe(false);
    // Words and the source filter combine.
    expect((await app.handlers['staticData.cards.search'](search('guardian', ['adventure']))).total).toBe(1);
    expect((await app.handlers['staticData.cards.search'](search('guardian', ['set1']))).total).toBe(0);
    const detail = await app.handlers['staticData.cards.card']({ cardCode: 'ADV01NX003' });
    expect(detail).toMatchObject({
      bundle: 'adventure',
      record: { name: 'Arena Warden', set: 'SetAdventure' },
    });
  });

  it('reads a pinned card-data version in the library and the deck tracker, and latest again when unpinned', async () => {
    const app = await start();
    await app.handlers['staticData.sync']({ locale: 'en_us', sets: ['set1'] });
    expect((await app.finished()).ok).toBe(true);
    expect(app.feature.cardCatalog.lookup('01DE012')?.cost).toBe(5);

    await app.settings.update({ staticData: { cardVersion: '4_3_0' } });
    await waitFor(() => app.feature.cardCatalog.lookup('01DE012') === null);
    const missing = await rejection(app.handlers['staticData.cards.search'](search('garen')));
    expect(missing.error.code).toBe('not-found');
    expect((await app.handlers['staticData.status']({})).options).toMatchObject({ cardVersion: '4_3_0' });

    const before = app.hub.state.staticData.revision;
    // A sync now fetches the pinned version (the 4_3_0 folder), kept apart from the latest data.
    await app.handlers['staticData.sync']({ locale: 'en_us', sets: ['set1', 'adventure'] });
    await waitFor(() => app.hub.state.staticData.revision > before && app.hub.state.staticData.sync === null);
    const pinnedSync = app.hub.state.staticData.lastSync;
    expect(pinnedSync?.problems).toEqual([]);
    expect(app.hub.state.staticData.sync).toBeNull();
    const garen = await app.handlers['staticData.cards.search'](search('garen'));
    expect(garen.cards.find((card) => card.cardCode === '01DE012')?.cost).toBe(6);
    expect(app.feature.cardCatalog.lookup('01DE012')?.cost).toBe(6);
    expect((await app.handlers['staticData.cards.search'](search('', ['adventure']))).total).toBe(3);

    // A set the pinned folder lacks is a problem of its own; nothing falls back to latest.
    const failedBefore = app.hub.state.staticData.revision;
    await app.handlers['staticData.sync']({ locale: 'en_us', sets: ['set9'] });
    await waitFor(() => app.hub.state.staticData.revision > failedBefore);
    expect(app.hub.state.staticData.lastSync?.problems).toEqual([
      'Set 9: not on the server (4_3_0/set9-lite-en_us.zip)',
    ]);

    await app.settings.update({ staticData: { cardVersion: null } });
    await waitFor(() => app.feature.cardCatalog.lookup('01DE012')?.cost === 5);
    const latest = await app.handlers['staticData.cards.search'](search('garen'));
    expect(latest.cards.find((card) => card.cardCode === '01DE012')?.cost).toBe(5);
    await expect(app.settings.update({ staticData: { cardVersion: 'v4.3' } })).rejects.toThrow(
      'Invalid settings: must be a card-data version like 4_3_0',
    );
  });

  it('says so when the card host has no such version', async () => {
    const app = await start();
    await app.settings.update({ staticData: { cardVersion: '9_9_9' } });
    await app.handlers['staticData.sync']({ locale: 'en_us', sets: ['set1'] });
    const lastSync = await app.finished();
    expect(lastSync.ok).toBe(false);
    expect(lastSync.problems[0]).toBe(
      'The card host has no version 9_9_9 (9_9_9/core-en_us.zip is not there).',
    );
  });
});
