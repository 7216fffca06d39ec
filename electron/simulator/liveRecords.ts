import { KEYSTONES, MINOR_RUNES, RUNE_TREES, STAT_RUNES, SUMMONER_SPELLS } from './liveCatalog';
import type { RuneTreeName, SummonerSpellName } from './liveCatalog';
import type { PlayerState } from './liveGameModel';
import type { ScenarioItem, ScenarioPlayer } from './liveScenario';

/** Live client records in wire shape (local-apis.md §2.1, spec 2 §2.5), built from the game state. */

const round2 = (value: number): number => Math.round(value * 100) / 100;

export function championDisplayName(player: ScenarioPlayer): string {
  return player.championName ?? player.championId.replace(/(?<=[a-z])(?=[A-Z])/g, ' ');
}

function itemRecord(item: ScenarioItem, index: number) {
  return {
    canUse: item.canUse,
    consumable: item.consumable,
    count: item.count,
    displayName: item.displayName,
    itemID: item.itemID,
    price: item.price,
    rawDescription: `GeneratedTip_Item_${item.itemID}_Description`,
    rawDisplayName: `Item_${item.itemID}_Name`,
    slot: item.slot ?? index,
  };
}

export function itemRecords(state: PlayerState) {
  return state.items.map(itemRecord);
}

function spellRecord(name: SummonerSpellName) {
  const key = SUMMONER_SPELLS[name];
  return {
    displayName: name,
    rawDescription: `GeneratedTip_SummonerSpell_${key}_Description`,
    rawDisplayName: `GeneratedTip_SummonerSpell_${key}_DisplayName`,
  };
}

export function summonerSpellRecords(state: PlayerState) {
  const [one, two] = state.player.summonerSpells;
  return { summonerSpellOne: spellRecord(one), summonerSpellTwo: spellRecord(two) };
}

function runeRecord(id: number, displayName: string) {
  const key = displayName.replace(/[^A-Za-z]/g, '');
  return {
    displayName,
    id,
    rawDescription: `perk_tooltip_${key}`,
    rawDisplayName: `perk_displayname_${key}`,
  };
}

function treeRecord(tree: RuneTreeName) {
  const { id, styleKey } = RUNE_TREES[tree];
  return {
    displayName: tree,
    id,
    rawDescription: `perkstyle_tooltip_${styleKey}`,
    rawDisplayName: `perkstyle_displayname_${styleKey}`,
  };
}

/** Keystone and both trees, as in playerlist `runes` and playermainrunes. */
export function mainRuneRecords(state: PlayerState) {
  const { keystone, primaryRuneTree, secondaryRuneTree } = state.player.runes;
  return {
    keystone: runeRecord(KEYSTONES[keystone].id, keystone),
    primaryRuneTree: treeRecord(primaryRuneTree),
    secondaryRuneTree: treeRecord(secondaryRuneTree),
  };
}

export function fullRuneRecords(state: PlayerState) {
  const { keystone, primaryRuneTree, secondaryRuneTree } = state.player.runes;
  const minors = [...MINOR_RUNES[primaryRuneTree], ...MINOR_RUNES[secondaryRuneTree].slice(0, 2)];
  return {
    generalRunes: [
      runeRecord(KEYSTONES[keystone].id, keystone),
      ...minors.map((rune) => runeRecord(rune.id, rune.name)),
    ],
    ...mainRuneRecords(state),
    statRunes: STAT_RUNES.map((rune) => ({ ...rune })),
  };
}

export function scoreRecord(state: PlayerState) {
  return {
    assists: state.assists,
    creepScore: state.creepScore,
    deaths: state.deaths,
    kills: state.kills,
    wardScore: round2(state.wardScore),
  };
}

export function playerRecord(state: PlayerState, gameTime: number) {
  const { player } = state;
  return {
    championName: championDisplayName(player),
    isBot: player.isBot,
    isDead: state.respawnAt !== null,
    items: itemRecords(state),
    level: state.level,
    position: player.position,
    rawChampionName: `game_character_displayname_${player.championId}`,
    respawnTimer: state.respawnAt === null ? 0 : round2(state.respawnAt - gameTime),
    riotId: player.riotId,
    riotIdGameName: state.gameName,
    riotIdTagLine: state.tagLine,
    runes: mainRuneRecords(state),
    scores: scoreRecord(state),
    skinID: player.skinID,
    summonerName: player.summonerName ?? player.riotId,
    summonerSpells: summonerSpellRecords(state),
    team: player.team,
  };
}

