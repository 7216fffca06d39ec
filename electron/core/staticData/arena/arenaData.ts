import type { z } from 'zod';
import type {
  ChampionSummary,
  ItemEntry,
  SummonerSpellEntry,
  championFileSchema,
  itemFileSchema,
  profileIconFileSchema,
  summonerFileSchema,
} from './arenaSchemas';
import { createGameConstantLabels } from './gameConstants';
import type { GameConstantLabels, GameConstants } from './gameConstants';

/**
 * The arena data one locale of one version needs at start, in one file written at sync time, so a warm start
 * reads and parses one document instead of five.
 */

export const ARENA_INDEX_FORMAT = 1;

export type ArenaItem = ItemEntry & { id: string };
export type SummonerSpell = SummonerSpellEntry;

export interface ArenaIndex {
  format: typeof ARENA_INDEX_FORMAT;
  version: string;
  locale: string;
  builtAt: string;
  /** Sorted by name. */
  champions: ChampionSummary[];
  /** Sorted by numeric id. */
  items: ArenaItem[];
  summonerSpells: SummonerSpell[];
  /** Icon ids; each image is `img/profileicon/{id}.png`. */
  profileIcons: number[];
  languages: string[];
  constants: GameConstants;
}

export interface ArenaIndexSources {
  version: string;
  locale: string;
  champion: z.output<typeof championFileSchema>;
  item: z.output<typeof itemFileSchema>;
  summoner: z.output<typeof summonerFileSchema>;
  profileicon: z.output<typeof profileIconFileSchema>;
  languages: string[];
  constants: GameConstants;
  now: Date;
}

export function buildArenaIndex(sources: ArenaIndexSources): ArenaIndex {
  const byName = (a: { name: string }, b: { name: string }): number =>
    a.name.localeCompare(b.name, sources.locale.replace('_', '-'));
  return {
    format: ARENA_INDEX_FORMAT,
    version: sources.version,
    locale: sources.locale,
    builtAt: sources.now.toISOString(),
    champions: Object.values(sources.champion.data).sort(byName),
    items: Object.entries(sources.item.data)
      .map(([id, item]) => ({ ...item, id }))
      .sort((a, b) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id)),
    summonerSpells: Object.values(sources.summoner.data).sort(byName),
    profileIcons: Object.values(sources.profileicon.data)
      .map((icon) => icon.id)
      .sort((a, b) => a - b),
    languages: sources.languages,
    constants: sources.constants,
  };
}

/** The index with the lookups views need: ids from match and live data to names and records. */
export interface ArenaData extends ArenaIndex {
  labels: GameConstantLabels;
  /** By string id ("MonkeyKing"). */
  championById(id: string): ChampionSummary | undefined;
  /** By numeric key, as match data gives it (62). */
  championByKey(key: number | string): ChampionSummary | undefined;
  item(itemId: number | string): ArenaItem | undefined;
  /** By string id ("SummonerFlash") or numeric key (4). */
  summonerSpell(idOrKey: string | number): SummonerSpell | undefined;
}

export function createArenaData(index: ArenaIndex): ArenaData {
  const champions = new Map(index.champions.map((champion) => [champion.id, champion]));
  const championKeys = new Map(index.champions.map((champion) => [champion.key, champion]));
  const items = new Map(index.items.map((item) => [item.id, item]));
  const spells = new Map<string, SummonerSpell>();
  for (const spell of index.summonerSpells) {
    spells.set(spell.id, spell);
    if (spell.key) spells.set(spell.key, spell);
  }
  return {
    ...index,
    labels: createGameConstantLabels(index.constants),
    championById: (id) => champions.get(id),
    championByKey: (key) => championKeys.get(String(key)),
    item: (itemId) => items.get(String(itemId)),
    summonerSpell: (idOrKey) => spells.get(String(idOrKey)),
  };
}
