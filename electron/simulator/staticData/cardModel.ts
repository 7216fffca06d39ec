/**
 * Generated card game data with every field of the spec (§2.1): a core bundle's globals and every set the spec
 * names (§4.1). set1 is an early set (single region, `subtype`, and a record whose localized associatedCards list
 * is empty while its Refs are not, as in published data) holding every card the scenarios play; set9 is a later
 * one (several regions, `subtypes`, formats) published only under its version folder; the sets between hold a
 * few generated cards each, so every set the app asks for is there.
 */

export const CARD_HOST_LOCALES = ['en_us', 'de_de'] as const;
export type HostCardLocale = (typeof CARD_HOST_LOCALES)[number];

/** The folder the records' asset URLs point at, as published records do. */
export const ASSET_FOLDER = '5_4_0';

type Text = { en: string; de: string };
const t = (en: string, de = en): Text => ({ en, de });
const say = (text: Text, locale: HostCardLocale): string => (locale === 'de_de' ? text.de : text.en);

const KEYWORDS: Record<string, { name: Text; description: Text }> = {
  Elusive: {
    name: t('Elusive', 'Unfassbar'),
    description: t(
      'Can only be blocked by an Elusive unit.',
      'Kann nur von unfassbaren Einheiten geblockt werden.',
    ),
  },
  Fearsome: {
    name: t('Fearsome', 'Furchteinflößend'),
    description: t('Can only be blocked by enemies with 3+ Power.'),
  },
  Regeneration: { name: t('Regeneration'), description: t('Heals fully at the start of each round.') },
  QuickStrike: {
    name: t('Quick Attack', 'Schnellangriff'),
    description: t('While attacking, strikes before its blocker.'),
  },
  Overwhelm: { name: t('Overwhelm', 'Überwältigen'), description: t('Excess damage hits the enemy Nexus.') },
  Burst: { name: t('Burst', 'Blitzschnell'), description: t('Resolves instantly.') },
};

const REGIONS: Record<string, { name: Text; abbreviation: string; icon: string }> = {
  Demacia: { name: t('Demacia'), abbreviation: 'DE', icon: 'icon-demacia.png' },
  Ionia: { name: t('Ionia'), abbreviation: 'IO', icon: 'icon-ionia.png' },
  Noxus: { name: t('Noxus'), abbreviation: 'NX', icon: 'icon-noxus.png' },
  Freljord: { name: t('Freljord'), abbreviation: 'FR', icon: 'icon-freljord.png' },
  BandleCity: { name: t('Bandle City', 'Bandle'), abbreviation: 'BC', icon: 'icon-bandlecity.png' },
  PiltoverZaun: {
    name: t('Piltover & Zaun', 'Piltover & Zhaun'),
    abbreviation: 'PZ',
    icon: 'icon-piltoverzaun.png',
  },
  ShadowIsles: {
    name: t('Shadow Isles', 'Schatteninseln'),
    abbreviation: 'SI',
    icon: 'icon-shadowisles.png',
  },
  Bilgewater: { name: t('Bilgewater', 'Bilgewasser'), abbreviation: 'BW', icon: 'icon-bilgewater.png' },
  Targon: { name: t('Targon'), abbreviation: 'MT', icon: 'icon-targon.png' },
  Shurima: { name: t('Shurima'), abbreviation: 'SH', icon: 'icon-shurima.png' },
  Runeterra: { name: t('Runeterra'), abbreviation: 'RU', icon: 'icon-runeterra.png' },
};

const SPELL_SPEEDS: Record<string, Text> = {
  Slow: t('Slow', 'Langsam'),
  Fast: t('Fast', 'Schnell'),
  Burst: t('Burst', 'Blitzschnell'),
  Focus: t('Focus', 'Fokus'),
};
const RARITIES: Record<string, Text> = {
  None: t('None', 'Keine'),
  COMMON: t('COMMON', 'GEWÖHNLICH'),
  RARE: t('RARE', 'SELTEN'),
  EPIC: t('EPIC', 'EPISCH'),
  Champion: t('Champion', 'Champion'),
};
const TYPES: Record<string, Text> = {
  Unit: t('Unit', 'Einheit'),
  Spell: t('Spell', 'Zauber'),
  Ability: t('Ability', 'Fähigkeit'),
  Landmark: t('Landmark', 'Wahrzeichen'),
};
const FORMATS: Record<string, Text> = {
  client_Formats_Standard_name: t('Standard'),
  client_Formats_Eternal_name: t('Eternal', 'Ewig'),
};

