/**
 * Generated Data Dragon content with the shapes of the real files (reference §3): versions with two builds of one
 * patch and the odd old names, realms, languages, champions with real-shaped spells (mana, energy, health cost, no
 * cost), items with stats and effect variables, summoner spells, profile icons, rune trees built from the live
 * client's vocabulary (so a simulated game's keystones have icons), and the game constants.
 */

import { KEYSTONES, MINOR_RUNES, RUNE_TREES, RUNE_TREE_NAMES } from '../liveCatalog';

export const VERSIONS = ['14.2.1', '14.1.2', '14.1.1', '13.24.1', '13.23.1', '0.151.2', 'lolpatch_3.7'];

/** Region → version its realm names. na runs 14.1.1 while 14.1.2 (a fix build of the same patch) exists. */
export const DEFAULT_REALMS: Record<string, string> = {
  na: '14.1.1',
  euw: '13.24.1',
  eune: '14.1.1',
  kr: '14.2.1',
};

const REALM_LOCALES: Record<string, string> = { na: 'en_US', euw: 'en_GB', eune: 'en_GB', kr: 'ko_KR' };

export const LANGUAGES = [
  'en_US',
  'cs_CZ',
  'de_DE',
  'el_GR',
  'en_AU',
  'en_GB',
  'en_PH',
  'en_SG',
  'es_AR',
  'es_ES',
  'es_MX',
  'fr_FR',
  'hu_HU',
  'id_ID',
  'it_IT',
  'ja_JP',
  'ko_KR',
  'pl_PL',
  'pt_BR',
  'ro_RO',
  'ru_RU',
  'th_TH',
  'tr_TR',
  'vi_VN',
  'zh_CN',
  'zh_MY',
  'zh_TW',
  'ms_MY',
];

export function realmFile(region: string, version: string): unknown {
  const n = Object.fromEntries(
    ['item', 'summoner', 'champion', 'profileicon', 'map', 'language', 'sticker'].map((kind) => [
      kind,
      version,
    ]),
  );
  return {
    n: { ...n, rune: '7.23.1', mastery: '7.23.1' },
    v: version,
    l: REALM_LOCALES[region] ?? 'en_US',
    cdn: 'https://ddragon.leagueoflegends.com/cdn',
    dd: version,
    lg: version,
    css: version,
    profileiconmax: 28,
    store: null,
  };
}

type Text = Partial<Record<string, string>> & { en: string };
const say = (text: Text, locale: string): string => text[locale.slice(0, 2)] ?? text.en;

interface SpellModel {
  id: string;
  name: Text;
  tooltip: string;
  description: string;
  effect: (number[] | null)[];
  vars: { key: string; link: string; coeff: number | number[] }[];
  cost: number[];
  resource: string;
  cooldown: number[];
  range: number[];
}

interface ChampionModel {
  id: string;
  key: string;
  name: string;
  title: Text;
  partype: string;
  tags: string[];
  since: string;
  skins: { num: number; name: string }[];
  passive: { name: Text; description: string };
  spells: SpellModel[];
}

const levels = (...values: number[]): number[] => values;

function spell(
  id: string,
  name: Text,
  parts: Partial<Omit<SpellModel, 'id' | 'name'>> & { tooltip: string },
): SpellModel {
  return {
    id,
    name,
    description: parts.description ?? parts.tooltip.replace(/\{\{[^}]*\}\}/g, '').trim(),
    effect: parts.effect ?? [null],
    vars: parts.vars ?? [],
    cost: parts.cost ?? levels(0, 0, 0, 0, 0),
    resource: parts.resource ?? 'No Cost',
    cooldown: parts.cooldown ?? levels(10, 9, 8, 7, 6),
    range: parts.range ?? levels(600, 600, 600, 600, 600),
    tooltip: parts.tooltip,
  };
}