/** Ability ranks for a level: R at 6/11/16; Q, W, E once each, then Q maxed first, then E, then W. */
function abilityRanks(level: number): { Q: number; W: number; E: number; R: number } {
  const R = level >= 16 ? 3 : level >= 11 ? 2 : level >= 6 ? 1 : 0;
  let points = level - R;
  const first = Math.min(points, 3);
  const ranks = { Q: first >= 1 ? 1 : 0, W: first >= 2 ? 1 : 0, E: first >= 3 ? 1 : 0, R };
  points -= first;
  for (const key of ['Q', 'E', 'W'] as const) {
    const add = Math.min(points, 5 - ranks[key]);
    ranks[key] += add;
    points -= add;
  }
  return ranks;
}

export function abilityRecords(state: PlayerState) {
  const { championId, abilityNames } = state.player;
  const champion = championDisplayName(state.player);
  const ranks = abilityRanks(state.level);
  const ability = (slot: 'Q' | 'W' | 'E' | 'R') => ({
    abilityLevel: ranks[slot],
    displayName: abilityNames?.[slot] ?? `${champion} ${slot}`,
    id: `${championId}${slot}`,
    rawDescription: `GeneratedTip_Spell_${championId}${slot}_Description`,
    rawDisplayName: `GeneratedTip_Spell_${championId}${slot}_DisplayName`,
  });
  return {
    E: ability('E'),
    Passive: {
      displayName: abilityNames?.Passive ?? `${champion} Passive`,
      id: `${championId}Passive`,
      rawDescription: `GeneratedTip_Passive_${championId}Passive_Description`,
      rawDisplayName: `GeneratedTip_Passive_${championId}Passive_DisplayName`,
    },
    Q: ability('Q'),
    R: ability('R'),
    W: ability('W'),
  };
}

function championStats(state: PlayerState) {
  const growth = state.level - 1;
  const ranged = state.player.position === 'MIDDLE' || state.player.position === 'BOTTOM';
  const maxHealth = round2(600 + 104 * growth);
  const resourceMax = round2(400 + 30 * growth);
  return {
    abilityHaste: 0,
    abilityPower: 0,
    armor: round2(30 + 4.5 * growth),
    armorPenetrationFlat: 0,
    armorPenetrationPercent: 1,
    attackDamage: round2(60 + 3.5 * growth),
    attackRange: ranged ? 550 : 175,
    attackSpeed: round2(0.65 * (1 + 0.025 * growth)),
    bonusArmorPenetrationPercent: 1,
    bonusMagicPenetrationPercent: 1,
    cooldownReduction: 0,
    critChance: 0,
    critDamage: 175,
    currentHealth: state.respawnAt === null ? maxHealth : 0,
    healthRegenRate: round2(1.5 + 0.12 * growth),
    lifeSteal: 0,
    magicLethality: 0,
    magicPenetrationFlat: 0,
    magicPenetrationPercent: 1,
    magicResist: round2(32 + 1.3 * growth),
    maxHealth,
    moveSpeed: 335,
    physicalLethality: 0,
    resourceMax,
    resourceRegenRate: round2(1.6 + 0.16 * growth),
    resourceType: 'MANA',
    resourceValue: resourceMax,
    spellVamp: 0,
    tenacity: 0,
  };
}

/** Gold the scenario set last, else starting gold + passive income from 1:05 + takedowns − items held. */
function currentGold(state: PlayerState, gameTime: number): number {
  if (state.currentGold !== null) return round2(state.currentGold);
  const passive = Math.max(0, gameTime - 65) * 2.04;
  const spent = state.items.reduce((sum, item) => sum + item.price * item.count, 0);
  return round2(Math.max(0, 500 + passive + 300 * state.kills + 150 * state.assists - spent));
}

export function activePlayerRecord(state: PlayerState, gameTime: number) {
  return {
    abilities: abilityRecords(state),
    championStats: championStats(state),
    currentGold: currentGold(state, gameTime),
    fullRunes: fullRuneRecords(state),
    level: state.level,
    riotId: state.player.riotId,
    riotIdGameName: state.gameName,
    riotIdTagLine: state.tagLine,
    summonerName: state.player.summonerName ?? state.player.riotId,
    teamRelativeColors: true,
  };
}