export interface CardModel {
  cardCode: string;
  name: Text;
  regions: string[];
  type: keyof typeof TYPES;
  cost: number;
  attack: number;
  health: number;
  keywords: string[];
  spellSpeed: string;
  rarity: keyof typeof RARITIES;
  description: Text;
  levelup?: Text;
  flavor: Text;
  artist: string;
  subtypes: string[];
  supertype: string;
  collectible: boolean;
  associated: string[];
  /** Published data sometimes leaves the localized names out while the Refs are there. */
  dropAssociatedNames?: boolean;
  formats: string[];
  alt?: boolean;
}

const unit = (card: Partial<CardModel> & Pick<CardModel, 'cardCode' | 'name' | 'regions'>): CardModel => ({
  type: 'Unit',
  cost: 3,
  attack: 3,
  health: 3,
  keywords: [],
  spellSpeed: '',
  rarity: 'COMMON',
  description: t(''),
  flavor: t('A flavour line.', 'Eine Geschmackszeile.'),
  artist: 'Sixmorevodka',
  subtypes: [],
  supertype: '',
  collectible: true,
  associated: [],
  formats: ['client_Formats_Eternal_name'],
  ...card,
});

const spell = (
  card: Partial<CardModel> & Pick<CardModel, 'cardCode' | 'name' | 'regions' | 'spellSpeed'>,
): CardModel => unit({ type: 'Spell', attack: 0, health: 0, ...card });

/**
 * Every set the spec names (§4.1), in release order: its file name, the number its card codes start with, the
 * `set` field of its records, the regions its generated cards are of, and the version folder it came out in. The
 * spec names no folder for set6; it came out between 2_14_0 and 4_2_0. set9 is published only under version folders.
 */
export const HOST_CARD_SETS = [
  { name: 'set1', number: '01', field: 'Set1', since: '1_0_0', title: 'Foundations', regions: [] },
  {
    name: 'set2',
    number: '02',
    field: 'Set2',
    since: '1_0_0',
    title: 'Rising Tides',
    regions: ['Bilgewater', 'Noxus'],
  },
  {
    name: 'set3',
    number: '03',
    field: 'Set3',
    since: '1_8_0',
    title: 'Call of the Mountain',
    regions: ['Targon', 'Ionia'],
  },
  {
    name: 'set4',
    number: '04',
    field: 'Set4',
    since: '2_3_0',
    title: 'Empires of the Ascended',
    regions: ['Shurima', 'Freljord'],
  },
  {
    name: 'set5',
    number: '05',
    field: 'Set5',
    since: '2_14_0',
    title: 'Beyond the Bandlewood',
    regions: ['BandleCity', 'PiltoverZaun'],
  },
  {
    name: 'set6',
    number: '06',
    field: 'Set6',
    since: '3_8_0',
    title: 'Worldwalker',
    regions: ['Runeterra', 'Demacia'],
  },
  {
    name: 'set6cde',
    number: '06',
    field: 'Set6cde',
    since: '4_2_0',
    title: 'The Darkin Saga',
    regions: ['ShadowIsles', 'Noxus'],
  },
  {
    name: 'set7',
    number: '07',
    field: 'Set7',
    since: '4_3_0',
    title: 'Fates Entwined',
    regions: ['Ionia', 'Bilgewater'],
  },
  {
    name: 'set7b',
    number: '07',
    field: 'Set7b',
    since: '4_6_0',
    title: 'Awakening',
    regions: ['Targon', 'Shurima'],
  },
  {
    name: 'set8',
    number: '08',
    field: 'Set8',
    since: '4_9_0',
    title: 'Heart of the Huntress',
    regions: ['Freljord', 'PiltoverZaun'],
  },
  { name: 'set9', number: '09', field: 'Set9', since: '5_4_0', title: 'Glory in Navori', regions: [] },
] as const satisfies readonly {
  name: string;
  number: string;
  field: string;
  since: string;
  title: string;
  regions: readonly (keyof typeof REGIONS)[];
}[];
export type HostCardSet = (typeof HOST_CARD_SETS)[number]['name'];

/** The bundles holding cards: every set and the single-player adventure bundle. */
export type HostCardBundle = HostCardSet | 'adventure';