export const CHAMPIONS: ChampionModel[] = [
  {
    id: 'Annie',
    key: '1',
    name: 'Annie',
    title: { en: 'the Dark Child', de: 'das Kind der Dunkelheit', ko: '어둠의 아이' },
    partype: 'Mana',
    tags: ['Mage'],
    since: '0.0.0',
    skins: [
      { num: 0, name: 'default' },
      { num: 1, name: 'Goth Annie' },
    ],
    passive: {
      name: { en: 'Pyromania', de: 'Pyromanie' },
      description: 'After casting 4 spells, Annie stuns.',
    },
    spells: [
      spell(
        'AnnieQ',
        { en: 'Disintegrate', de: 'Desintegration' },
        {
          tooltip: 'Deals <magicDamage>{{ e1 }} (+{{ a1 }}) magic damage</magicDamage>.',
          effect: [null, levels(80, 115, 150, 185, 220), levels(0, 0, 0, 0, 0)],
          vars: [{ key: 'a1', link: 'spelldamage', coeff: 0.8 }],
          cost: levels(60, 65, 70, 75, 80),
          resource: '{{ cost }} Mana',
          cooldown: levels(4, 4, 4, 4, 4),
        },
      ),
      spell(
        'AnnieW',
        { en: 'Incinerate', de: 'Verbrennen' },
        {
          tooltip: 'Deals <magicDamage>{{ e1 }} (+{{ a1 }}) magic damage</magicDamage> in a cone.',
          effect: [null, levels(70, 115, 160, 205, 250)],
          vars: [{ key: 'a1', link: 'spelldamage', coeff: [0.85] }],
          cost: levels(70, 80, 90, 100, 110),
          resource: '{{ cost }} Mana',
        },
      ),
      spell(
        'AnnieE',
        { en: 'Molten Shield' },
        {
          tooltip: 'Grants a shield of {{ e1 }}.',
          effect: [null, levels(40, 90, 140, 190, 240)],
          cost: levels(40, 40, 40, 40, 40),
          resource: '{{ cost }} Mana',
        },
      ),
      spell(
        'AnnieR',
        { en: 'Summon: Tibbers', de: 'Beschwörung: Tibbers' },
        {
          tooltip: 'Deals {{ e1 }} magic damage and summons Tibbers.',
          effect: [null, levels(150, 275, 400)],
          cost: levels(100, 100, 100),
          resource: '{{ cost }} Mana',
          cooldown: levels(130, 115, 100),
        },
      ),
    ],
  },
  {
    id: 'Akali',
    key: '84',
    name: 'Akali',
    title: { en: 'the Rogue Assassin', de: 'die abtrünnige Assassinin' },
    partype: 'Energy',
    tags: ['Assassin'],
    since: '0.0.0',
    skins: [{ num: 0, name: 'default' }],
    passive: { name: { en: "Assassin's Mark" }, description: 'Striking a champion marks them.' },
    spells: [
      spell(
        'AkaliQ',
        { en: 'Five Point Strike' },
        {
          tooltip: 'Deals {{ e1 }} (+{{ a1 }}) magic damage. Costs {{ cost }} {{ abilityresourcename }}.',
          effect: [null, levels(30, 55, 80, 105, 130)],
          vars: [{ key: 'a1', link: 'spelldamage', coeff: 0.6 }],
          cost: levels(110, 100, 90, 80, 70),
          resource: '{{ cost }} Energy',
          cooldown: levels(1.5, 1.5, 1.5, 1.5, 1.5),
        },
      ),
      spell(
        'AkaliW',
        { en: 'Twilight Shroud' },
        { tooltip: 'Restores {{ e1 }} energy.', effect: [null, levels(100, 100, 100, 100, 100)] },
      ),
      spell(
        'AkaliE',
        { en: 'Shuriken Flip' },
        {
          tooltip: 'Deals {{ e1 }} damage.',
          effect: [null, levels(30, 56, 82, 108, 134)],
          cost: levels(30, 30, 30, 30, 30),
          resource: '{{ cost }} Energy',
        },
      ),
      spell(
        'AkaliR',
        { en: 'Perfect Execution' },
        { tooltip: 'Dashes twice.', cooldown: levels(100, 80, 60) },
      ),
    ],
  },
  {
    id: 'DrMundo',
    key: '36',
    name: 'Dr. Mundo',
    title: { en: 'the Madman of Zaun', de: 'der Wahnsinnige von Zhaun' },
    // Abilities cost health: the cost is in effect/effectBurn, named by the resource template.
    partype: 'Health',
    tags: ['Tank', 'Fighter'],
    since: '0.0.0',
    skins: [
      { num: 0, name: 'default' },
      { num: 2, name: 'Corporate Mundo' },
    ],
    passive: { name: { en: 'Goes Where He Pleases' }, description: 'Resists the first immobilizing effect.' },
    spells: [
      spell(
        'DrMundoQ',
        { en: 'Infected Bonesaw' },
        {
          tooltip: 'Deals {{ e1 }} magic damage. Costs {{ e3 }} Health.',
          effect: [
            null,
            levels(80, 130, 180, 230, 280),
            levels(15, 17.5, 20, 22.5, 25),
            levels(50, 60, 70, 80, 90),
          ],
          resource: '{{ e3 }} Health',
          cooldown: levels(4, 4, 4, 4, 4),
        },
      ),
      spell(
        'DrMundoW',
        { en: 'Heart Zapper' },
        {
          tooltip: 'Costs {{ e2 }} Health.',
          effect: [null, levels(20, 35, 50, 65, 80), levels(5, 5, 5, 5, 5)],
          resource: '{{ e2 }}% current Health',
        },
      ),
      spell(
        'DrMundoE',
        { en: 'Blunt Force Trauma' },
        {
          tooltip: 'Deals {{ e1 }} bonus damage.',
          effect: [null, levels(5, 15, 25, 35, 45), null, levels(10, 20, 30, 40, 50)],
          resource: '{{ e4 }} Health',
        },
      ),
      spell(
        'DrMundoR',
        { en: 'Maximum Dosage' },
        { tooltip: 'Heals {{ e1 }}% of missing health.', effect: [null, levels(15, 20, 25)] },
      ),
    ],
  },
  {
    id: 'Garen',
    key: '86',
    name: 'Garen',
    title: { en: 'The Might of Demacia', de: 'die Macht Demacias' },
    partype: 'None',
    tags: ['Fighter', 'Tank'],
    since: '0.0.0',
    skins: [{ num: 0, name: 'default' }],
    passive: { name: { en: 'Perseverance' }, description: 'Regenerates health out of combat.' },
    spells: [
      spell(
        'GarenQ',
        { en: 'Decisive Strike' },
        { tooltip: 'Next attack deals {{ e1 }} bonus damage.', effect: [null, levels(30, 60, 90, 120, 150)] },
      ),
      spell(
        'GarenW',
        { en: 'Courage' },
        { tooltip: 'Gains {{ e1 }}% damage reduction.', effect: [null, levels(30, 30, 30, 30, 30)] },
      ),
      spell(
        'GarenE',
        { en: 'Judgment' },
        { tooltip: 'Spins for {{ e1 }} damage.', effect: [null, levels(4, 8, 12, 16, 20)] },
      ),
      spell(
        'GarenR',
        { en: 'Demacian Justice' },
        { tooltip: 'Deals {{ e1 }} true damage.', effect: [null, levels(150, 300, 450)] },
      ),
    ],
  },
  {
    // The id differs from the name: images and files use the id.
    id: 'MonkeyKing',
    key: '62',
    name: 'Wukong',
    title: { en: 'the Monkey King', de: 'der Affenkönig' },
    partype: 'Mana',
    tags: ['Fighter', 'Tank'],
    since: '0.0.0',
    skins: [{ num: 0, name: 'default' }],
    passive: { name: { en: 'Stone Skin' }, description: 'Gains armor and regeneration.' },
    spells: [
      spell(
        'MonkeyKingDoubleAttack',
        { en: 'Crushing Blow' },
        {
          tooltip: 'Deals {{ e1 }} (+{{ f1 }}) physical damage.',
          effect: [null, levels(20, 45, 70, 95, 120)],
          vars: [{ key: 'f1', link: 'bonusattackdamage', coeff: 0.45 }],
          cost: levels(40, 40, 40, 40, 40),
          resource: '{{ cost }} Mana',
        },
      ),
      spell(
        'MonkeyKingDecoy',
        { en: 'Warrior Trickster' },
        {
          tooltip: 'Dashes and leaves a clone.',
          cost: levels(80, 80, 80, 80, 80),
          resource: '{{ cost }} Mana',
        },
      ),
      spell(
        'MonkeyKingNimbus',
        { en: 'Nimbus Strike' },
        { tooltip: 'Dashes to a target.', cost: levels(50, 55, 60, 65, 70), resource: '{{ cost }} Mana' },
      ),
      spell(
        'MonkeyKingSpinToWin',
        { en: 'Cyclone' },
        {
          tooltip: 'Spins for {{ spinduration }} seconds.',
          cost: levels(100, 100, 100),
          resource: '{{ cost }} Mana',
        },
      ),
    ],
  },
  {
    id: 'Smolder',
    key: '901',
    name: 'Smolder',
    title: { en: 'the Fiery Fledgling' },
    partype: 'Mana',
    tags: ['Marksman'],
    // New in 14.2: a realm moving to 14.2.1 brings a new champion.
    since: '14.2.0',
    skins: [{ num: 0, name: 'default' }],
    passive: { name: { en: 'Dragon Practice' }, description: 'Gains stacks.' },
    spells: [
      spell(
        'SmolderQ',
        { en: 'Super Scorcher Breath' },
        {
          tooltip: 'Deals {{ e1 }} damage.',
          effect: [null, levels(15, 35, 55, 75, 95)],
          cost: levels(25, 25, 25, 25, 25),
          resource: '{{ cost }} Mana',
        },
      ),
      spell(
        'SmolderW',
        { en: 'Achooo!' },
        { tooltip: 'Sneezes.', cost: levels(75, 75, 75, 75, 75), resource: '{{ cost }} Mana' },
      ),
      spell(
        'SmolderE',
        { en: 'Flap, Flap, Flap' },
        { tooltip: 'Flies.', cost: levels(0, 0, 0, 0, 0), resource: '' },
      ),
      spell(
        'SmolderR',
        { en: 'MMOOOMMMM!' },
        { tooltip: 'Calls mom.', cost: levels(100, 100, 100), resource: '{{ cost }} Mana' },
      ),
    ],
  },
  {
    // The scenarios' local player (last, so the others keep their sprite places): ability tooltips.
    id: 'Ahri',
    key: '103',
    name: 'Ahri',
    title: { en: 'the Nine-Tailed Fox', de: 'die neunschwänzige Füchsin' },
    partype: 'Mana',
    tags: ['Mage', 'Assassin'],
    since: '0.0.0',
    skins: [{ num: 0, name: 'default' }],
    passive: { name: { en: 'Essence Theft' }, description: 'Takedowns heal Ahri.' },
    spells: [
      spell(
        'AhriQ',
        { en: 'Orb of Deception' },
        {
          tooltip: 'Deals {{ e1 }} (+{{ a1 }}) magic damage out and back.',
          effect: [null, levels(40, 65, 90, 115, 140)],
          vars: [{ key: 'a1', link: 'spelldamage', coeff: 0.45 }],
          cost: levels(55, 65, 75, 85, 95),
          resource: '{{ cost }} {{ abilityresourcename }}',
          cooldown: levels(7, 7, 7, 7, 7),
        },
      ),
      spell(
        'AhriW',
        { en: 'Fox-Fire' },
        {
          tooltip: 'Releases three fox-fires dealing {{ e1 }} damage.',
          effect: [null, levels(50, 75, 100, 125, 150)],
        },
      ),
      spell(
        'AhriE',
        { en: 'Charm' },
        { tooltip: 'Charms for {{ e1 }} seconds.', effect: [null, levels(1.4, 1.55, 1.7, 1.85, 2)] },
      ),
      spell(
        'AhriR',
        { en: 'Spirit Rush' },
        { tooltip: 'Dashes up to three times.', cooldown: levels(130, 105, 80) },
      ),
    ],
  },
  // The rest of the scenarios' players, after Ahri (sprite places kept): enough for portraits and names.
  rosterChampion('LeeSin', '64', 'Lee Sin', 'the Blind Monk', 'Energy', ['Fighter', 'Assassin'], {
    passive: 'Flurry',
    spells: ['Sonic Wave', 'Safeguard', 'Tempest', "Dragon's Rage"],
  }),
  rosterChampion('Jinx', '222', 'Jinx', 'the Loose Cannon', 'Mana', ['Marksman'], {
    passive: 'Get Excited!',
    spells: ['Switcheroo!', 'Zap!', 'Flame Chompers!', 'Super Mega Death Rocket!'],
  }),
  rosterChampion('Thresh', '412', 'Thresh', 'the Chain Warden', 'Mana', ['Support', 'Fighter'], {
    passive: 'Damnation',
    spells: ['Death Sentence', 'Dark Passage', 'Flay', 'The Box'],
  }),
  rosterChampion('Darius', '122', 'Darius', 'the Hand of Noxus', 'Mana', ['Fighter', 'Tank'], {
    passive: 'Hemorrhage',
    spells: ['Decimate', 'Crippling Strike', 'Apprehend', 'Noxian Guillotine'],
  }),
  rosterChampion('Vi', '254', 'Vi', 'the Piltover Enforcer', 'Mana', ['Fighter', 'Assassin'], {
    passive: 'Blast Shield',
    spells: ['Vault Breaker', 'Denting Blows', 'Relentless Force', 'Cease and Desist'],
  }),
  rosterChampion('Syndra', '134', 'Syndra', 'the Dark Sovereign', 'Mana', ['Mage'], {
    passive: 'Transcendent',
    spells: ['Dark Sphere', 'Force of Will', 'Scatter the Weak', 'Unleashed Power'],
  }),
  rosterChampion('Caitlyn', '51', 'Caitlyn', 'the Sheriff of Piltover', 'Mana', ['Marksman'], {
    passive: 'Headshot',
    spells: ['Piltover Peacemaker', 'Yordle Snap Trap', '90 Caliber Net', 'Ace in the Hole'],
  }),
  rosterChampion('Leona', '89', 'Leona', 'the Radiant Dawn', 'Mana', ['Tank', 'Support'], {
    passive: 'Sunlight',
    spells: ['Shield of Daybreak', 'Eclipse', 'Zenith Blade', 'Solar Flare'],
  }),
];

