/** The fixed game vocabulary scenarios may name: rune trees, keystones, summoner spells, respawn times. */

export const RUNE_TREES = {
  Precision: { id: 8000, styleKey: 7201 },
  Domination: { id: 8100, styleKey: 7200 },
  Sorcery: { id: 8200, styleKey: 7202 },
  Inspiration: { id: 8300, styleKey: 7203 },
  Resolve: { id: 8400, styleKey: 7204 },
} as const;
export type RuneTreeName = keyof typeof RUNE_TREES;
export const RUNE_TREE_NAMES = Object.keys(RUNE_TREES) as [RuneTreeName, ...RuneTreeName[]];

export const KEYSTONES = {
  'Press the Attack': { id: 8005, tree: 'Precision' },
  'Lethal Tempo': { id: 8008, tree: 'Precision' },
  Conqueror: { id: 8010, tree: 'Precision' },
  'Fleet Footwork': { id: 8021, tree: 'Precision' },
  Electrocute: { id: 8112, tree: 'Domination' },
  'Dark Harvest': { id: 8128, tree: 'Domination' },
  'Hail of Blades': { id: 9923, tree: 'Domination' },
  'Summon Aery': { id: 8214, tree: 'Sorcery' },
  'Arcane Comet': { id: 8229, tree: 'Sorcery' },
  'Phase Rush': { id: 8230, tree: 'Sorcery' },
  'Glacial Augment': { id: 8351, tree: 'Inspiration' },
  'Unsealed Spellbook': { id: 8360, tree: 'Inspiration' },
  'First Strike': { id: 8369, tree: 'Inspiration' },
  'Grasp of the Undying': { id: 8437, tree: 'Resolve' },
  Aftershock: { id: 8439, tree: 'Resolve' },
  Guardian: { id: 8465, tree: 'Resolve' },
} as const satisfies Record<string, { id: number; tree: RuneTreeName }>;
export type KeystoneName = keyof typeof KEYSTONES;
export const KEYSTONE_NAMES = Object.keys(KEYSTONES) as [KeystoneName, ...KeystoneName[]];

/** Three minor runes per tree, used to fill `generalRunes` (keystone + 3 primary + 2 secondary). */
export const MINOR_RUNES: Record<RuneTreeName, readonly { id: number; name: string }[]> = {
  Precision: [
    { id: 9111, name: 'Triumph' },
    { id: 9104, name: 'Legend: Alacrity' },
    { id: 8299, name: 'Last Stand' },
  ],
  Domination: [
    { id: 8139, name: 'Taste of Blood' },
    { id: 8138, name: 'Eyeball Collection' },
    { id: 8135, name: 'Ultimate Hunter' },
  ],
  Sorcery: [
    { id: 8226, name: 'Manaflow Band' },
    { id: 8210, name: 'Transcendence' },
    { id: 8237, name: 'Scorch' },
  ],
  Inspiration: [
    { id: 8304, name: 'Magical Footwear' },
    { id: 8345, name: 'Biscuit Delivery' },
    { id: 8347, name: 'Cosmic Insight' },
  ],
  Resolve: [
    { id: 8446, name: 'Demolish' },
    { id: 8444, name: 'Second Wind' },
    { id: 8451, name: 'Overgrowth' },
  ],
};

export const STAT_RUNES = [
  { id: 5008, rawDescription: 'perk_tooltip_StatModsAdaptiveForceIcon' },
  { id: 5008, rawDescription: 'perk_tooltip_StatModsAdaptiveForceIcon' },
  { id: 5011, rawDescription: 'perk_tooltip_StatModsHealthScalingIcon' },
] as const;

/** Display name → internal spell key, as in `rawDisplayName`. */
export const SUMMONER_SPELLS = {
  Flash: 'SummonerFlash',
  Ignite: 'SummonerDot',
  Smite: 'SummonerSmite',
  Teleport: 'SummonerTeleport',
  Heal: 'SummonerHeal',
  Barrier: 'SummonerBarrier',
  Exhaust: 'SummonerExhaust',
  Cleanse: 'SummonerBoost',
  Ghost: 'SummonerHaste',
  Clarity: 'SummonerMana',
  Mark: 'SummonerSnowball',
} as const;
export type SummonerSpellName = keyof typeof SUMMONER_SPELLS;
export const SUMMONER_SPELL_NAMES = Object.keys(SUMMONER_SPELLS) as [
  SummonerSpellName,
  ...SummonerSpellName[],
];

/** Base respawn time in seconds by champion level (1-18) on Summoner's Rift. */
const RESPAWN_BY_LEVEL = [10, 10, 12, 12, 14, 16, 20, 25, 28, 32.5, 35, 37.5, 40, 42.5, 45, 47.5, 50, 52.5];

export function respawnSeconds(level: number): number {
  return RESPAWN_BY_LEVEL[Math.min(Math.max(level, 1), 18) - 1] ?? 10;
}