/** The version folders the spec names: each holds the core bundle and every set out by then (§4.1, §9). */
export const CARD_VERSION_FOLDERS: readonly string[] = [
  ...new Set(HOST_CARD_SETS.map((set) => set.since).filter((since) => since !== '3_8_0')),
];

/** Orders "4_10_0" after "4_9_0". */
export function versionOrder(a: string, b: string): number {
  const parts = (version: string): number[] => version.split('_').map(Number);
  const [left, right] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const delta = (left[i] ?? 0) - (right[i] ?? 0);
    if (delta !== 0) return delta;
  }
  return 0;
}

/** Whether a folder ("latest", "4_3_0") publishes a set: latest every set but set9, a version what was out then. */
export function folderHasSet(folder: string, set: string): boolean {
  const info = HOST_CARD_SETS.find((candidate) => candidate.name === set);
  if (!info) return false;
  if (folder === 'latest') return info.name !== 'set9';
  return CARD_VERSION_FOLDERS.includes(folder) && versionOrder(info.since, folder) <= 0;
}

const UNIT_WORDS = ['Warden', 'Scout', 'Duelist', 'Seer', 'Marauder', 'Sentinel', 'Tinkerer', 'Nomad'];
const SPELL_WORDS = ['Gambit', 'Tempest', 'Rally', 'Ward', 'Strike', 'Blessing', 'Ambush', 'Surge'];
const EPITHETS = ['Ashen', 'Gilded', 'Restless', 'Silent', 'Tidal', 'Ember', 'Hollow', 'Radiant'];

/**
 * A later set's cards: per region a unit, a spell and (for the first) a champion, coded as the set's cards are
 * ("02BW001"); the second set of a release (set6cde, set7b) numbers from 101 so codes never collide.
 */
function generatedSetCards(set: (typeof HOST_CARD_SETS)[number], index: number): CardModel[] {
  const offset = set.name.endsWith('b') || set.name.endsWith('cde') ? 100 : 0;
  return set.regions.flatMap((region, r) => {
    const code = (n: number): string =>
      `${set.number}${REGIONS[region]?.abbreviation ?? 'XX'}${String(offset + n).padStart(3, '0')}`;
    const epithet = EPITHETS[(index + r) % EPITHETS.length] ?? 'Ashen';
    const cards = [
      unit({
        cardCode: code(1),
        name: t(`${epithet} ${UNIT_WORDS[(index * 2 + r) % UNIT_WORDS.length] ?? 'Warden'}`),
        regions: [region],
        cost: 2 + r,
        attack: 2 + r,
        health: 3,
      }),
      spell({
        cardCode: code(2),
        name: t(`${epithet} ${SPELL_WORDS[(index * 2 + r) % SPELL_WORDS.length] ?? 'Gambit'}`),
        regions: [region],
        spellSpeed: r === 0 ? 'Fast' : 'Slow',
        cost: 1 + (index % 4),
        description: t('Give an ally +1|+1 this round.'),
      }),
    ];
    if (r === 0) {
      cards.push(
        unit({
          cardCode: code(3),
          name: t(`${set.title.split(' ').at(-1) ?? 'Set'} Champion`),
          regions: [region],
          rarity: 'Champion',
          supertype: 'Champion',
          cost: 4 + (index % 3),
          attack: 4,
          health: 5,
          levelup: t('I have seen 4+ allied units.'),
        }),
      );
    }
    return cards;
  });
}

