import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ARENA_INDEX_FORMAT, buildArenaIndex } from '../../../features/staticData/arena/arenaData';
import type { ArenaData } from '../../../features/staticData/arena/arenaData';
import {
  championFileSchema,
  itemFileSchema,
  profileIconFileSchema,
  summonerFileSchema,
} from '../../../features/staticData/arena/arenaSchemas';
import { EMPTY_GAME_CONSTANTS } from '../../../features/staticData/arena/gameConstants';
import { ARENA_MANIFEST_FORMAT } from '../../../features/staticData/cache/arenaCache';
import { INDEX_FILE, MANIFEST_FILE, createCacheLayout } from '../../../features/staticData/cacheLayout';
import { writeJsonFile } from '../../../features/staticData/cache/jsonFiles';
import { warmStartFromCache } from '../../../features/staticData/cache/warmStart';
import { CARD_SETS } from '../../../features/staticData/cards/cardBundles';
import { buildCardIndex } from '../../../features/staticData/cards/cardIndex';
import type { CardIndex, SetSource } from '../../../features/staticData/cards/cardIndex';
import { cardSchema, globalsSchema } from '../../../features/staticData/cards/cardSchemas';
import { searchCards } from '../../../features/staticData/cardSearch';

/**
 * Warm start of the cached static data with every card set cached (target ≤ 300 ms), and what lookups cost
 * afterwards. The cache is generated at published sizes (about 330 cards per set with their text, 170 champions,
 * 250 items, 6000 profile icons), since the simulator serves only two small sets.
 */

const CARDS_PER_SET = 330;
const CHAMPIONS = 170;
const ITEMS = 250;
const PROFILE_ICONS = 6000;
const WARM_START_TARGET_MS = 300;
const VERSION = '14.1.2';

const REGIONS = [
  'Demacia',
  'Freljord',
  'Ionia',
  'Noxus',
  'PiltoverZaun',
  'ShadowIsles',
  'Bilgewater',
  'Targon',
];
const ABBREVIATIONS: Record<string, string> = {
  Demacia: 'DE',
  Freljord: 'FR',
  Ionia: 'IO',
  Noxus: 'NX',
  PiltoverZaun: 'PZ',
  ShadowIsles: 'SI',
  Bilgewater: 'BW',
  Targon: 'MT',
};
const WORDS =
  'strike rally summon allies enemies nexus dragon spider elusive fearsome overwhelm barrier frostbite recall deal damage round play when'.split(
    ' ',
  );

const text = (seed: number, words: number): string =>
  Array.from({ length: words }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]).join(' ');

function generatedSets(base: string): SetSource[] {
  return CARD_SETS.map((set, setIndex) => {
    const setNumber = String(setIndex + 1).padStart(2, '0');
    const cards = Array.from({ length: CARDS_PER_SET }, (_, i) => {
      const region = REGIONS[(i + setIndex) % REGIONS.length] ?? 'Demacia';
      const cardCode = `${setNumber}${ABBREVIATIONS[region]}${String(i + 1).padStart(3, '0')}`;
      const description = text(i + setIndex, 18);
      return cardSchema.parse({
        cardCode,
        name: `${text(i, 2)} ${i}`,
        set: `Set${setIndex + 1}`,
        associatedCards: [],
        associatedCardRefs: i % 10 === 0 ? [`${cardCode}T1`] : [],
        assets: [
          {
            gameAbsolutePath: `${base}/latest/${set.name}/en_us/img/cards/${cardCode}.png`,
            fullAbsolutePath: `${base}/latest/${set.name}/en_us/img/cards/${cardCode}-full.png`,
          },
        ],
        regions: [region],
        regionRefs: [region],
        attack: i % 8,
        cost: i % 11,
        health: (i % 7) + 1,
        description: `<link=vocab.Strike><style=Vocab>${description}</style></link>`,
        descriptionRaw: description,
        levelupDescription: i % 25 === 0 ? text(i, 10) : '',
        levelupDescriptionRaw: i % 25 === 0 ? text(i, 10) : '',
        flavorText: text(i + 3, 28),
        artistName: 'Sixmorevodka Studio',
        keywords: i % 3 === 0 ? ['Elusive'] : [],
        keywordRefs: i % 3 === 0 ? ['Elusive'] : [],
        spellSpeed: i % 4 === 0 ? 'Burst' : '',
        spellSpeedRef: i % 4 === 0 ? 'Burst' : '',
        rarity: 'COMMON',
        rarityRef: 'Common',
        subtypes: [],
        supertype: '',
        type: i % 4 === 0 ? 'Spell' : 'Unit',
        collectible: i % 5 !== 0,
        formats: ['Eternal'],
        formatRefs: ['client_Formats_Eternal_name'],
      });
    });
    const imageFiles = new Set(cards.flatMap((card) => [`${card.cardCode}.png`, `${card.cardCode}-alt.png`]));
    return {
      bundle: set.name,
      variant: 'lite',
      folder: 'latest',
      timestamp: '202401101200',
      cards,
      imageFiles,
    };
  });
}

