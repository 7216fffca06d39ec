import { readFile, readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import {
  championDetailFileSchema,
  championFileSchema,
  itemFileSchema,
  profileIconFileSchema,
  summonerFileSchema,
} from '../../core/features/staticData/arena/arenaSchemas';
import { decodeDeckCode } from '../../core/features/card/deckCode/deckCode';
import { SUMMONER_SPELLS } from '../liveCatalog';
import { parseScenario } from '../scenario';
import type { Scenario } from '../scenario';
import { PUBLISHED_CARD_SETS, ZIP_PACK_VERSION, startStaticHosts } from './index';
import type { RunningStaticHosts } from './index';
import { pngSize } from './pngImage';

interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  complete: boolean;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      const done = (): void =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          complete: res.complete,
        });
      res.on('end', done);
      res.on('error', done);
      res.on('aborted', done);
    });
    call.on('error', reject);
    call.end();
  });
}

const json = async (url: string): Promise<unknown> => JSON.parse((await get(url)).body.toString('utf8'));

async function zipNames(zip: Buffer): Promise<string[]> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const names: string[] = [];
  for await (const entry of file.eachEntry()) names.push(entry.fileName);
  return names;
}

/** One file of a zip, as JSON. */
async function zipJson(zip: Buffer, name: string): Promise<unknown> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  for await (const entry of file.eachEntry()) {
    if (entry.fileName !== name) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await file.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  }
  throw new Error(`${name} is not in the zip`);
}

const SCENARIO_DIR = join(import.meta.dirname, '..', 'scenarios');

async function scenarios(): Promise<Scenario[]> {
  const files = (await readdir(SCENARIO_DIR)).filter((file) => file.endsWith('.json'));
  return Promise.all(
    files.map(async (file) => parseScenario(JSON.parse(await readFile(join(SCENARIO_DIR, file), 'utf8')))),
  );
}

/** Every card code a scenario's card client shows: its decks (by list and by code) and its boards. */
function playedCards(all: readonly Scenario[]): string[] {
  const codes = new Set<string>();
  for (const step of all.flatMap((scenario) => scenario.card?.timeline ?? [])) {
    if (step.kind !== 'game') continue;
    for (const code of Object.keys(step.CardsInDeck ?? {})) codes.add(code);
    for (const rectangle of step.Rectangles) if (rectangle.CardCode !== 'face') codes.add(rectangle.CardCode);
    const deck = step.DeckCode ? decodeDeckCode(step.DeckCode) : null;
    if (deck && !deck.ok) throw new Error(`${step.DeckCode}: not a deck code`);
    for (const card of deck?.value ?? []) codes.add(card.cardCode);
  }
  return [...codes].sort();
}

function jpegSize(jpeg: Buffer): { width: number; height: number } | null {
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) return null;
  return { height: jpeg.readUInt16BE(sof + 5), width: jpeg.readUInt16BE(sof + 7) };
}