const WRITTEN_SET_CARDS: Record<'set1' | 'set9', CardModel[]> = {
  set1: [
    unit({
      cardCode: '01DE012',
      name: t('Garen'),
      regions: ['Demacia'],
      cost: 5,
      attack: 5,
      health: 5,
      keywords: ['Regeneration'],
      rarity: 'Champion',
      supertype: 'Champion',
      description: t(
        '<link=vocab.Strike><style=Vocab>Strike</style></link>: Rally.',
        '<link=vocab.Strike><style=Vocab>Schlag</style></link>: Sammeln.',
      ),
      levelup: t("I've struck twice.", 'Ich habe zweimal geschlagen.'),
      associated: ['01DE012T1', '01DE042'],
      dropAssociatedNames: true,
      alt: true,
    }),
    unit({
      cardCode: '01DE012T1',
      name: t('Garen'),
      regions: ['Demacia'],
      cost: 5,
      attack: 6,
      health: 6,
      keywords: ['Regeneration'],
      rarity: 'None',
      supertype: 'Champion',
      collectible: false,
      associated: ['01DE012'],
    }),
    spell({
      cardCode: '01DE042',
      name: t('Judgment', 'Urteil'),
      regions: ['Demacia'],
      spellSpeed: 'Slow',
      cost: 8,
      rarity: 'EPIC',
      description: t('A battling ally strikes all battling enemies.'),
    }),
    unit({
      cardCode: '01IO015',
      name: t('Greenglade Duo', 'Grünlichtungsduo'),
      regions: ['Ionia'],
      keywords: ['Elusive', 'Fearsome'],
      attack: 3,
      health: 1,
    }),
    spell({
      cardCode: '01IO012',
      name: t('Twin Disciplines', 'Zwillingsdisziplinen'),
      regions: ['Ionia'],
      spellSpeed: 'Burst',
      cost: 2,
      keywords: ['Burst'],
      associated: ['01IO012T2', '01IO012T1'],
      description: t('Choose one: give an ally +2|+0 or +0|+3 this round.'),
    }),
    spell({
      cardCode: '01IO012T1',
      name: t('Discipline of Force'),
      regions: ['Ionia'],
      spellSpeed: 'Burst',
      rarity: 'None',
      collectible: false,
    }),
    spell({
      cardCode: '01IO012T2',
      name: t('Discipline of Fortitude'),
      regions: ['Ionia'],
      spellSpeed: 'Burst',
      rarity: 'None',
      collectible: false,
    }),
    unit({
      cardCode: '01NX038',
      name: t('Draven'),
      regions: ['Noxus'],
      keywords: ['QuickStrike'],
      rarity: 'Champion',
      supertype: 'Champion',
      cost: 3,
      attack: 4,
      health: 3,
      levelup: t("I've struck with 2+ Spinning Axes."),
    }),
    // The cards the scenarios' decks and boards play.
    unit({
      cardCode: '01DE001',
      name: t('Vanguard Bannerman', 'Bannerträger der Vorhut'),
      regions: ['Demacia'],
      cost: 4,
      attack: 4,
      health: 4,
      rarity: 'RARE',
    }),
    unit({
      cardCode: '01DE002',
      name: t('Tianna Crownguard'),
      regions: ['Demacia'],
      cost: 8,
      attack: 7,
      health: 7,
      rarity: 'EPIC',
    }),
    unit({
      cardCode: '01DE015',
      name: t('Silverwing Diver', 'Silberschwingen-Taucher'),
      regions: ['Demacia'],
      cost: 4,
      attack: 3,
      health: 2,
      keywords: ['Elusive'],
    }),
    unit({
      cardCode: '01DE016',
      name: t('Vanguard Sergeant', 'Feldwebel der Vorhut'),
      regions: ['Demacia'],
      cost: 3,
      attack: 3,
      health: 3,
    }),
    unit({
      cardCode: '01DE022',
      name: t('Fiora'),
      regions: ['Demacia'],
      cost: 3,
      attack: 3,
      health: 3,
      rarity: 'Champion',
      supertype: 'Champion',
      levelup: t("I've killed 4 enemies."),
    }),
    unit({
      cardCode: '01DE029',
      name: t('Cithria of Cloudfield', 'Cithria aus Wolkenfeld'),
      regions: ['Demacia'],
      cost: 1,
      attack: 2,
      health: 2,
    }),
    unit({
      cardCode: '01IO009',
      name: t('Zed'),
      regions: ['Ionia'],
      cost: 3,
      attack: 3,
      health: 2,
      rarity: 'Champion',
      supertype: 'Champion',
      keywords: ['QuickStrike'],
      levelup: t("I've seen you attack twice."),
    }),
    unit({
      cardCode: '01IO029',
      name: t('Shadow Assassin', 'Schattenattentäter'),
      regions: ['Ionia'],
      cost: 3,
      attack: 2,
      health: 2,
      keywords: ['Elusive'],
    }),
    unit({
      cardCode: '01IO041',
      name: t('Karma'),
      regions: ['Ionia'],
      cost: 5,
      attack: 4,
      health: 4,
      rarity: 'Champion',
      supertype: 'Champion',
      levelup: t("I've seen you cast spells in 2 rounds."),
    }),
    spell({
      cardCode: '01IO049',
      name: t('Deny', 'Verweigern'),
      regions: ['Ionia'],
      spellSpeed: 'Fast',
      cost: 4,
      rarity: 'RARE',
      description: t('Negate a Fast spell, Slow spell, or Skill.'),
    }),
    unit({
      cardCode: '01NX004',
      name: t('Legion Saboteur', 'Legionssaboteur'),
      regions: ['Noxus'],
      cost: 1,
      attack: 2,
      health: 1,
    }),
    unit({
      cardCode: '01NX020',
      name: t('Darius'),
      regions: ['Noxus'],
      cost: 6,
      attack: 6,
      health: 5,
      rarity: 'Champion',
      supertype: 'Champion',
      keywords: ['Overwhelm'],
    }),
    unit({
      cardCode: '01PZ008',
      name: t('Jinx'),
      regions: ['PiltoverZaun'],
      cost: 4,
      attack: 4,
      health: 3,
      rarity: 'Champion',
      supertype: 'Champion',
      keywords: ['QuickStrike'],
    }),
    unit({
      cardCode: '01PZ022',
      name: t('Zaunite Urchin', 'Zhaunitischer Gassenjunge'),
      regions: ['PiltoverZaun'],
      cost: 1,
      attack: 1,
      health: 1,
    }),
    spell({
      cardCode: '01PZ036',
      name: t('Mystic Shot', 'Mystischer Schuss'),
      regions: ['PiltoverZaun'],
      spellSpeed: 'Fast',
      cost: 2,
      description: t('Deal 2 to anything.'),
    }),
  ],
  set9: [
    unit({
      cardCode: '09BC005',
      name: t('Poppy and Tristana', 'Poppy und Tristana'),
      regions: ['BandleCity', 'Demacia'],
      subtypes: ['YORDLE'],
      keywords: ['Overwhelm', 'Elusive'],
      cost: 4,
      attack: 4,
      health: 4,
      rarity: 'EPIC',
    }),
    spell({
      cardCode: '09NX010',
      name: t('Noxian Focus', 'Noxischer Fokus'),
      regions: ['Noxus'],
      spellSpeed: 'Focus',
      cost: 1,
      formats: ['client_Formats_Standard_name', 'client_Formats_Eternal_name'],
    }),
    unit({
      cardCode: '09FR003',
      name: t('Frostguard Scout'),
      regions: ['Freljord'],
      subtypes: ['POROS', 'YETI'],
      cost: 2,
      attack: 2,
      health: 2,
    }),
  ],
};