/** A champion with plain abilities: in the data, with a portrait, but no tooltip worth testing. */
function rosterChampion(
  id: string,
  key: string,
  name: string,
  title: string,
  partype: string,
  tags: string[],
  abilities: { passive: string; spells: [string, string, string, string] },
): ChampionModel {
  return {
    id,
    key,
    name,
    title: { en: title },
    partype,
    tags,
    since: '0.0.0',
    skins: [{ num: 0, name: 'default' }],
    passive: { name: { en: abilities.passive }, description: `${name}'s passive.` },
    spells: abilities.spells.map((spellName, slot) =>
      spell(
        `${id}${'QWER'.charAt(slot)}`,
        { en: spellName },
        slot === 3
          ? { tooltip: 'Deals {{ e1 }} damage.', effect: [null, levels(150, 250, 350)] }
          : { tooltip: 'Deals {{ e1 }} damage.', effect: [null, levels(60, 100, 140, 180, 220)] },
      ),
    ),
  };
}

const versionAtLeast = (version: string, since: string): boolean => {
  const a = version.split('.').map(Number);
  const b = since.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
};

export const championsOf = (version: string): ChampionModel[] =>
  CHAMPIONS.filter((champion) => versionAtLeast(version, champion.since));

const SPRITE_COLUMNS = 10;
const SPRITE_CELL = 48;