describe('startStaticHosts', () => {
  let hosts: RunningStaticHosts;
  let dd: string;
  let cards: string;

  beforeAll(async () => {
    hosts = await startStaticHosts();
    dd = hosts.urls.ddragon;
    cards = hosts.urls.cardData;
  });
  afterAll(() => hosts.close());

  it('listens on 127.0.0.1 and serves versions with two builds of one patch, realms and languages', async () => {
    expect(dd).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const versions = (await json(`${dd}/api/versions.json`)) as string[];
    expect(versions.filter((v) => v.startsWith('14.1.'))).toEqual(['14.1.2', '14.1.1']);
    expect(await json(`${dd}/realms/na.json`)).toMatchObject({
      v: '14.1.1',
      n: { champion: '14.1.1', rune: '7.23.1' },
    });
    hosts.control.setRealm('na', '14.2.1');
    expect(await json(`${dd}/realms/na.json`)).toMatchObject({ v: '14.2.1' });
    hosts.control.setRealm('na', '14.1.1');
    expect(await json(`${dd}/cdn/languages.json`)).toContain('zh_TW');
    expect(await json(`${hosts.urls.constants}/queues.json`)).toContainEqual(
      expect.objectContaining({ queueId: 420, description: '5v5 Ranked Solo games' }),
    );
  });

  it('serves champions with real-shaped spells: mana, energy and health costs', async () => {
    // Parsed with the client's schemas: the generated files must pass them.
    const annie = championDetailFileSchema.parse(
      await json(`${dd}/cdn/14.1.2/data/en_US/champion/Annie.json`),
    );
    const q = annie.data.Annie?.spells[0];
    expect(q).toMatchObject({
      costBurn: '60/65/70/75/80',
      resource: '{{ cost }} Mana',
      vars: [{ key: 'a1', link: 'spelldamage', coeff: 0.8 }],
    });
    expect(q?.effect?.[0]).toBeNull();
    expect(q?.effectBurn?.slice(0, 2)).toEqual([null, '80/115/150/185/220']);
    const akali = championDetailFileSchema.parse(
      await json(`${dd}/cdn/14.1.2/data/en_US/champion/Akali.json`),
    );
    expect(akali.data.Akali?.spells[0]?.resource).toBe('{{ cost }} Energy');
    const mundo = championDetailFileSchema.parse(
      await json(`${dd}/cdn/14.1.2/data/de_DE/champion/DrMundo.json`),
    );
    expect(mundo.data.DrMundo).toMatchObject({ partype: 'Health', title: 'der Wahnsinnige von Zhaun' });
    expect(mundo.data.DrMundo?.spells[0]).toMatchObject({ resource: '{{ e3 }} Health', costBurn: '0' });
    expect(mundo.data.DrMundo?.spells[0]?.effectBurn?.[3]).toBe('50/60/70/80/90');
    expect(mundo.data.DrMundo?.skins[1]).toEqual({
      id: '36002',
      num: 2,
      name: 'Corporate Mundo',
      chromas: true,
    });
    const summary = championFileSchema.parse(await json(`${dd}/cdn/14.1.2/data/en_US/champion.json`));
    expect(Object.keys(summary.data)).not.toContain('Smolder');
    expect(summary.data.MonkeyKing?.image).toEqual({
      full: 'MonkeyKing.png',
      sprite: 'champion0.png',
      group: 'champion',
      x: 192,
      y: 0,
      w: 48,
      h: 48,
    });
  });

  it('serves items with stats and effect variables, summoner spells and icons', async () => {
    const items = itemFileSchema.parse(await json(`${dd}/cdn/14.1.2/data/en_US/item.json`));
    expect(items.data['3031']).toMatchObject({
      stats: { FlatCritChanceMod: 0.25 },
      effect: { Effect1Amount: '0.4' },
      from: ['1038', '1036', '1036'],
    });
    const summoner = summonerFileSchema.parse(await json(`${dd}/cdn/14.1.2/data/en_US/summoner.json`));
    expect(summoner.data.SummonerFlash).toMatchObject({
      key: '4',
      cooldownBurn: '300',
      modes: expect.arrayContaining(['CLASSIC']),
    });
    const icons = profileIconFileSchema.parse(await json(`${dd}/cdn/14.1.2/data/en_US/profileicon.json`));
    expect(icons.data['29']).toMatchObject({ id: 29, image: { full: '29.png' } });
  });

  it('serves a real image for every image path, and 403 for anything else', async () => {
    const square = await get(`${dd}/cdn/14.1.2/img/champion/Annie.png`);
    expect(square.headers['content-type']).toBe('image/png');
    expect(pngSize(square.body)).toEqual({ width: 120, height: 120 });
    expect(pngSize((await get(`${dd}/cdn/14.1.2/img/sprite/champion0.png`)).body)).toEqual({
      width: 480,
      height: 144,
    });
    expect(pngSize((await get(`${dd}/cdn/14.1.2/img/map/map11.png`)).body)).toEqual({
      width: 512,
      height: 512,
    });
    expect(pngSize((await get(`${dd}/cdn/5.5.1/img/ui/score.png`)).body)).toEqual({ width: 32, height: 32 });
    for (const path of [
      'passive/Annie_Passive.png',
      'spell/AnnieQ.png',
      'spell/SummonerFlash.png',
      'item/3031.png',
      'profileicon/29.png',
    ]) {
      expect((await get(`${dd}/cdn/14.1.2/img/${path}`)).status).toBe(200);
    }
    const splash = await get(`${dd}/cdn/img/champion/splash/Annie_1.jpg`);
    expect(splash.headers['content-type']).toBe('image/jpeg');
    expect(splash.body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(splash.body.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(jpegSize(splash.body)).toEqual({ width: 1215, height: 717 });
    const missing = await get(`${dd}/cdn/14.1.2/img/champion/Nobody.png`);
    expect(missing.status).toBe(403);
    expect(missing.body.toString()).toContain('AccessDenied');
    expect((await get(`${dd}/cdn/14.1.2/data/xx_XX/item.json`)).status).toBe(403);
  });

  it('serves real zip bundles laid out as published, lite and full, with ETags', async () => {
    const lite = await get(`${cards}/latest/set1-lite-en_us.zip`);
    expect(lite.headers['content-type']).toBe('application/zip');
    const liteNames = await zipNames(lite.body);
    expect(liteNames).toEqual(
      expect.arrayContaining([
        'COPYRIGHT',
        'README.md',
        'metadata.json',
        'en_us/data/set1-en_us.json',
        'en_us/img/cards/01DE012.png',
        'en_us/img/cards/01DE012-alt.png',
      ]),
    );
    expect(liteNames.some((name) => name.includes('-full'))).toBe(false);
    const full = await zipNames((await get(`${cards}/1_0_0/set1-de_de.zip`)).body);
    expect(full).toEqual(
      expect.arrayContaining(['de_de/img/cards/01DE012-full.png', 'de_de/img/cards/01DE012-alt-full.png']),
    );
    expect(await zipNames((await get(`${cards}/latest/core-de_de.zip`)).body)).toEqual(
      expect.arrayContaining(['de_de/data/globals-de_de.json', 'de_de/img/regions/icon-demacia.png']),
    );
    // set9 is published only in its version folder.
    expect((await get(`${cards}/latest/set9-lite-en_us.zip`)).status).toBe(403);
    expect((await get(`${cards}/5_4_0/set9-lite-en_us.zip`)).status).toBe(200);
    const etag = String(lite.headers.etag);
    expect((await get(`${cards}/latest/set1-lite-en_us.zip`, { 'if-none-match': etag })).status).toBe(304);
  });

  it("serves the adventure bundle in a set bundle's format, and an older patch under 4_3_0", async () => {
    const adventure = await get(`${cards}/latest/adventure-en_us.zip`);
    expect(adventure.status).toBe(200);
    expect(await zipNames(adventure.body)).toEqual(
      expect.arrayContaining([
        'metadata.json',
        'en_us/data/adventure-en_us.json',
        'en_us/img/cards/ADV01IO002.png',
      ]),
    );
    // One file per locale, like core: no lite variant.
    expect((await get(`${cards}/latest/adventure-lite-en_us.zip`)).status).toBe(403);
    expect((await get(`${cards}/4_3_0/adventure-de_de.zip`)).status).toBe(200);
    expect((await get(`${cards}/4_3_0/core-en_us.zip`)).status).toBe(200);
    expect((await get(`${cards}/4_3_0/set1-lite-en_us.zip`)).status).toBe(200);
    // A version folder holds what was out then: set9 came later.
    expect((await get(`${cards}/4_3_0/set9-lite-en_us.zip`)).status).toBe(403);
    expect((await get(`${cards}/9_9_9/core-en_us.zip`)).status).toBe(403);
    expect(pngSize((await get(`${cards}/5_4_0/adventure/en_us/img/cards/ADV01NX003.png`)).body)).toEqual({
      width: 768,
      height: 1024,
    });
  });

  it('publishes every set the spec names, lite and full, under latest (set9 excepted) and its version folder', async () => {
    const sinceFolder: Record<string, string | null> = {
      set1: '1_0_0',
      set2: '1_0_0',
      set3: '1_8_0',
      set4: '2_3_0',
      set5: '2_14_0',
      set6: null,
      set6cde: '4_2_0',
      set7: '4_3_0',
      set7b: '4_6_0',
      set8: '4_9_0',
      set9: '5_4_0',
    };
    expect([...PUBLISHED_CARD_SETS].sort()).toEqual(Object.keys(sinceFolder).sort());
    for (const [set, folder] of Object.entries(sinceFolder)) {
      const folders = [...(set === 'set9' ? [] : ['latest']), ...(folder ? [folder] : [])];
      for (const where of folders) {
        for (const file of [`${set}-lite-en_us.zip`, `${set}-de_de.zip`]) {
          const answer = await get(`${cards}/${where}/${file}`);
          expect(answer.status, `${where}/${file}`).toBe(200);
          const locale = file.endsWith('de_de.zip') ? 'de_de' : 'en_us';
          const records = (await zipJson(answer.body, `${locale}/data/${set}-${locale}.json`)) as {
            cardCode: string;
          }[];
          expect(records.length, `${where}/${file}`).toBeGreaterThan(0);
          // A set's cards carry its number (set6cde's are 06…).
          const number = set.replace(/^set(\d+).*$/, '$1').padStart(2, '0');
          expect(records.every((record) => record.cardCode.startsWith(number))).toBe(true);
        }
      }
      // The core bundle is under every version folder the spec names.
      if (folder) expect((await get(`${cards}/${folder}/core-en_us.zip`)).status).toBe(200);
    }
  });

  it('publishes every card a scenario plays in the set its code names, with its image', async () => {
    const codes = playedCards(await scenarios());
    expect(codes.length).toBeGreaterThan(20);
    const published = new Map<string, string[]>();
    for (const code of codes) {
      const set = `set${Number(code.slice(0, 2))}`;
      let inSet = published.get(set);
      if (!inSet) {
        // set9 is published only under its version folder.
        const folder = set === 'set9' ? '5_4_0' : 'latest';
        const zip = await get(`${cards}/${folder}/${set}-lite-en_us.zip`);
        expect(zip.status, set).toBe(200);
        const records = (await zipJson(zip.body, `en_us/data/${set}-en_us.json`)) as {
          cardCode: string;
          name: string;
          assets: { gameAbsolutePath: string }[];
        }[];
        inSet = records.map((record) => record.cardCode);
        published.set(set, inSet);
        for (const record of records) {
          expect(record.name).not.toMatch(/^\d{2}[A-Z]{2}\d{3}/);
          expect((await get(record.assets[0]?.gameAbsolutePath ?? '')).status, record.cardCode).toBe(200);
        }
      }
      expect(inSet, code).toContain(code);
    }
  });

  it("serves the data and icon of every item and summoner spell a scenario's player has", async () => {
    const players = (await scenarios()).flatMap((scenario) => scenario.live?.players ?? []);
    const updates = (await scenarios()).flatMap((scenario) => scenario.live?.playerUpdates ?? []);
    const itemIds = new Set(
      [...players, ...updates].flatMap((player) => (player.items ?? []).map((item) => String(item.itemID))),
    );
    const spellIds = new Set(
      players.flatMap((player) => player.summonerSpells.map((name) => SUMMONER_SPELLS[name])),
    );
    expect(itemIds.size).toBeGreaterThan(20);
    const items = itemFileSchema.parse(await json(`${dd}/cdn/14.1.2/data/en_US/item.json`));
    const spells = summonerFileSchema.parse(await json(`${dd}/cdn/14.1.2/data/en_US/summoner.json`));
    for (const id of itemIds) {
      expect(Object.keys(items.data), id).toContain(id);
      expect((await get(`${dd}/cdn/14.1.2/img/item/${id}.png`)).status, id).toBe(200);
    }
    for (const id of spellIds) {
      expect(Object.keys(spells.data), id).toContain(id);
      expect((await get(`${dd}/cdn/14.1.2/img/spell/${id}.png`)).status, id).toBe(200);
    }
  });

  it('serves card images at the asset URLs, at the sizes of the spec', async () => {
    expect(pngSize((await get(`${cards}/5_4_0/set1/en_us/img/cards/01DE012.png`)).body)).toEqual({
      width: 768,
      height: 1024,
    });
    expect(pngSize((await get(`${cards}/5_4_0/set1/en_us/img/cards/01DE012-full.png`)).body)).toEqual({
      width: 2048,
      height: 1024,
    });
    expect(pngSize((await get(`${cards}/5_4_0/set1/en_us/img/cards/01DE042-full.png`)).body)).toEqual({
      width: 1024,
      height: 1024,
    });
    expect((await get(`${cards}/5_4_0/set1/en_us/img/cards/01IO015-alt.png`)).status).toBe(403);
  });

  it('cuts, fails or replaces answers on request, and counts concurrent ones', async () => {
    hosts.control.setFaults([
      { kind: 'cut-body', match: 'item.json', afterBytes: 100 },
      { kind: 'status', match: 'summoner.json', status: 503 },
      { kind: 'replace-body', match: 'profileicon.json', body: Buffer.from('[]') },
    ]);
    const cut = await get(`${dd}/cdn/14.1.2/data/en_US/item.json`);
    expect(cut.complete).toBe(false);
    expect(cut.body.length).toBeLessThanOrEqual(100);
    expect((await get(`${dd}/cdn/14.1.2/data/en_US/summoner.json`)).status).toBe(503);
    expect((await get(`${dd}/cdn/14.1.2/data/en_US/profileicon.json`)).body.toString()).toBe('[]');
    hosts.control.setFaults([]);

    hosts.control.resetStats();
    await Promise.all([1, 2, 3].map(() => get(`${dd}/api/versions.json`)));
    const stats = hosts.control.stats();
    expect(stats.requests['/api/versions.json']).toBe(3);
    expect(stats.maxInFlight).toBeGreaterThanOrEqual(1);
    expect(stats.inFlight).toBe(0);
  });

  it('serves the patch pack as a tarball of the images it serves, in ranges, and one version as a zip', async () => {
    const pack = await get(`${dd}/cdn/dragontail-14.1.1.tgz`);
    expect(pack.status).toBe(200);
    expect(pack.headers['accept-ranges']).toBe('bytes');
    expect(pack.body.length).toBeGreaterThan(2 * 1024 * 1024);
    const tar = gunzipSync(pack.body);
    const icon = await get(`${dd}/cdn/14.1.1/img/item/1001.png`);
    const splash = await get(`${dd}/cdn/img/champion/splash/Annie_0.jpg`);
    // The entries hold the very bytes the host serves at the image's own path.
    expect(tar.includes(Buffer.from('14.1.1/img/item/1001.png'))).toBe(true);
    expect(tar.includes(icon.body)).toBe(true);
    expect(tar.includes(Buffer.from('img/champion/splash/Annie_0.jpg'))).toBe(true);
    expect(tar.includes(splash.body)).toBe(true);

    const rest = await get(`${dd}/cdn/dragontail-14.1.1.tgz`, { range: 'bytes=1000-' });
    expect(rest.status).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 1000-${pack.body.length - 1}/${pack.body.length}`);
    expect(rest.body.equals(pack.body.subarray(1000))).toBe(true);
    const stale = await get(`${dd}/cdn/dragontail-14.1.1.tgz`, { range: 'bytes=1000-', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(pack.body.length);
    // If-Range compares strongly (RFC 9110 §13.1.5): the same tag marked weak is a mismatch, a 200 whole.
    const etag = String(pack.headers.etag);
    expect(
      (await get(`${dd}/cdn/dragontail-14.1.1.tgz`, { range: 'bytes=1000-', 'if-range': etag })).status,
    ).toBe(206);
    const weak = await get(`${dd}/cdn/dragontail-14.1.1.tgz`, {
      range: 'bytes=1000-',
      'if-range': `W/${etag}`,
    });
    expect(weak.status).toBe(200);
    expect(weak.body.length).toBe(pack.body.length);

    // A host with no validators: no ETag to send back, and a Range alone is served from the file as it is now.
    const other = Buffer.alloc(5000, 0x62);
    hosts.control.setFaults([{ kind: 'replace-body', match: 'dragontail', body: other, noValidator: true }]);
    const bare = await get(`${dd}/cdn/dragontail-14.1.1.tgz`, { range: 'bytes=1000-' });
    hosts.control.setFaults([]);
    expect(bare.status).toBe(206);
    expect(bare.headers.etag).toBeUndefined();
    expect(bare.headers['last-modified']).toBeUndefined();
    expect(bare.body.equals(other.subarray(1000))).toBe(true);

    expect((await get(`${dd}/cdn/dragontail-14.1.1.zip`)).status).toBe(403);
    expect((await get(`${dd}/cdn/dragontail-${ZIP_PACK_VERSION}.tgz`)).status).toBe(403);
    const zip = await get(`${dd}/cdn/dragontail-${ZIP_PACK_VERSION}.zip`);
    expect(zip.status).toBe(200);
    expect(zip.body.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);

    hosts.control.setFaults([{ kind: 'cut-body', match: 'dragontail', afterBytes: 5000 }]);
    const cut = await get(`${dd}/cdn/dragontail-14.1.1.tgz`, { range: 'bytes=1000-' });
    hosts.control.setFaults([]);
    expect(cut.complete).toBe(false);
    expect(cut.body.equals(pack.body.subarray(1000, 1000 + cut.body.length))).toBe(true);
    expect(hosts.control.stats().ranges).toContain('/cdn/dragontail-14.1.1.tgz bytes=1000-');
  });
});