async function writeGeneratedCache(cacheDir: string): Promise<{ cards: number }> {
  const layout = createCacheLayout(cacheDir);
  const base = 'https://dd.b.pvp.net';
  const globals = globalsSchema.parse({
    regions: REGIONS.map((nameRef) => ({
      name: nameRef,
      nameRef,
      abbreviation: ABBREVIATIONS[nameRef],
      iconAbsolutePath: `${base}/latest/core/en_us/img/regions/icon-${nameRef.toLowerCase()}.png`,
    })),
    keywords: [{ name: 'Elusive', nameRef: 'Elusive', description: 'Can only be blocked by Elusive units.' }],
  });
  const sets = generatedSets(base);
  const cardIndex = buildCardIndex({
    locale: 'en_us',
    core: { folder: 'latest', timestamp: '', globals, regionIconFiles: new Set() },
    sets,
    now: new Date(),
  });
  await writeJsonFile(join(layout.cardLocale('en_us'), INDEX_FILE), cardIndex);

  const image = (full: string, group: string) => ({
    full,
    sprite: `${group}0.png`,
    group,
    x: 0,
    y: 0,
    w: 48,
    h: 48,
  });
  const championIds = Array.from({ length: CHAMPIONS }, (_, i) => `Champion${i}`);
  const champion = championFileSchema.parse({
    type: 'champion',
    version: VERSION,
    data: Object.fromEntries(
      championIds.map((id, i) => [
        id,
        {
          version: VERSION,
          id,
          key: String(i + 1),
          name: `Champion ${i}`,
          title: text(i, 3),
          blurb: text(i, 40),
          image: image(`${id}.png`, 'champion'),
          tags: ['Mage'],
          partype: 'Mana',
          stats: { hp: 600, hpperlevel: 100, armor: 30, attackdamage: 60 },
        },
      ]),
    ),
  });
  const item = itemFileSchema.parse({
    type: 'item',
    version: VERSION,
    data: Object.fromEntries(
      Array.from({ length: ITEMS }, (_, i) => [
        String(1000 + i),
        {
          name: `Item ${i}`,
          description: `<mainText><stats>${text(i, 12)}</stats></mainText>`,
          plaintext: text(i, 6),
          image: image(`${1000 + i}.png`, 'item'),
          gold: { base: 300, total: 1100, sell: 770, purchasable: true },
          stats: { FlatPhysicalDamageMod: 10, PercentAttackSpeedMod: 0.25 },
        },
      ]),
    ),
  });
  const summoner = summonerFileSchema.parse({ type: 'summoner', version: VERSION, data: {} });
  const profileicon = profileIconFileSchema.parse({
    type: 'profileicon',
    version: VERSION,
    data: Object.fromEntries(
      Array.from({ length: PROFILE_ICONS }, (_, id) => [
        String(id),
        { id, image: image(`${id}.png`, 'profileicon') },
      ]),
    ),
  });
  const arenaIndex = buildArenaIndex({
    version: VERSION,
    locale: 'en_US',
    champion,
    item,
    summoner,
    profileicon,
    // Five trees of four slots, as in the real file.
    runesReforged: Array.from({ length: 5 }, (_, tree) => ({
      id: 8000 + tree * 100,
      key: `Tree${tree}`,
      icon: `perk-images/Styles/Tree${tree}.png`,
      name: `Tree ${tree}`,
      slots: Array.from({ length: 4 }, (_, slot) => ({
        runes: Array.from({ length: 3 }, (_, rune) => ({
          id: 8000 + tree * 100 + slot * 10 + rune + 1,
          key: `Rune${tree}${slot}${rune}`,
          icon: `perk-images/Styles/Tree${tree}/Rune${slot}${rune}.png`,
          name: `Rune ${tree}.${slot}.${rune}`,
        })),
      })),
    })),
    languages: ['en_US'],
    constants: EMPTY_GAME_CONSTANTS,
    now: new Date(),
  });
  if (arenaIndex.format !== ARENA_INDEX_FORMAT) throw new Error('unexpected arena index format');
  const entry = layout.arenaEntry(VERSION, 'en_US');
  await writeJsonFile(join(entry, INDEX_FILE), arenaIndex);
  await writeJsonFile(join(entry, MANIFEST_FILE), {
    format: ARENA_MANIFEST_FORMAT,
    version: VERSION,
    locale: 'en_US',
    region: 'na',
    realmVersion: VERSION,
    completedAt: new Date().toISOString(),
    files: [],
    bytes: 0,
  });
  return { cards: cardIndex.cards.length };
}