function image(full: string, group: string, sheet: string, index: number) {
  return {
    full,
    sprite: `${sheet}${Math.floor(index / (SPRITE_COLUMNS * 3))}.png`,
    group,
    x: (index % SPRITE_COLUMNS) * SPRITE_CELL,
    y: Math.floor((index % (SPRITE_COLUMNS * 3)) / SPRITE_COLUMNS) * SPRITE_CELL,
    w: SPRITE_CELL,
    h: SPRITE_CELL,
  };
}

const burn = (values: number[] | null): string =>
  values === null ? '' : new Set(values).size === 1 ? String(values[0]) : values.join('/');

function championStats(index: number): Record<string, number> {
  return {
    hp: 560 + index * 20,
    hpperlevel: 96,
    mp: 418,
    mpperlevel: 25,
    movespeed: 335,
    armor: 21,
    armorperlevel: 5.2,
    spellblock: 30,
    spellblockperlevel: 1.3,
    attackrange: 625,
    hpregen: 5.5,
    hpregenperlevel: 0.55,
    mpregen: 8,
    mpregenperlevel: 0.8,
    crit: 0,
    critperlevel: 0,
    attackdamage: 50,
    attackdamageperlevel: 2.625,
    attackspeedperlevel: 1.36,
    attackspeed: 0.579,
  };
}

