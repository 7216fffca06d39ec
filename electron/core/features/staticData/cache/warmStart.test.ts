import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildArenaIndex } from '../arena/arenaData';
import {
  championFileSchema,
  itemFileSchema,
  profileIconFileSchema,
  summonerFileSchema,
} from '../arena/arenaSchemas';
import { EMPTY_GAME_CONSTANTS } from '../arena/gameConstants';
import { CARD_SET_NAMES } from '../cards/cardBundles';
import { buildCardIndex } from '../cards/cardIndex';
import { cardSchema } from '../cards/cardSchemas';
import { ARENA_MANIFEST_FORMAT } from './arenaCache';
import { INDEX_FILE, MANIFEST_FILE, createCacheLayout } from '../cacheLayout';
import { writeJsonFile } from './jsonFiles';
import { warmStartFromCache } from './warmStart';

/**
 * The target: the card index and arena data of a cache holding every set load in ≤300 ms. The cache here
 * is the size of the real one (about 7,000 card records with full text, 170 champions, 650 items, 6,000 icons).
 */

const text = (words: number, seed: number): string =>
  Array.from(
    { length: words },
    (_, i) => ['strike', 'ally', 'enemy', 'round', 'Nexus', 'power'][(i + seed) % 6],
  ).join(' ');

function bigCardSets() {
  return CARD_SET_NAMES.map((bundle, setIndex) => ({
    bundle,
    variant: 'lite' as const,
    folder: 'latest',
    timestamp: '202401101200',
    imageFiles: new Set<string>(),
    cards: Array.from({ length: 640 }, (_, i) => {
      const code = `${String(setIndex + 1).padStart(2, '0')}DE${String(i).padStart(3, '0')}`;
      const url = `https://dd.b.pvp.net/5_4_0/${bundle}/en_us/img/cards/${code}`;
      return cardSchema.parse({
        cardCode: code,
        name: `Card ${code}`,
        assets: [{ gameAbsolutePath: `${url}.png`, fullAbsolutePath: `${url}-full.png` }],
        regions: ['Demacia'],
        regionRefs: ['Demacia'],
        attack: i % 8,
        cost: i % 10,
        health: i % 7,
        description: `<link=vocab.Strike><style=Vocab>Strike</style></link>: ${text(30, i)}`,
        descriptionRaw: `Strike: ${text(30, i)}`,
        levelupDescription: i % 20 === 0 ? text(20, i) : '',
        flavorText: text(35, i + 1),
        artistName: 'Sixmorevodka Studio',
        keywords: ['Elusive', 'Fearsome'],
        keywordRefs: ['Elusive', 'Fearsome'],
        rarity: 'COMMON',
        rarityRef: 'COMMON',
        type: 'Unit',
        collectible: true,
        set: `Set${setIndex + 1}`,
        associatedCardRefs: [`${code}T1`],
        associatedCards: [`Card ${code}T1`],
      });
    }),
  }));
}

function bigArenaFiles(version: string) {
  const image = (full: string, group: string) => ({
    full,
    sprite: `${group}0.png`,
    group,
    x: 0,
    y: 0,
    w: 48,
    h: 48,
  });
  const champion = championFileSchema.parse({
    type: 'champion',
    version,
    data: Object.fromEntries(
      Array.from({ length: 170 }, (_, i) => [
        `Champ${i}`,
        {
          version,
          id: `Champ${i}`,
          key: String(i + 1),
          name: `Champion ${i}`,
          title: 'the Title',
          blurb: text(60, i),
          info: { attack: 5, defense: 5, magic: 5, difficulty: 5 },
          image: image(`Champ${i}.png`, 'champion'),
          tags: ['Fighter'],
          partype: 'Mana',
          stats: { hp: 600, hpperlevel: 90, armor: 30, attackdamage: 60, attackspeed: 0.65 },
        },
      ]),
    ),
  });
  const item = itemFileSchema.parse({
    type: 'item',
    version,
    data: Object.fromEntries(
      Array.from({ length: 650 }, (_, i) => [
        String(1000 + i),
        {
          name: `Item ${i}`,
          description: `<mainText><stats>${text(40, i)}</stats></mainText>`,
          plaintext: text(8, i),
          image: image(`${1000 + i}.png`, 'item'),
          gold: { base: 300, total: 1200, sell: 840, purchasable: true },
          tags: ['Damage'],
          maps: { '11': true, '12': true },
          stats: { FlatPhysicalDamageMod: 20 },
          effect: { Effect1Amount: '10' },
          from: ['1001'],
        },
      ]),
    ),
  });
  const summoner = summonerFileSchema.parse({ type: 'summoner', version, data: {} });
  const profileicon = profileIconFileSchema.parse({
    type: 'profileicon',
    version,
    data: Object.fromEntries(
      Array.from({ length: 6000 }, (_, i) => [String(i), { id: i, image: image(`${i}.png`, 'profileicon') }]),
    ),
  });
  return { champion, item, summoner, profileicon };
}

describe('warmStartFromCache', () => {
  let cacheDir: string;

  beforeAll(async () => {
    cacheDir = await mkdtemp(join(tmpdir(), 'warm-start-'));
    const layout = createCacheLayout(cacheDir);
    const now = new Date();
    const cards = buildCardIndex({ locale: 'en_us', core: null, sets: bigCardSets(), now });
    await writeJsonFile(join(layout.cardLocale('en_us'), INDEX_FILE), cards);
    const version = '14.1.2';
    const arena = buildArenaIndex({
      version,
      locale: 'en_US',
      ...bigArenaFiles(version),
      runesReforged: null,
      languages: ['en_US'],
      constants: EMPTY_GAME_CONSTANTS,
      now,
    });
    const entry = layout.arenaEntry(version, 'en_US');
    await writeJsonFile(join(entry, INDEX_FILE), arena);
    await writeJsonFile(join(entry, MANIFEST_FILE), {
      format: ARENA_MANIFEST_FORMAT,
      version,
      locale: 'en_US',
      region: 'na',
      realmVersion: version,
      completedAt: now.toISOString(),
      files: [],
      bytes: 0,
    });
  });

  afterAll(() => rm(cacheDir, { recursive: true, force: true }));

  // How fast is a benchmark's question (`npm run bench`: static data, warm start against its target), not a
  // unit test's: a timed assertion here failed whenever the shared 2-core machine was busy.
  it('loads every set and the arena data, and says how long it took', async () => {
    const result = await warmStartFromCache(cacheDir, { locale: 'en_US', cardLocale: 'en_us' });
    if (!result.cards.ok || !result.arena.ok) throw new Error('the cache did not load');
    expect(result.cards.value.cards).toHaveLength(CARD_SET_NAMES.length * 640);
    expect(result.cards.value.card('09DE639')?.name).toBe('Card 09DE639');
    expect(result.arena.value.items).toHaveLength(650);
    expect(result.elapsedMs).toBeGreaterThan(0);
  });

  it('says what is missing when nothing is cached', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'warm-start-empty-'));
    const result = await warmStartFromCache(empty, { locale: 'en_US', cardLocale: 'en_us' });
    expect(result.arena).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(result.cards).toMatchObject({ ok: false, error: { code: 'not-found' } });
    await rm(empty, { recursive: true, force: true });
  });
});
