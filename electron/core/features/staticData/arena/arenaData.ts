import type { z } from 'zod';
import type {
  ChampionSummary,
  ItemEntry,
  SummonerSpellEntry,
  championFileSchema,
  itemFileSchema,
  profileIconFileSchema,
  RuneTreeEntry,
  summonerFileSchema,
} from './arenaSchemas';
import { arenaImagePaths } from './arenaPaths';
import { isSafeRelativePath } from '../cacheLayout';
import { createGameConstantLabels } from './gameConstants';
import type { GameConstantLabels, GameConstants } from './gameConstants';

/**
 * The arena data one locale of one version needs at start, in one file written at sync time, so a warm start
 * reads and parses one document instead of five.
 */

export const ARENA_INDEX_FORMAT = 1;

export type ArenaItem = ItemEntry & { id: string };
export type SummonerSpell = SummonerSpellEntry;

/** A rune tree (8100 Domination) or a rune in one (8112 Electrocute), as the live client names them by id. */
export interface ArenaRune {
  id: number;
  key: string;
  name: string;
  /** The icon's path in the mirror ("cdn/img/perk-images/…"); null when the data gave none or an unsafe one. */
  imagePath: string | null;
  /** The tree's own id for a rune; null for a tree. */
  treeId: number | null;
}

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
  /** Trees, then their runes, in the file's order. Absent from indexes written before runes were synced. */
  runes?: ArenaRune[];
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
  /** Null when the host had none (runes arrived in 7.x) and no earlier copy was cached. */
  runesReforged: RuneTreeEntry[] | null;
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
    runes: listRunes(sources.runesReforged ?? []),
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
  runes: ArenaRune[];
  /** A tree or a rune by the id the live client and match data give (8112). */
  rune(id: number): ArenaRune | undefined;
}

/** Trees first, then each tree's runes slot by slot. */
export function listRunes(trees: RuneTreeEntry[]): ArenaRune[] {
  const imagePath = (icon: string): string | null => {
    const path = icon ? arenaImagePaths.rune(icon) : null;
    return path && isSafeRelativePath(path) ? path : null;
  };
  const runes: ArenaRune[] = [];
  for (const tree of trees) {
    runes.push({
      id: tree.id,
      key: tree.key,
      name: tree.name,
      imagePath: imagePath(tree.icon),
      treeId: null,
    });
  }
  for (const tree of trees) {
    for (const slot of tree.slots) {
      for (const rune of slot.runes) {
        runes.push({
          id: rune.id,
          key: rune.key,
          name: rune.name,
          imagePath: imagePath(rune.icon),
          treeId: tree.id,
        });
      }
    }
  }
  return runes;
}

export function createArenaData(index: ArenaIndex): ArenaData {
  const champions = new Map(index.champions.map((champion) => [champion.id, champion]));
  const championKeys = new Map(index.champions.map((champion) => [champion.key, champion]));
  const items = new Map(index.items.map((item) => [item.id, item]));
  const runeEntries = index.runes ?? [];
  const runes = new Map(runeEntries.map((rune) => [rune.id, rune]));
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
    runes: runeEntries,
    rune: (id) => runes.get(id),
  };
}