function championSummary(champion: ChampionModel, index: number, version: string, locale: string) {
  return {
    version,
    id: champion.id,
    key: champion.key,
    name: champion.name,
    title: say(champion.title, locale),
    blurb: `${champion.name} ${say(champion.title, locale)}.`,
    info: { attack: 2 + index, defense: 3, magic: 10 - index, difficulty: 6 },
    image: image(`${champion.id}.png`, 'champion', 'champion', index),
    tags: champion.tags,
    partype: champion.partype,
    stats: championStats(index),
  };
}

function spellFile(model: SpellModel, index: number, locale: string, maxrank: number) {
  return {
    id: model.id,
    name: say(model.name, locale),
    description: model.description,
    tooltip: model.tooltip,
    leveltip: {
      label: ['Damage', 'Cooldown'],
      effect: ['{{ e1 }} -> {{ e1NL }}', '{{ cooldown }} -> {{ cooldownnNL }}'],
    },
    maxrank,
    cooldown: model.cooldown,
    cooldownBurn: burn(model.cooldown),
    cost: model.cost,
    costBurn: burn(model.cost),
    datavalues: {},
    effect: model.effect,
    effectBurn: model.effect.map((values) => (values === null ? null : burn(values))),
    vars: model.vars,
    costType: model.resource.includes('Health')
      ? ' Health'
      : model.resource.includes('Energy')
        ? ' Energy'
        : ' Mana',
    maxammo: '-1',
    range: model.range,
    rangeBurn: burn(model.range),
    image: image(`${model.id}.png`, 'spell', 'spell', index),
    resource: model.resource,
  };
}

export function championFile(version: string, locale: string): unknown {
  const champions = championsOf(version);
  return {
    type: 'champion',
    format: 'standAloneComplex',
    version,
    data: Object.fromEntries(champions.map((c, i) => [c.id, championSummary(c, i, version, locale)])),
  };
}

export function championDetailFile(version: string, locale: string, championId: string): unknown | null {
  const champions = championsOf(version);
  const index = champions.findIndex((champion) => champion.id === championId);
  const champion = champions[index];
  if (!champion) return null;
  const detail = {
    ...championSummary(champion, index, version, locale),
    skins: champion.skins.map((skin) => ({
      id: String(Number(champion.key) * 1000 + skin.num),
      num: skin.num,
      name: skin.name,
      chromas: skin.num > 0,
    })),
    lore: `The story of ${champion.name}.`,
    allytips: [`Play ${champion.name} well.`],
    enemytips: [`Watch out for ${champion.name}.`],
    spells: champion.spells.map((s, i) => spellFile(s, index * 4 + i, locale, s.cost.length || 5)),
    passive: {
      name: say(champion.passive.name, locale),
      description: champion.passive.description,
      image: image(`${champion.id}_Passive.png`, 'passive', 'passive', index),
    },
    recommended: [],
  };
  return { type: 'champion', format: 'standAloneComplex', version, data: { [champion.id]: detail } };
}

interface ItemModel {
  id: string;
  name: Text;
  gold: { base: number; total: number; sell: number; purchasable?: boolean };
  stats: Record<string, number>;
  effect?: Record<string, string>;
  from?: string[];
  into?: string[];
  tags: string[];
  consumed?: boolean;
  stacks?: number;
  depth?: number;
}

/** A finished item as the match records use it: a name, a price and a tag, no stats of its own. */
function matchItem(id: string, name: string, total: number, tag: string): ItemModel {
  return {
    id,
    name: { en: name },
    gold: { base: total, total, sell: Math.round(total * 0.7) },
    stats: {},
    tags: [tag],
  };
}