function perOperation(runs: number, run: (i: number) => void): number {
  const started = performance.now();
  for (let i = 0; i < runs; i++) run(i);
  return (performance.now() - started) / runs;
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const us = (value: number): string => `${(value * 1000).toFixed(2)} µs`;

export async function runStaticDataBench(): Promise<string[]> {
  const cacheDir = await mkdtemp(join(tmpdir(), 'sightline-static-bench-'));
  try {
    const { cards } = await writeGeneratedCache(cacheDir);
    const locales = { locale: 'en_US', cardLocale: 'en_us' as const };
    const timings: number[] = [];
    let index: CardIndex | null = null;
    let arena: ArenaData | null = null;
    for (let run = 0; run < 5; run++) {
      const warm = await warmStartFromCache(cacheDir, locales);
      if (!warm.cards.ok || !warm.arena.ok) throw new Error('the generated cache did not load');
      index = warm.cards.value;
      arena = warm.arena.value;
      timings.push(warm.elapsedMs);
    }
    if (!index || !arena) throw new Error('the generated cache did not load');
    const first = timings[0] ?? 0;
    const median = [...timings].sort((a, b) => a - b)[Math.floor(timings.length / 2)] ?? 0;
    const verdict = first <= WARM_START_TARGET_MS ? 'within' : 'OVER';

    const codes = index.cards.map((card) => card.cardCode);
    const cardLookup = perOperation(200_000, (i) => index?.card(codes[i % codes.length] ?? ''));
    const championIds = arena.champions.map((champion) => champion.id);
    const championLookup = perOperation(200_000, (i) =>
      arena?.championById(championIds[i % championIds.length] ?? ''),
    );
    const keyLookup = perOperation(200_000, (i) => arena?.championByKey((i % CHAMPIONS) + 1));
    const query = { regions: [], costs: [], types: [], collectibleOnly: true, limit: 48, offset: 0 };
    const searchStarted = performance.now();
    searchCards(index, { ...query, query: 'dragon' });
    const firstSearch = performance.now() - searchStarted;
    const textSearch = perOperation(200, (i) =>
      searchCards(index as CardIndex, { ...query, query: WORDS[i % WORDS.length] ?? '' }),
    );
    const filtered = perOperation(200, () =>
      searchCards(index as CardIndex, {
        ...query,
        query: 'strike',
        regions: ['Ionia', 'Noxus'],
        costs: [2, 3],
      }),
    );

    return [
      `static data: warm start, ${CARD_SETS.length} sets (${cards} cards) + arena (${CHAMPIONS} champions, ${ITEMS} items, ${PROFILE_ICONS} icons): first ${ms(first)}, median ${ms(median)} (target ≤ ${WARM_START_TARGET_MS} ms: ${verdict})`,
      `static data: card by code ${us(cardLookup)}, champion by id ${us(championLookup)}, by key ${us(keyLookup)}`,
      `static data: search first ${ms(firstSearch)} (builds the search text), then ${ms(textSearch)} per word, ${ms(filtered)} with region and cost filters`,
    ];
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
}
