import type { StaticDataSyncProgress } from '@shared/contract';
import { access, chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maliciousZips, startStaticHosts } from '../../../../simulator/staticData';
import type { RunningStaticHosts, StaticHostsOptions } from '../../../../simulator/staticData';
import { SET_CARDS } from '../../../../simulator/staticData/cardModel';
import { createDownloader } from '../../../platform/net/download';
import { createHttpClient } from '../../../platform/net/httpClient';
import { arenaImagePaths } from '../arena/arenaPaths';
import { createDataCache } from './dataCache';
import type { DataCacheOptions } from './dataCache';

const AT = Date.UTC(2026, 10, 25, 21, 5, 1);

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

async function listTree(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, prefix: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      out.push(relative);
      if (entry.isDirectory()) await walk(join(dir, entry.name), relative);
    }
  };
  await walk(root, '');
  return out;
}

describe('createDataCache', () => {
  let root: string;
  let cacheDir: string;
  let hosts: RunningStaticHosts | null = null;
  const http = createHttpClient();
  const download = createDownloader({ idleTimeoutMs: 2000 });

  beforeEach(async () => {
    // The cache is one folder inside root, so anything written beside it is visible.
    root = await mkdtemp(join(tmpdir(), 'static-data-'));
    cacheDir = join(root, 'cache');
    await mkdir(cacheDir);
  });

  afterEach(async () => {
    await hosts?.close();
    hosts = null;
    await rm(root, { recursive: true, force: true });
  });

  async function start(options: StaticHostsOptions = {}): Promise<RunningStaticHosts> {
    hosts = await startStaticHosts(options);
    return hosts;
  }

  function service(running: RunningStaticHosts, extra: Partial<DataCacheOptions> = {}) {
    return createDataCache({
      cacheDir,
      http,
      download,
      ddragonUrl: running.urls.ddragon,
      cardDataUrl: running.urls.cardData,
      constantsUrl: running.urls.constants,
      region: 'na',
      locale: 'en_US',
      ...extra,
    });
  }

  const someSets = { sets: ['set1', 'set9'] };

  it('syncs both games and loads them from the cache', async () => {
    const running = await start();
    const events: StaticDataSyncProgress[] = [];
    const data = service(running, { onProgress: (progress) => events.push(progress) });

    const report = await data.sync({ cards: someSets });
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    // na's realm runs 14.1.1; 14.1.2 is a newer build of the same patch, so it is the one used.
    expect(report.arena).toMatchObject({ ok: true, version: '14.1.2', updated: true });

    const arena = await data.loadArenaData();
    if (!arena.ok) throw new Error(arena.error.message);
    expect(arena.value.version).toBe('14.1.2');
    expect(arena.value.champions.map((c) => c.id)).toEqual([
      'Ahri',
      'Akali',
      'Annie',
      'Caitlyn',
      'Darius',
      'DrMundo',
      'Garen',
      'Jinx',
      'LeeSin',
      'Leona',
      'Syndra',
      'Thresh',
      'Vi',
      // Sorted by name: Wukong.
      'MonkeyKing',
    ]);
    expect(arena.value.championByKey(62)?.name).toBe('Wukong');
    expect(arena.value.item(3031)?.stats).toEqual({ FlatPhysicalDamageMod: 65, FlatCritChanceMod: 0.25 });
    expect(arena.value.item('2003')?.effect).toEqual({ Effect1Amount: '120', Effect2Amount: '15' });
    expect(arena.value.summonerSpell(4)?.id).toBe('SummonerFlash');
    expect(arena.value.labels.queue(420)).toBe('5v5 Ranked Solo games');
    expect(arena.value.labels.queue(0)).toBe('Custom games');
    expect(arena.value.labels.map(11)).toBe("Summoner's Rift");
    expect(arena.value.languages).toContain('de_DE');
    // Runes by the ids the live client gives: trees and keystones, with their unversioned icons.
    expect(arena.value.rune(8100)).toMatchObject({ name: 'Domination', treeId: null });
    expect(arena.value.rune(8112)).toMatchObject({
      name: 'Electrocute',
      treeId: 8100,
      imagePath: 'cdn/img/perk-images/Styles/Domination/Electrocute/Electrocute.png',
    });

    // Icons were fetched at sync time: they resolve to cached files without a request.
    running.control.resetStats();
    const icon = await data.arenaImage(arenaImagePaths.championSquare('14.1.2', 'Annie'));
    expect(icon.kind).toBe('file');
    const keystone = await data.arenaImage(arena.value.rune(8112)?.imagePath ?? '');
    expect(keystone.kind).toBe('file');
    expect(running.control.stats().requests).toEqual({});

    const cards = await data.loadCardIndex();
    if (!cards.ok) throw new Error(cards.error.message);
    expect(cards.value.cards).toHaveLength(SET_CARDS.set1.length + SET_CARDS.set9.length);
    expect(cards.value.bundles.map((b) => `${b.name}:${b.variant}:${b.folder}`)).toEqual([
      'core:core:latest',
      'set1:lite:latest',
      'set9:lite:5_4_0',
    ]);

    expect(events.at(-1)).toMatchObject({ phase: 'done' });
    const last = events.at(-1);
    expect(last?.filesDone).toBeGreaterThan(10);
    expect(last?.bytesDone).toBeGreaterThan(0);
    expect(events.some((event) => event.stage === 'cards')).toBe(true);
  });

  it('works offline from the cache once synced', async () => {
    const running = await start();
    expect((await service(running).sync({ cards: someSets })).ok).toBe(true);
    await running.close();
    hosts = null;

    const offline = service(running);
    const arena = await offline.loadArenaData();
    const cards = await offline.loadCardIndex();
    expect(arena.ok && arena.value.version).toBe('14.1.2');
    expect(cards.ok && cards.value.card('01DE012')?.name).toBe('Garen');

    const report = await offline.sync({ cards: someSets });
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toMatch(/not reachable.*cached data stays in use/);
    // The failed sync changed nothing.
    const again = await offline.loadArenaData();
    expect(again.ok && again.value.version).toBe('14.1.2');
    expect((await offline.loadCardIndex()).ok).toBe(true);
  });

  it('moves a damaged card index aside and rebuilds it from the downloaded cards, offline', async () => {
    const running = await start();
    expect((await service(running).sync({ cards: someSets })).ok).toBe(true);
    await running.close();
    hosts = null;
    const index = join(cacheDir, 'cards', 'en_us', 'index.json');
    const whole = await readFile(index);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    await writeFile(index, cut);
    const before = (await listTree(cacheDir)).filter((path) => !path.endsWith('index.json'));

    const moved: { path: string; movedTo: string; problem: string; reset: string }[] = [];
    const offline = service(running, { onMovedAside: (entry) => moved.push(entry), now: () => AT });
    const cards = await offline.loadCardIndex();

    expect(cards.ok && cards.value.card('01DE012')?.name).toBe('Garen');
    expect(moved).toEqual([
      {
        path: index,
        movedTo: `${index}.corrupt-20261125T210501Z`,
        problem: 'not valid JSON',
        reset: 'the card index was rebuilt from the downloaded cards',
      },
    ]);
    expect(await readFile(`${index}.corrupt-20261125T210501Z`)).toEqual(cut);
    expect(JSON.parse(await readFile(index, 'utf8')).cards).toHaveLength(
      SET_CARDS.set1.length + SET_CARDS.set9.length,
    );
    // The downloaded bundles and the arena data are as they were.
    const after = await listTree(cacheDir);
    expect(after.filter((path) => !path.endsWith('index.json') && !path.includes('.corrupt-'))).toEqual(
      before,
    );
    expect((await offline.loadArenaData()).ok).toBe(true);
  });

  it('moves a damaged arena index aside; the next sync sets the entry up again', async () => {
    const running = await start();
    expect((await service(running).sync({ cards: false })).ok).toBe(true);
    const entry = join(cacheDir, 'arena', 'entries', '14.1.2', 'en_US');
    await writeFile(join(entry, 'index.json'), '{"format": "nonsense"}');

    const moved: { path: string; movedTo: string; problem: string; reset: string }[] = [];
    const data = service(running, { onMovedAside: (entry) => moved.push(entry), now: () => AT });
    const arena = await data.loadArenaData();

    expect(arena).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(moved).toEqual([
      {
        path: join(entry, 'index.json'),
        movedTo: join(entry, 'index.json.corrupt-20261125T210501Z'),
        problem: 'an old or unknown format',
        reset: expect.stringMatching(/next sync/),
      },
    ]);
    expect(await readFile(join(entry, 'index.json.corrupt-20261125T210501Z'), 'utf8')).toBe(
      '{"format": "nonsense"}',
    );
    expect((await data.sync({ cards: false })).ok).toBe(true);
    const again = await data.loadArenaData();
    expect(again.ok && again.value.version).toBe('14.1.2');
  });

  it('refreshes when the realm moves to a new version, and drops the old one', async () => {
    const running = await start();
    const data = service(running);
    await data.sync({ cards: false });
    const unchanged = await data.sync({ cards: false });
    expect(unchanged.arena).toMatchObject({ ok: true, version: '14.1.2', updated: false });

    running.control.setRealm('na', '14.2.1');
    const report = await data.sync({ cards: false });
    expect(report.arena).toMatchObject({ ok: true, version: '14.2.1', updated: true });
    const arena = await data.loadArenaData();
    expect(arena.ok && arena.value.championById('Smolder')?.key).toBe('901');
    const status = await data.status();
    expect(status.arena.map((entry) => entry.version)).toEqual(['14.2.1']);
    expect(await exists(join(cacheDir, 'arena', 'files', 'cdn', '14.1.2'))).toBe(false);
  });

  it('never turns a cut download into a cache entry', async () => {
    const running = await start();
    running.control.setFaults([{ kind: 'cut-body', match: '/item.json' }]);
    const data = service(running);
    const report = await data.sync({ cards: false });
    expect(report.ok).toBe(false);
    expect(report.arena).toMatchObject({ ok: false, cancelled: false });
    expect(report.problems[0]).toMatch(
      /item\.json: bad response: the (connection was reset|response was cut short)/,
    );
    expect((await data.status()).arena).toEqual([]);
    const load = await data.loadArenaData();
    expect(load.ok || load.error.code).toBe('not-found');
    const files = await listTree(cacheDir);
    expect(files.filter((file) => file.endsWith('item.json') || file.endsWith('manifest.json'))).toEqual([]);
    expect(files.some((file) => file.includes('.staging') || file.endsWith('.part'))).toBe(false);

    // With the fault gone the same cache completes.
    running.control.setFaults([]);
    expect((await data.sync({ cards: false })).ok).toBe(true);
  });

  it('goes without the constants when their host fails, and keeps an earlier copy', async () => {
    const running = await start();
    const data = service(running);
    await data.sync({ cards: false });
    running.control.setFaults([{ kind: 'status', match: '/docs/lol/', status: 503 }]);
    running.control.setRealm('na', '14.2.1');
    const report = await data.sync({ cards: false });
    expect(report.arena).toMatchObject({ ok: true, version: '14.2.1' });
    expect(report.problems).toHaveLength(0);
    const arena = await data.loadArenaData();
    expect(arena.ok && arena.value.labels.queue(420)).toBe('5v5 Ranked Solo games');

    await data.clear();
    const fresh = await data.sync({ cards: false });
    expect(fresh.arena).toMatchObject({ ok: true });
    expect(fresh.problems).toContain('constants/queues.json: HTTP 503');
    const bare = await data.loadArenaData();
    expect(bare.ok && bare.value.labels.queue(420)).toBeNull();
  });

  it('goes without runes the host lacks, and keeps runes whose icon path is unsafe without their icon', async () => {
    const running = await start();
    running.control.setFaults([{ kind: 'status', match: '/runesReforged.json', status: 403 }]);
    const data = service(running);
    const report = await data.sync({ cards: false });
    expect(report.arena).toMatchObject({ ok: true, version: '14.1.2' });
    expect(report.problems).toEqual(['cdn/14.1.2/data/en_US/runesReforged.json: not on the server']);
    const bare = await data.loadArenaData();
    expect(bare.ok && bare.value.rune(8112)).toBeUndefined();
    expect(bare.ok && bare.value.champions.length).toBeGreaterThan(0);

    const hostile = [
      {
        id: 8100,
        key: 'Domination',
        icon: '../../../outside.png',
        name: 'Domination',
        slots: [
          { runes: [{ id: 8112, key: 'Electrocute', icon: 'perk-images/E.png', name: 'Electrocute' }] },
        ],
      },
    ];
    running.control.setFaults([
      { kind: 'replace-body', match: '/runesReforged.json', body: Buffer.from(JSON.stringify(hostile)) },
    ]);
    running.control.setRealm('na', '14.2.1');
    const again = await data.sync({ cards: false });
    expect(again.arena).toMatchObject({ ok: true, version: '14.2.1' });
    const arena = await data.loadArenaData();
    if (!arena.ok) throw new Error(arena.error.message);
    expect(arena.value.rune(8100)).toMatchObject({ name: 'Domination', imagePath: null });
    expect(arena.value.rune(8112)?.imagePath).toBe('cdn/img/perk-images/E.png');
    expect(await listTree(root)).not.toContain('outside.png');
  });

  it('fails the entry when the host lacks a required data file', async () => {
    const running = await start();
    running.control.setFaults([{ kind: 'status', match: '/summoner.json', status: 403 }]);
    const report = await service(running).sync({ cards: false });
    expect(report.arena).toMatchObject({ ok: false, cancelled: false });
    expect(report.problems[0]).toBe('Arena data: cdn/14.1.2/data/en_US/summoner.json: not on the server');
  });

  it('leaves nothing of a bundle download that is cancelled half way', async () => {
    const running = await start({ throttle: { chunkBytes: 16 * 1024, intervalMs: 20 } });
    const controller = new AbortController();
    const data = service(running, {
      onProgress: (progress) => {
        if (progress.stage === 'cards' && progress.bytesDone > 40_000) controller.abort();
      },
    });
    const report = await data.sync({ arena: false, cards: { sets: ['set1'] }, signal: controller.signal });
    expect(report.cancelled).toBe(true);
    expect(report.ok).toBe(false);
    // The small core bundle may have completed before the cancel; nothing of set1 may exist.
    const files = await listTree(cacheDir);
    expect(files.filter((file) => /set1|\.staging|\.part|index\.json/.test(file))).toEqual([]);
    expect((await data.loadCardIndex()).ok).toBe(false);
  });

  it('downloads at most `concurrency` files at once', async () => {
    const running = await start({ latencyMs: 25 });
    await service(running, { concurrency: 2 }).sync({ cards: someSets });
    expect(running.control.stats().maxInFlight).toBe(2);

    await rm(cacheDir, { recursive: true, force: true });
    running.control.resetStats();
    await service(running, { concurrency: 4 }).sync({ cards: false });
    const { maxInFlight } = running.control.stats();
    expect(maxInFlight).toBeGreaterThan(2);
    expect(maxInFlight).toBeLessThanOrEqual(4);
  });

  it.each([
    ['zip-slip', maliciousZips.zipSlip, /parent folder/],
    ['absolute path', maliciousZips.absolutePath, /absolute path/],
    ['drive letter', maliciousZips.driveLetter, /drive letter/],
    ['backslash', maliciousZips.backslashSlip, /backslash/],
    ['symlink', maliciousZips.symlinkEntry, /symbolic link/],
    ['zip bomb', () => maliciousZips.zipBomb(), /inflates/],
    ['zip bomb spread over many entries', () => maliciousZips.spreadZipBomb(), /archive inflates/],
    ['lying zip bomb', () => maliciousZips.lyingZipBomb(), /damaged|inflates/],
    ['wrong locale', maliciousZips.wrongLocale, /for de_de, expected en_us/],
    ['no metadata.json', maliciousZips.missingMetadata, /no metadata\.json in the archive/],
  ])('refuses a hostile bundle (%s) and writes nothing of it', async (_name, build, message) => {
    const running = await start();
    running.control.setFaults([{ kind: 'replace-body', match: 'set1-lite-en_us.zip', body: await build() }]);
    const data = service(running);
    const report = await data.sync({ arena: false, cards: { sets: ['set1'] } });
    const set1 = report.cards[0]?.bundles.find((bundle) => bundle.name === 'set1');
    expect(set1?.status).toBe('failed');
    expect(set1?.message).toMatch(/refused/);
    expect(set1?.message).toMatch(message);
    // Nothing beside the cache, nothing of set1 in it; the core bundle that was fine is there.
    expect(await readdir(root)).toEqual(['cache']);
    const files = await listTree(cacheDir);
    expect(
      files.filter((file) => file.includes('set1') || file.includes('evil') || file.includes('.staging')),
    ).toEqual([]);
    expect(files).toContain('cards/en_us/bundles/core/sightline-bundle.json');
    expect(await exists('/tmp/sightline-evil.txt')).toBe(false);
  });

  it('indexes every field with localized and Ref lists aligned, per locale', async () => {
    const running = await start();
    const data = service(running);
    await data.sync({ arena: false, cards: { locales: ['en_us', 'de_de'], sets: ['set1', 'set9'] } });
    const en = await data.loadCardIndex('en_us');
    const de = await data.loadCardIndex('de_de');
    if (!en.ok || !de.ok) throw new Error('not indexed');

    for (const card of [...en.value.cards, ...de.value.cards]) {
      expect(card.keywords).toHaveLength(card.keywordRefs.length);
      expect(card.regions).toHaveLength(card.regionRefs.length);
      expect(card.associatedCards).toHaveLength(card.associatedCardRefs.length);
      expect(card.formats).toHaveLength(card.formatRefs.length);
    }
    const garen = en.value.card('01DE012');
    expect(garen).toMatchObject({
      name: 'Garen',
      region: 'Demacia',
      regionRef: 'Demacia',
      regions: ['Demacia'],
      cost: 5,
      attack: 5,
      health: 5,
      keywords: ['Regeneration'],
      keywordRefs: ['Regeneration'],
      rarityRef: 'Champion',
      supertype: 'Champion',
      collectible: true,
      levelupDescription: "I've struck twice.",
      // The published record leaves these names out; the index fills them in from the cards, in Ref order.
      associatedCardRefs: ['01DE012T1', '01DE042'],
      associatedCards: ['Garen', 'Judgment'],
      spellSpeed: '',
      set: 'Set1',
    });
    expect(garen?.descriptionRaw).not.toMatch(/</);
    const duo = de.value.card('01IO015');
    expect(duo?.keywords).toEqual(['Unfassbar', 'Furchteinflößend']);
    expect(duo?.keywordRefs).toEqual(['Elusive', 'Fearsome']);
    const poppy = de.value.card('09BC005');
    expect(poppy?.regions).toEqual(['Bandle', 'Demacia']);
    expect(poppy?.regionRefs).toEqual(['BandleCity', 'Demacia']);
    expect(poppy?.subtypes).toEqual(['YORDLE']);
    expect(de.value.card('09NX010')).toMatchObject({ spellSpeed: 'Fokus', spellSpeedRef: 'Focus' });

    expect(en.value.globals.keywords.find((k) => k.nameRef === 'Overwhelm')?.name).toBe('Overwhelm');
    expect(de.value.globals.keywords.find((k) => k.nameRef === 'Overwhelm')?.name).toBe('Überwältigen');
    expect(en.value.globals.rarities.map((r) => r.nameRef)).toContain('EPIC');
    expect(en.value.globals.spellSpeeds.map((s) => s.nameRef)).toEqual(['Slow', 'Fast', 'Burst', 'Focus']);
    expect(en.value.globals.types.length).toBeGreaterThan(0);
    const icon = en.value.regionIcon('Demacia');
    expect(icon?.kind).toBe('file');
    if (icon?.kind === 'file') expect(await exists(icon.path)).toBe(true);
  });

  it('resolves card images from the bundle, falling back to the asset URL', async () => {
    const running = await start();
    const data = service(running);
    await data.sync({ arena: false, cards: { sets: ['set1'] } });
    const index = await data.loadCardIndex();
    if (!index.ok) throw new Error(index.error.message);

    const render = index.value.image('01DE012');
    expect(render?.kind).toBe('file');
    if (render?.kind === 'file') expect(await exists(render.path)).toBe(true);
    expect(index.value.image('01DE012', 'alt')?.kind).toBe('file');
    // Lite bundles have no illustrations: the record's URL stands in.
    expect(index.value.image('01DE012', 'full')).toEqual({
      kind: 'url',
      url: `${running.urls.cardData}/5_4_0/set1/en_us/img/cards/01DE012-full.png`,
    });
    expect(index.value.image('01IO015', 'alt')).toBeNull();
    expect(index.value.image('99XX999')).toBeNull();

    // A full sync replaces the lite bundle and brings the illustrations.
    await data.sync({ arena: false, cards: { sets: ['set1'], variant: 'full' } });
    const full = await data.loadCardIndex();
    expect(full.ok && full.value.image('01DE012', 'full')?.kind).toBe('file');
    expect(full.ok && full.value.bundles.find((b) => b.name === 'set1')?.variant).toBe('full');
  });

  it('counts files and bytes of the same files: sets the host lacks and files cut short leave both counts', async () => {
    const running = await start();
    running.control.setFaults([
      { kind: 'status', match: '/data/en_US/runesReforged.json', status: 503 },
      { kind: 'status', match: 'set2-', status: 403 },
      { kind: 'status', match: 'set8-', status: 403 },
    ]);
    const events: StaticDataSyncProgress[] = [];
    const report = await service(running, { onProgress: (progress) => events.push(progress) }).sync({
      // set2 and set8 missing on the host, as a host that lags behind the spec's list has them.
      cards: { sets: ['set1', 'set2', 'set8', 'set9'] },
    });
    expect(report.problems).toEqual([
      'cdn/14.1.2/data/en_US/runesReforged.json: HTTP 503',
      'Set 2: not on the server (latest/set2-lite-en_us.zip, 1_0_0/set2-lite-en_us.zip)',
      'Set 8b: not on the server (latest/set8-lite-en_us.zip, 4_9_0/set8-lite-en_us.zip)',
    ]);
    const last = events.at(-1);
    expect(last?.filesDone).toBeGreaterThan(10);
    expect(last?.filesDone).toBe(last?.filesTotal);
    expect(last?.bytesDone).toBeGreaterThan(0);
    expect(last?.bytesDone).toBe(last?.bytesTotal);
    // Along the way too: never more done than planned.
    for (const event of events) {
      expect(event.filesDone).toBeLessThanOrEqual(event.filesTotal);
      expect(event.bytesDone).toBeLessThanOrEqual(event.bytesTotal);
    }
  });

  it('takes the core bundle from its version folder when latest/ lacks it', async () => {
    const running = await start();
    running.control.setFaults([{ kind: 'status', match: '/latest/core-en_us.zip', status: 403 }]);
    const report = await service(running).sync({ arena: false, cards: { sets: ['set1'] } });
    expect(report.problems).toEqual([]);
    const requests = running.control.stats().requests;
    expect(requests['/latest/core-en_us.zip']).toBe(1);
    expect(requests['/1_0_0/core-en_us.zip']).toBe(1);
    const index = await service(running).loadCardIndex();
    if (!index.ok) throw new Error(index.error.message);
    expect(index.value.bundles.map((b) => `${b.name}:${b.folder}`)).toEqual(['core:1_0_0', 'set1:latest']);
    expect(index.value.globals.regions.map((region) => region.nameRef)).toContain('Demacia');
    expect(index.value.regionIcon('Demacia')?.kind).toBe('file');
  });

  it('asks the card host whether bundles changed, and keeps them when not', async () => {
    const running = await start();
    const data = service(running);
    await data.sync({ arena: false, cards: { sets: ['set1'] } });
    const again = await data.sync({ arena: false, cards: { sets: ['set1'] } });
    expect(again.cards[0]?.bundles.map((b) => b.status)).toEqual(['unchanged', 'unchanged']);
    expect(again.ok).toBe(true);
  });

  it('reports status per locale and version, and clears', async () => {
    const running = await start();
    const data = service(running);
    await data.sync({ cards: { sets: ['set1'] } });
    const status = await data.status();
    expect(status.arena).toEqual([
      expect.objectContaining({
        version: '14.1.2',
        locale: 'en_US',
        region: 'na',
        files: expect.any(Number),
      }),
    ]);
    expect(status.arena[0]?.bytes).toBeGreaterThan(0);
    expect(status.cards).toEqual([
      expect.objectContaining({
        locale: 'en_us',
        indexed: true,
        cards: SET_CARDS.set1.length,
        bundles: expect.any(Array),
      }),
    ]);
    expect(status.totalBytes).toBeGreaterThanOrEqual(
      (status.arena[0]?.bytes ?? 0) + (status.cards[0]?.bytes ?? 0),
    );

    expect(await data.clear('cards')).toEqual({ ok: true, value: null });
    expect((await data.status()).cards).toEqual([]);
    expect((await data.loadArenaData()).ok).toBe(true);
    await data.clear();
    expect((await data.loadArenaData()).ok).toBe(false);
    expect(await listTree(cacheDir)).toEqual([]);
  });

  it('fetches a champion detail on demand and keeps it', async () => {
    const running = await start();
    const data = service(running);
    await data.sync({ cards: false });
    const mundo = await data.loadChampion('DrMundo');
    if (!mundo.ok) throw new Error(mundo.error.message);
    expect(mundo.value.spells[0]).toMatchObject({
      id: 'DrMundoQ',
      resource: '{{ e3 }} Health',
      costBurn: '0',
    });
    expect(mundo.value.spells[0]?.effectBurn?.[3]).toBe('50/60/70/80/90');
    expect(mundo.value.skins.map((skin) => skin.num)).toEqual([0, 2]);
    await running.close();
    hosts = null;
    expect((await data.loadChampion('DrMundo')).ok).toBe(true);
    expect((await data.loadChampion('Annie')).ok).toBe(false);
    expect((await data.loadChampion('../../etc')).ok).toBe(false);
  });

  it.skipIf(process.platform === 'win32')(
    'keeps the cache to its owner: the folder 0700, every file 0600',
    async () => {
      await chmod(cacheDir, 0o755);
      const running = await start();
      const data = service(running);
      expect((await data.sync({ cards: someSets })).ok).toBe(true);
      expect((await data.loadChampion('DrMundo')).ok).toBe(true);
      expect((await stat(cacheDir)).mode & 0o777).toBe(0o700);
      const loose: string[] = [];
      for (const path of await listTree(cacheDir)) {
        const info = await stat(join(cacheDir, path));
        if (info.isFile() && (info.mode & 0o777) !== 0o600)
          loose.push(`${path} ${(info.mode & 0o777).toString(8)}`);
      }
      expect(loose).toEqual([]);
    },
  );
});