export const ITEMS: ItemModel[] = [
  {
    id: '1001',
    name: { en: 'Boots', de: 'Stiefel' },
    gold: { base: 300, total: 300, sell: 210 },
    stats: { FlatMovementSpeedMod: 25 },
    into: ['3006'],
    tags: ['Boots'],
  },
  {
    id: '1036',
    name: { en: 'Long Sword', de: 'Langschwert' },
    gold: { base: 350, total: 350, sell: 245 },
    stats: { FlatPhysicalDamageMod: 10 },
    tags: ['Damage'],
  },
  {
    id: '1038',
    name: { en: 'B. F. Sword' },
    gold: { base: 1300, total: 1300, sell: 910 },
    stats: { FlatPhysicalDamageMod: 40 },
    into: ['3031'],
    tags: ['Damage'],
  },
  {
    id: '1042',
    name: { en: 'Dagger', de: 'Dolch' },
    gold: { base: 300, total: 300, sell: 210 },
    stats: { PercentAttackSpeedMod: 0.12 },
    into: ['3006'],
    tags: ['AttackSpeed'],
  },
  {
    id: '2003',
    name: { en: 'Health Potion', de: 'Heiltrank' },
    gold: { base: 50, total: 50, sell: 20 },
    stats: {},
    effect: { Effect1Amount: '120', Effect2Amount: '15' },
    tags: ['Consumable', 'HealthRegen'],
    consumed: true,
    stacks: 5,
  },
  {
    id: '3006',
    name: { en: "Berserker's Greaves", de: 'Berserkerbeinschienen' },
    gold: { base: 500, total: 1100, sell: 770 },
    stats: { PercentAttackSpeedMod: 0.35, FlatMovementSpeedMod: 45 },
    from: ['1001', '1042'],
    tags: ['AttackSpeed', 'Boots'],
    depth: 2,
  },
  {
    id: '3031',
    name: { en: 'Infinity Edge', de: 'Klinge der Unendlichkeit' },
    gold: { base: 625, total: 3400, sell: 2380 },
    stats: { FlatPhysicalDamageMod: 65, FlatCritChanceMod: 0.25 },
    effect: { Effect1Amount: '0.4', Effect2Amount: '0' },
    from: ['1038', '1036', '1036'],
    tags: ['CriticalStrike', 'Damage'],
    depth: 3,
  },
  // What the simulated web API's matches are built with, so their pages show names and icons, as with real data.
  matchItem('3071', 'Black Cleaver', 3000, 'Damage'),
  matchItem('3047', 'Plated Steelcaps', 1200, 'Boots'),
  matchItem('3053', "Sterak's Gage", 3200, 'Health'),
  matchItem('6333', "Death's Dance", 3300, 'Damage'),
  matchItem('3065', 'Spirit Visage', 2900, 'Health'),
  matchItem('3075', 'Thornmail', 2450, 'Armor'),
  matchItem('3748', 'Titanic Hydra', 3300, 'Damage'),
  matchItem('3161', 'Spear of Shojin', 3100, 'Damage'),
  matchItem('6692', 'Eclipse', 2800, 'Damage'),
  matchItem('3111', "Mercury's Treads", 1250, 'Boots'),
  matchItem('3026', 'Guardian Angel', 3200, 'Armor'),
  matchItem('3814', 'Edge of Night', 2900, 'Damage'),
  matchItem('3156', 'Maw of Malmortius', 2800, 'Damage'),
  matchItem('3142', "Youmuu's Ghostblade", 2800, 'Damage'),
  matchItem('6653', "Liandry's Torment", 3000, 'SpellDamage'),
  matchItem('3020', "Sorcerer's Shoes", 1100, 'Boots'),
  matchItem('3089', "Rabadon's Deathcap", 3600, 'SpellDamage'),
  matchItem('3157', "Zhonya's Hourglass", 3250, 'SpellDamage'),
  matchItem('3135', 'Void Staff', 3000, 'SpellDamage'),
  matchItem('4645', 'Shadowflame', 3200, 'SpellDamage'),
  matchItem('3165', 'Morellonomicon', 2950, 'SpellDamage'),
  matchItem('3102', "Banshee's Veil", 3000, 'SpellBlock'),
  matchItem('6672', 'Kraken Slayer', 3100, 'AttackSpeed'),
  matchItem('3094', 'Rapid Firecannon', 2650, 'AttackSpeed'),
  matchItem('3036', "Lord Dominik's Regards", 3000, 'ArmorPenetration'),
  matchItem('3046', 'Phantom Dancer', 2650, 'AttackSpeed'),
  matchItem('3072', 'Bloodthirster', 3400, 'LifeSteal'),
  matchItem('3153', 'Blade of The Ruined King', 3200, 'LifeSteal'),
  matchItem('3190', 'Locket of the Iron Solari', 2200, 'Aura'),
  matchItem('3158', 'Ionian Boots of Lucidity', 900, 'Boots'),
  matchItem('3107', 'Redemption', 2300, 'Aura'),
  matchItem('3504', 'Ardent Censer', 2300, 'Aura'),
  matchItem('3222', "Mikael's Blessing", 2300, 'Aura'),
  matchItem('3109', "Knight's Vow", 2300, 'Aura'),
  matchItem('2065', "Shurelya's Battlesong", 2200, 'Aura'),
  matchItem('6617', 'Moonstone Renewer', 2200, 'Aura'),
  matchItem('3340', 'Stealth Ward', 0, 'Trinket'),
  matchItem('3364', 'Oracle Lens', 0, 'Trinket'),
  matchItem('3363', 'Farsight Alteration', 0, 'Trinket'),
  // The rest of what the scenarios' players carry, so every inventory slot has its icon.
  matchItem('1054', "Doran's Shield", 450, 'Health'),
  matchItem('1055', "Doran's Blade", 450, 'Damage'),
  matchItem('1056', "Doran's Ring", 400, 'SpellDamage'),
  matchItem('1101', 'Scorchclaw Pup', 450, 'Jungle'),
  matchItem('1102', 'Gustwalker Hatchling', 450, 'Jungle'),
  matchItem('3050', "Zeke's Convergence", 2200, 'Aura'),
  matchItem('3117', 'Boots of Swiftness', 1000, 'Boots'),
  matchItem('3865', 'World Atlas', 400, 'GoldPer'),
  matchItem('6610', 'Sundered Sky', 3100, 'Damage'),
  matchItem('6631', 'Stridebreaker', 3300, 'Damage'),
  matchItem('6655', "Luden's Companion", 2750, 'SpellDamage'),
];

