/**
 * Generated card game data with every field of the spec (§2.1): a core bundle's globals and two sets. set1 is an
 * early set (single region, `subtype`, and a record whose localized associatedCards list is empty while its Refs
 * are not, as in published data); set9 is a later one (several regions, `subtypes`, formats) published only under
 * its version folder.
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

/** The bundles holding cards: two sets and the single-player adventure bundle. */
export type HostCardBundle = 'set1' | 'set9' | 'adventure';

export const SET_CARDS: Record<'set1' | 'set9', CardModel[]> = {
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

const SET_FIELD: Record<HostCardBundle, string> = { set1: 'Set1', set9: 'Set9', adventure: 'SetAdventure' };

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
    set: SET_FIELD[set],
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
    sets: [
      {
        iconAbsolutePath: `${base}/latest/core/${locale}/img/sets/set1.png`,
        name: 'Foundations',
        nameRef: 'Set1',
      },
      {
        iconAbsolutePath: `${base}/latest/core/${locale}/img/sets/set9.png`,
        name: 'Glory in Navori',
        nameRef: 'Set9',
      },
    ],
    formats: Object.entries(FORMATS).map(([nameRef, name]) => ({
      iconAbsolutePath: `${base}/latest/core/${locale}/img/formats/${nameRef}.png`,
      name: say(name, locale),
      nameRef,
    })),
  };
}

export const regionIconFiles = (): string[] => Object.values(REGIONS).map((region) => region.icon);