/** The cards of every set: set1 and set9 as written above, the others generated. */
export const SET_CARDS = Object.fromEntries(
  HOST_CARD_SETS.map((set, index) => [
    set.name,
    set.name === 'set1' || set.name === 'set9' ? WRITTEN_SET_CARDS[set.name] : generatedSetCards(set, index),
  ]),
) as Record<HostCardSet, CardModel[]>;

/** The adventure bundle's cards: powers and a relic, published in the same record format as a set's. */
export const ADVENTURE_CARDS: CardModel[] = [
  spell({
    cardCode: 'ADV01DE001',
    name: t('Vanguard Standard', 'Banner der Vorhut'),
    regions: ['Demacia'],
    spellSpeed: 'Burst',
    cost: 0,
    rarity: 'None',
    description: t('Give allies +1|+1 at the start of the adventure.'),
  }),
  unit({
    cardCode: 'ADV01IO002',
    name: t('Spirit Guardian', 'Geisterwächter'),
    regions: ['Ionia'],
    keywords: ['Elusive'],
    cost: 2,
    attack: 2,
    health: 2,
    rarity: 'RARE',
  }),
  unit({
    cardCode: 'ADV01NX003',
    name: t('Arena Warden', 'Arenawärter'),
    regions: ['Noxus'],
    keywords: ['Overwhelm'],
    cost: 6,
    attack: 6,
    health: 6,
    rarity: 'EPIC',
    formats: [],
  }),
];

/** The older patch published under 4_3_0: Garen cost one more there, so pinned data is told apart. */
export const OLDER_PATCH_FOLDER = '4_3_0';

/** The cards of a bundle as one folder publishes them. */
export function bundleCards(bundle: HostCardBundle, folder = 'latest'): CardModel[] {
  const cards = bundle === 'adventure' ? ADVENTURE_CARDS : SET_CARDS[bundle];
  if (folder !== OLDER_PATCH_FOLDER) return cards;
  return cards.map((card) => (card.cardCode === '01DE012' ? { ...card, cost: card.cost + 1 } : card));
}

