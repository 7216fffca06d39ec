/**
 * Live client records in wire shape (local-apis.md §2.1), for tests and benchmarks. Field names and
 * shapes follow the real client; values are plausible, not real.
 */

export interface PlayerRecordOptions {
  gameName: string;
  tagLine?: string;
  champion: string;
  team: 'ORDER' | 'CHAOS';
  position?: string;
  level?: number;
  kills?: number;
  deaths?: number;
  assists?: number;
  creepScore?: number;
  wardScore?: number;
  items?: Array<{ itemID: number; displayName: string; slot: number; count?: number }>;
  isDead?: boolean;
  respawnTimer?: number;
  spells?: [string, string];
}

const spellRecord = (key: string) => ({
  displayName: key.replace(/^Summoner/, ''),
  rawDescription: `GeneratedTip_SummonerSpell_${key}_Description`,
  rawDisplayName: `GeneratedTip_SummonerSpell_${key}_DisplayName`,
});

const runeRecord = (id: number, displayName: string) => ({
  displayName,
  id,
  rawDescription: `perk_tooltip_${displayName}`,
  rawDisplayName: `perk_displayname_${displayName}`,
});

export function playerRecord(options: PlayerRecordOptions) {
  const tagLine = options.tagLine ?? 'EUW';
  const riotId = `${options.gameName}#${tagLine}`;
  return {
    championName: options.champion.replace(/(?<=[a-z])(?=[A-Z])/g, ' '),
    isBot: false,
    isDead: options.isDead ?? false,
    items: (options.items ?? []).map((item) => ({
      canUse: false,
      consumable: false,
      count: item.count ?? 1,
      displayName: item.displayName,
      itemID: item.itemID,
      price: 400,
      rawDescription: `GeneratedTip_Item_${item.itemID}_Description`,
      rawDisplayName: `Item_${item.itemID}_Name`,
      slot: item.slot,
    })),
    level: options.level ?? 1,
    position: options.position ?? '',
    rawChampionName: `game_character_displayname_${options.champion}`,
    respawnTimer: options.respawnTimer ?? 0,
    riotId,
    riotIdGameName: options.gameName,
    riotIdTagLine: tagLine,
    runes: {
      keystone: runeRecord(8112, 'Electrocute'),
      primaryRuneTree: runeRecord(8100, 'Domination'),
      secondaryRuneTree: runeRecord(8200, 'Sorcery'),
    },
    scores: {
      assists: options.assists ?? 0,
      creepScore: options.creepScore ?? 0,
      deaths: options.deaths ?? 0,
      kills: options.kills ?? 0,
      wardScore: options.wardScore ?? 0,
    },
    skinID: 0,
    summonerName: riotId,
    summonerSpells: {
      summonerSpellOne: spellRecord(options.spells?.[0] ?? 'SummonerFlash'),
      summonerSpellTwo: spellRecord(options.spells?.[1] ?? 'SummonerDot'),
    },
    team: options.team,
  };
}

export interface ActivePlayerRecordOptions {
  gameName: string;
  tagLine?: string;
  champion: string;
  level?: number;
  currentGold?: number;
  currentHealth?: number;
}

