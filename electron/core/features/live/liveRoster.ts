import {
  ABILITY_SLOTS,
  type LiveAbility,
  type LiveActivePlayer,
  type LiveItem,
  type LivePlayer,
  type LivePlayerTeam,
  type LiveRune,
  type LiveSpell,
} from '@shared/contract';
import type { ActivePlayerEntry, PlayerEntry } from './liveClientSchemas';

/** The players of the game as the scoreboard shows them, from playerlist and activeplayer records. */

const INVENTORY_SLOTS = 7;
const CHAMPION_PREFIX = 'game_character_displayname_';
const SPELL_PATTERN = /^GeneratedTip_SummonerSpell_(\w+?)_DisplayName$/;

type Identity = Pick<PlayerEntry, 'riotId' | 'riotIdGameName' | 'summonerName'>;

/** Riot ID on current patches, else the legacy summoner name. */
export function playerIdOf(entry: Identity): string {
  return entry.riotId || entry.summonerName;
}

/** The name the game shows: the Riot ID's game name, else the legacy summoner name. */
export function displayNameOf(entry: Identity): string {
  return entry.riotIdGameName || entry.riotId.split('#')[0] || entry.summonerName;
}

/** rawChampionName is game_character_displayname_<key>; the key is what static data names images by. */
export function championKeyOf(entry: Pick<PlayerEntry, 'rawChampionName' | 'championName'>): string {
  if (entry.rawChampionName.startsWith(CHAMPION_PREFIX)) {
    const key = entry.rawChampionName.slice(CHAMPION_PREFIX.length);
    if (key) return key;
  }
  return entry.championName.replace(/[^A-Za-z0-9]/g, '');
}

function teamOf(team: string): LivePlayerTeam {
  return team === 'ORDER' || team === 'CHAOS' ? team : 'NEUTRAL';
}

function inventory(entry: PlayerEntry): Array<LiveItem | null> {
  const slots: Array<LiveItem | null> = Array.from({ length: INVENTORY_SLOTS }, () => null);
  for (const item of entry.items) {
    if (item.slot < 0 || item.slot >= INVENTORY_SLOTS || item.itemID <= 0) continue;
    slots[item.slot] = { id: item.itemID, name: item.displayName, count: Math.max(1, item.count) };
  }
  return slots;
}

function spell(record: { displayName: string; rawDisplayName: string } | undefined): LiveSpell | null {
  if (!record) return null;
  const key = SPELL_PATTERN.exec(record.rawDisplayName)?.[1] ?? '';
  if (!key && !record.displayName) return null;
  return { key, name: record.displayName };
}

function rune(record: { id: number; displayName: string } | undefined): LiveRune | null {
  return record && (record.id || record.displayName) ? { id: record.id, name: record.displayName } : null;
}

const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** Whether a player entry is the active (local) player. */
export function isSamePlayer(entry: Identity, active: Identity): boolean {
  if (entry.riotId && active.riotId) return entry.riotId === active.riotId;
  if (entry.summonerName && active.summonerName) return entry.summonerName === active.summonerName;
  return !!entry.riotIdGameName && entry.riotIdGameName === active.riotIdGameName;
}

export function toLivePlayer(entry: PlayerEntry, index: number, local: Identity | null): LivePlayer {
  const { scores } = entry;
  const spells = [spell(entry.summonerSpells.summonerSpellOne), spell(entry.summonerSpells.summonerSpellTwo)];
  return {
    id: playerIdOf(entry) || `player-${index}`,
    name: displayNameOf(entry) || entry.championName,
    tagLine: entry.riotIdTagLine || (entry.riotId.includes('#') ? (entry.riotId.split('#')[1] ?? '') : ''),
    team: teamOf(entry.team),
    championKey: championKeyOf(entry),
    championName: entry.championName,
    level: entry.level,
    kills: scores.kills,
    deaths: scores.deaths,
    assists: scores.assists,
    creepScore: scores.creepScore,
    wardScore: round(scores.wardScore, 1),
    items: inventory(entry),
    spells: spells.filter((value): value is LiveSpell => value !== null),
    keystone: rune(entry.runes.keystone),
    position: entry.position,
    isBot: entry.isBot,
    isDead: entry.isDead,
    respawnTimer: entry.isDead ? round(Math.max(0, entry.respawnTimer), 1) : 0,
    isLocal: local !== null && isSamePlayer(entry, local),
  };
}

export function toLivePlayers(entries: readonly PlayerEntry[], local: Identity | null): LivePlayer[] {
  return entries.map((entry, index) => toLivePlayer(entry, index, local));
}

export function toActivePlayer(entry: ActivePlayerEntry): LiveActivePlayer {
  const stats = entry.championStats;
  const abilities: LiveAbility[] = ABILITY_SLOTS.map((slot) => {
    const record = entry.abilities[slot];
    const level = slot === 'Passive' ? null : (entry.abilities[slot]?.abilityLevel ?? 0);
    return { slot, id: record?.id ?? '', name: record?.displayName ?? '', level };
  });
  const { keystone, primaryRuneTree, secondaryRuneTree, generalRunes } = entry.fullRunes;
  return {
    playerId: playerIdOf(entry),
    name: displayNameOf(entry),
    level: entry.level,
    gold: Math.floor(entry.currentGold),
    stats: {
      attackDamage: Math.round(stats.attackDamage),
      abilityPower: Math.round(stats.abilityPower),
      armor: Math.round(stats.armor),
      magicResist: Math.round(stats.magicResist),
      attackSpeed: round(stats.attackSpeed, 2),
      abilityHaste: Math.round(stats.abilityHaste),
      critChance: round(stats.critChance, 2),
      moveSpeed: Math.round(stats.moveSpeed),
      attackRange: Math.round(stats.attackRange),
      lifeSteal: round(stats.lifeSteal, 2),
      tenacity: round(stats.tenacity, 2),
      currentHealth: Math.round(stats.currentHealth),
      maxHealth: Math.round(stats.maxHealth),
      resourceType: stats.resourceType,
      resourceValue: Math.round(stats.resourceValue),
      resourceMax: Math.round(stats.resourceMax),
    },
    abilities,
    keystone: rune(keystone),
    primaryTree: rune(primaryRuneTree),
    secondaryTree: rune(secondaryRuneTree),
    runes: generalRunes.map((record) => rune(record)).filter((value): value is LiveRune => value !== null),
  };
}

/** Resolves the names events use (Riot ID game name, Riot ID, legacy summoner name) to players. */
export function indexPlayerNames(players: readonly LivePlayer[]): ReadonlyMap<string, LivePlayer> {
  const index = new Map<string, LivePlayer>();
  for (const player of players) {
    for (const name of [player.name, player.id, player.id.split('#')[0] ?? '']) {
      if (name && !index.has(name)) index.set(name, player);
    }
  }
  return index;
}