const setField = (bundle: HostCardBundle): string =>
  HOST_CARD_SETS.find((set) => set.name === bundle)?.field ?? 'SetAdventure';

const assetUrl = (base: string, set: string, locale: HostCardLocale, file: string): string =>
  `${base}/${ASSET_FOLDER}/${set}/${locale}/img/cards/${file}`;

/** A record exactly as a set file holds it. */
export function cardRecord(
  card: CardModel,
  set: HostCardBundle,
  locale: HostCardLocale,
  base: string,
): Record<string, unknown> {
  const early = set === 'set1';
  const regions = card.regions.map((ref) => say(REGIONS[ref]?.name ?? t(ref), locale));
  const associatedNames = card.associated.map((code) => {
    const other = bundleCards(set).find((candidate) => candidate.cardCode === code);
    return other ? say(other.name, locale) : code;
  });
  return {
    associatedCards: card.dropAssociatedNames ? [] : associatedNames,
    associatedCardRefs: card.associated,
    assets: [
      {
        gameAbsolutePath: assetUrl(base, set, locale, `${card.cardCode}.png`),
        fullAbsolutePath: assetUrl(base, set, locale, `${card.cardCode}-full.png`),
      },
    ],
    regions,
    regionRefs: card.regions,
    // Early sets carried the single-region fields; current files keep them beside the lists.
    region: regions[0] ?? '',
    regionRef: card.regions[0] ?? '',
    attack: card.attack,
    cost: card.cost,
    health: card.health,
    description: say(card.description, locale),
    descriptionRaw: say(card.description, locale).replace(/<[^>]*>/g, ''),
    levelupDescription: card.levelup ? say(card.levelup, locale) : '',
    levelupDescriptionRaw: card.levelup ? say(card.levelup, locale).replace(/<[^>]*>/g, '') : '',
    flavorText: say(card.flavor, locale),
    artistName: card.artist,
    name: say(card.name, locale),
    cardCode: card.cardCode,
    keywords: card.keywords.map((ref) => say(KEYWORDS[ref]?.name ?? t(ref), locale)),
    keywordRefs: card.keywords,
    spellSpeed: card.spellSpeed ? say(SPELL_SPEEDS[card.spellSpeed] ?? t(card.spellSpeed), locale) : '',
    spellSpeedRef: card.spellSpeed,
    rarity: say(RARITIES[card.rarity] ?? t(card.rarity), locale),
    rarityRef: card.rarity,
    subtype: early ? (card.subtypes[0] ?? '') : '',
    subtypes: card.subtypes,
    supertype: card.supertype,
    type: say(TYPES[card.type] ?? t(card.type), locale),
    collectible: card.collectible,
    set: setField(set),
    formats: card.formats.map((ref) => say(FORMATS[ref] ?? t(ref), locale)),
    formatRefs: card.formats,
  };
}

export function globalsFile(locale: HostCardLocale, base: string): Record<string, unknown> {
  const entries = (table: Record<string, Text>) =>
    Object.entries(table).map(([nameRef, name]) => ({ name: say(name, locale), nameRef }));
  return {
    vocabTerms: [
      {
        name: say(t('Strike', 'Schlag'), locale),
        nameRef: 'Strike',
        description: say(t('When a unit strikes, it deals damage.'), locale),
      },
    ],
    keywords: Object.entries(KEYWORDS).map(([nameRef, keyword]) => ({
      name: say(keyword.name, locale),
      nameRef,
      description: say(keyword.description, locale),
    })),
    regions: Object.entries(REGIONS).map(([nameRef, region]) => ({
      abbreviation: region.abbreviation,
      iconAbsolutePath: `${base}/latest/core/${locale}/img/regions/${region.icon}`,
      name: say(region.name, locale),
      nameRef,
    })),
    spellSpeeds: entries(SPELL_SPEEDS),
    rarities: entries(RARITIES),
    types: entries(TYPES),
    sets: HOST_CARD_SETS.map((set) => ({
      iconAbsolutePath: `${base}/latest/core/${locale}/img/sets/${set.name}.png`,
      name: set.title,
      nameRef: set.field,
    })),
    formats: Object.entries(FORMATS).map(([nameRef, name]) => ({
      iconAbsolutePath: `${base}/latest/core/${locale}/img/formats/${nameRef}.png`,
      name: say(name, locale),
      nameRef,
    })),
  };
}

export const regionIconFiles = (): string[] => Object.values(REGIONS).map((region) => region.icon);