export function itemFile(version: string, locale: string): unknown {
  return {
    type: 'item',
    version,
    basic: {
      name: '',
      rune: { isrune: false, tier: 1, type: 'red' },
      gold: { base: 0, total: 0, sell: 0, purchasable: false },
    },
    data: Object.fromEntries(
      ITEMS.map((item, index) => [
        item.id,
        {
          name: say(item.name, locale),
          description: `<mainText><stats>${Object.entries(item.stats)
            .map(([stat, value]) => `<attention>${value}</attention> ${stat}`)
            .join('<br>')}</stats></mainText><br>`,
          colloq: ';',
          plaintext: `${say(item.name, locale)} helps.`,
          ...(item.from ? { from: item.from } : {}),
          ...(item.into ? { into: item.into } : {}),
          image: image(`${item.id}.png`, 'item', 'item', index),
          gold: { ...item.gold, purchasable: item.gold.purchasable ?? true },
          tags: item.tags,
          maps: { '11': true, '12': true, '30': item.id !== '2003' },
          stats: item.stats,
          ...(item.effect ? { effect: item.effect } : {}),
          ...(item.consumed ? { consumed: true, stacks: item.stacks } : {}),
          ...(item.depth ? { depth: item.depth } : {}),
        },
      ]),
    ),
    groups: [{ id: 'Boots', MaxGroupOwnable: '1' }],
    tree: [{ header: 'START', tags: ['LANE', 'JUNGLE'] }],
  };
}

const SUMMONER_SPELLS = [
  { id: 'SummonerFlash', key: '4', name: { en: 'Flash', de: 'Blitz' }, cooldown: 300, level: 7 },
  { id: 'SummonerDot', key: '14', name: { en: 'Ignite', de: 'Entzünden' }, cooldown: 180, level: 9 },
  { id: 'SummonerHeal', key: '7', name: { en: 'Heal', de: 'Heilen' }, cooldown: 240, level: 1 },
  // Every other spell a scenario's player may take (liveCatalog's list), with the keys the match records use.
  { id: 'SummonerSmite', key: '11', name: { en: 'Smite', de: 'Zerschmettern' }, cooldown: 90, level: 3 },
  {
    id: 'SummonerTeleport',
    key: '12',
    name: { en: 'Teleport', de: 'Teleportation' },
    cooldown: 360,
    level: 7,
  },
  { id: 'SummonerBarrier', key: '21', name: { en: 'Barrier', de: 'Barriere' }, cooldown: 180, level: 4 },
  { id: 'SummonerExhaust', key: '3', name: { en: 'Exhaust', de: 'Erschöpfung' }, cooldown: 240, level: 4 },
  { id: 'SummonerBoost', key: '1', name: { en: 'Cleanse', de: 'Läuterung' }, cooldown: 240, level: 9 },
  { id: 'SummonerHaste', key: '6', name: { en: 'Ghost', de: 'Geist' }, cooldown: 240, level: 1 },
  { id: 'SummonerMana', key: '13', name: { en: 'Clarity', de: 'Klarheit' }, cooldown: 240, level: 6 },
  { id: 'SummonerSnowball', key: '32', name: { en: 'Mark', de: 'Markieren' }, cooldown: 80, level: 6 },
];

export function summonerFile(version: string, locale: string): unknown {
  return {
    type: 'summoner',
    version,
    data: Object.fromEntries(
      SUMMONER_SPELLS.map((model, index) => [
        model.id,
        {
          ...spellFile(
            spell(model.id, model.name, {
              tooltip: `Cooldown {{ cooldown }}s. Effect {{ e1 }}.`,
              effect: [null, [model.cooldown / 2]],
              cooldown: [model.cooldown],
              range: [425],
            }),
            index,
            locale,
            1,
          ),
          key: model.key,
          summonerLevel: model.level,
          modes: ['CLASSIC', 'ARAM', 'CHERRY'],
        },
      ]),
    ),
  };
}

/** A few plain ones, and the ten icons the simulated web API's named players use (4568 + 13 × their index). */
export const PROFILE_ICONS = [
  0,
  1,
  2,
  3,
  4,
  5,
  29,
  4567,
  ...Array.from({ length: 10 }, (_, index) => 4568 + index * 13),
];

export function profileIconFile(version: string): unknown {
  return {
    type: 'profileicon',
    version,
    data: Object.fromEntries(
      PROFILE_ICONS.map((id, index) => [
        String(id),
        { id, image: image(`${id}.png`, 'profileicon', 'profileicon', index) },
      ]),
    ),
  };
}

/** Runes arrived in 7.x: older versions have no runesReforged.json. */
export const hasRunes = (version: string): boolean => versionAtLeast(version, '7.22.1');

const runeKey = (name: string): string => name.replace(/[^A-Za-z]/g, '');