export function activePlayerRecord(options: ActivePlayerRecordOptions) {
  const tagLine = options.tagLine ?? 'EUW';
  const level = options.level ?? 1;
  const ability = (slot: string, abilityLevel: number) => ({
    abilityLevel,
    displayName: `${options.champion} ${slot}`,
    id: `${options.champion}${slot}`,
    rawDescription: `GeneratedTip_Spell_${options.champion}${slot}_Description`,
    rawDisplayName: `GeneratedTip_Spell_${options.champion}${slot}_DisplayName`,
  });
  return {
    abilities: {
      E: ability('E', Math.min(5, Math.floor(level / 3))),
      Passive: {
        displayName: `${options.champion} Passive`,
        id: `${options.champion}Passive`,
        rawDescription: 'GeneratedTip_Passive_Description',
        rawDisplayName: 'GeneratedTip_Passive_DisplayName',
      },
      Q: ability('Q', Math.min(5, Math.ceil(level / 2))),
      R: ability('R', level >= 16 ? 3 : level >= 11 ? 2 : level >= 6 ? 1 : 0),
      W: ability('W', Math.min(5, Math.floor(level / 4))),
    },
    championStats: {
      abilityHaste: 0,
      abilityPower: 0,
      armor: 30 + level * 4.5,
      armorPenetrationFlat: 0,
      armorPenetrationPercent: 1,
      attackDamage: 60 + level * 3.5,
      attackRange: 550,
      attackSpeed: 0.668,
      bonusArmorPenetrationPercent: 1,
      bonusMagicPenetrationPercent: 1,
      critChance: 0,
      critDamage: 175,
      currentHealth: options.currentHealth ?? 600 + level * 104,
      healthRegenRate: 1.5,
      lifeSteal: 0,
      magicLethality: 0,
      magicPenetrationFlat: 0,
      magicPenetrationPercent: 1,
      magicResist: 32,
      maxHealth: 600 + level * 104,
      moveSpeed: 335,
      physicalLethality: 0,
      resourceMax: 400,
      resourceRegenRate: 1.6,
      resourceType: 'MANA',
      resourceValue: 400,
      spellVamp: 0,
      tenacity: 0,
    },
    currentGold: options.currentGold ?? 500,
    fullRunes: {
      generalRunes: [runeRecord(8112, 'Electrocute'), runeRecord(8139, 'Taste of Blood')],
      keystone: runeRecord(8112, 'Electrocute'),
      primaryRuneTree: runeRecord(8100, 'Domination'),
      secondaryRuneTree: runeRecord(8200, 'Sorcery'),
      statRunes: [{ id: 5008, rawDescription: 'perk_tooltip_StatModAdaptive' }],
    },
    level,
    riotId: `${options.gameName}#${tagLine}`,
    riotIdGameName: options.gameName,
    riotIdTagLine: tagLine,
    summonerName: `${options.gameName}#${tagLine}`,
    teamRelativeColors: true,
  };
}

export const SPECTATOR_ANSWER = { error: 'This feature is not supported in spectator mode' };

export function gameStatsRecord(gameTime: number, gameMode = 'CLASSIC') {
  return { gameMode, gameTime, mapName: 'Map11', mapNumber: 11, mapTerrain: 'Default' };
}

/** A ten-player lobby: five per side, the first ORDER player being the local one. */
export const TEN_PLAYERS: ReadonlyArray<
  Pick<PlayerRecordOptions, 'gameName' | 'champion' | 'team' | 'position'>
> = [
  { gameName: 'Sightline', champion: 'Ahri', team: 'ORDER', position: 'MIDDLE' },
  { gameName: 'DemacianWall', champion: 'Garen', team: 'ORDER', position: 'TOP' },
  { gameName: 'BlindMonk', champion: 'LeeSin', team: 'ORDER', position: 'JUNGLE' },
  { gameName: 'GetExcited', champion: 'Jinx', team: 'ORDER', position: 'BOTTOM' },
  { gameName: 'Lanternist', champion: 'Thresh', team: 'ORDER', position: 'UTILITY' },
  { gameName: 'NoxianMight', champion: 'Darius', team: 'CHAOS', position: 'TOP' },
  { gameName: 'PiltoverFist', champion: 'Vi', team: 'CHAOS', position: 'JUNGLE' },
  { gameName: 'DarkSovereign', champion: 'Syndra', team: 'CHAOS', position: 'MIDDLE' },
  { gameName: 'Headshot', champion: 'Caitlyn', team: 'CHAOS', position: 'BOTTOM' },
  { gameName: 'Solstice', champion: 'Leona', team: 'CHAOS', position: 'UTILITY' },
];