/** runesReforged.json: per tree, a slot of its keystones, then one slot per minor rune. */
export function runesReforgedFile(): unknown {
  return RUNE_TREE_NAMES.map((tree) => {
    const { id, styleKey } = RUNE_TREES[tree];
    const rune = (runeId: number, name: string) => ({
      id: runeId,
      key: runeKey(name),
      icon: `perk-images/Styles/${tree}/${runeKey(name)}/${runeKey(name)}.png`,
      name,
      shortDesc: `${name}.`,
      longDesc: `${name}.`,
    });
    const keystones = Object.entries(KEYSTONES)
      .filter(([, keystone]) => keystone.tree === tree)
      .map(([name, keystone]) => rune(keystone.id, name));
    return {
      id,
      key: tree,
      icon: `perk-images/Styles/${styleKey}_${tree}.png`,
      name: tree,
      slots: [
        { runes: keystones },
        ...MINOR_RUNES[tree].map((minor) => ({ runes: [rune(minor.id, minor.name)] })),
      ],
    };
  });
}

/** Rune and tree icons (unversioned, under cdn/img/), 64×64. */
export function runeIconPaths(): string[] {
  const trees = runesReforgedFile() as { icon: string; slots: { runes: { icon: string }[] }[] }[];
  return trees.flatMap((tree) => [
    `cdn/img/${tree.icon}`,
    ...tree.slots.flatMap((slot) => slot.runes.map((rune) => `cdn/img/${rune.icon}`)),
  ]);
}

export const MAPS = [
  { mapId: 11, mapName: "Summoner's Rift", notes: 'Current Version' },
  { mapId: 12, mapName: 'Howling Abyss', notes: 'ARAM Map' },
  { mapId: 30, mapName: 'Rings of Wrath', notes: 'Arena map' },
];

export const GAME_CONSTANTS: Record<string, unknown> = {
  seasons: [
    { id: 0, season: 'PRESEASON 3' },
    { id: 1, season: 'SEASON 3' },
    { id: 13, season: 'SEASON 2019' },
  ],
  queues: [
    { queueId: 0, map: 'Custom games', description: null, notes: null },
    { queueId: 420, map: "Summoner's Rift", description: '5v5 Ranked Solo games', notes: null },
    { queueId: 440, map: "Summoner's Rift", description: '5v5 Ranked Flex games', notes: null },
    { queueId: 450, map: 'Howling Abyss', description: '5v5 ARAM games', notes: null },
    { queueId: 900, map: "Summoner's Rift", description: 'ARURF games', notes: null },
    { queueId: 1700, map: 'Rings of Wrath', description: 'Arena', notes: null },
    { queueId: 1900, map: "Summoner's Rift", description: 'Pick URF games', notes: null },
  ],
  maps: MAPS,
  gameModes: [
    { gameMode: 'CLASSIC', description: "Classic Summoner's Rift and Twisted Treeline games" },
    { gameMode: 'ARAM', description: 'ARAM games' },
    { gameMode: 'URF', description: 'URF games' },
    { gameMode: 'CHERRY', description: 'Arena' },
  ],
  gameTypes: [
    { gameType: 'CUSTOM_GAME', description: 'Custom games' },
    { gameType: 'TUTORIAL_GAME', description: 'Tutorial games' },
    { gameType: 'MATCHED_GAME', description: 'all other games' },
  ],
};

/** Every versioned image path of a version, with its pixel size: what the host serves as PNG. */
export function imageSizes(version: string): Map<string, [number, number]> {
  const sizes = new Map<string, [number, number]>();
  const add = (path: string, w: number, h: number): void =>
    void sizes.set(`cdn/${version}/img/${path}`, [w, h]);
  championsOf(version).forEach((champion) => {
    add(`champion/${champion.id}.png`, 120, 120);
    add(`passive/${champion.id}_Passive.png`, 64, 64);
    champion.spells.forEach((s) => add(`spell/${s.id}.png`, 64, 64));
  });
  ITEMS.forEach((item) => add(`item/${item.id}.png`, 64, 64));
  SUMMONER_SPELLS.forEach((s) => add(`spell/${s.id}.png`, 64, 64));
  PROFILE_ICONS.forEach((id) => add(`profileicon/${id}.png`, 64, 64));
  MAPS.forEach((map) => add(`map/map${map.mapId}.png`, 512, 512));
  for (const name of [
    'champion0.png',
    'spell0.png',
    'spell1.png',
    'spell2.png',
    'passive0.png',
    // One sheet per 30 items, as image.sprite names them.
    ...Array.from({ length: Math.ceil(ITEMS.length / (SPRITE_COLUMNS * 3)) }, (_, i) => `item${i}.png`),
    'profileicon0.png',
  ]) {
    add(`sprite/${name}`, SPRITE_COLUMNS * SPRITE_CELL, 3 * SPRITE_CELL);
  }
  return sizes;
}

/** Unversioned art: splash 1215×717, loading 308×560, per skin. */
export function artSizes(): Map<string, [number, number]> {
  const sizes = new Map<string, [number, number]>();
  for (const champion of CHAMPIONS) {
    for (const skin of champion.skins) {
      sizes.set(`cdn/img/champion/splash/${champion.id}_${skin.num}.jpg`, [1215, 717]);
      sizes.set(`cdn/img/champion/loading/${champion.id}_${skin.num}.jpg`, [308, 560]);
    }
  }
  return sizes;
}

/** The 5.5.1 scoreboard icons. */
export const SCOREBOARD_ICONS = ['champion', 'items', 'minion', 'score', 'spells'].map(
  (name) => `cdn/5.5.1/img/ui/${name}.png`,
);
