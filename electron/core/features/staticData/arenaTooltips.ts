import type { RichText } from '@shared/contract/richText';
import type {
  ArenaCatalog,
  ArenaSpellView,
  ChampionTooltip,
  ItemSetStats,
  ItemTooltip,
  ProfileIconImage,
} from '@shared/contract/staticData';
import type { ArenaData, ArenaItem } from './arena/arenaData';
import { arenaImagePaths } from './arena/arenaPaths';
import type { ArenaImage, ChampionDetail } from './arena/arenaSchemas';
import { staticAssetUrl } from './staticAssets';
import { parseGameMarkup } from './text/gameMarkup';
import { combineStats, formatItemStats } from './text/itemStats';
import { formatPerRank } from './text/numberText';
import { spellCostText, spellTooltipText } from './text/spellText';

/** Champion and item tooltips: the spell and item text rules applied, images as our own URLs. */

const SLOTS = ['Q', 'W', 'E', 'R'] as const;

function imageUrl(version: string, image: ArenaImage): string | null {
  return image.full && image.group ? staticAssetUrl.arena(arenaImagePaths.fromImage(version, image)) : null;
}

export function championTooltip(detail: ChampionDetail, version: string, locale: string): ChampionTooltip {
  const context = { resourceName: detail.partype };
  const spells: ArenaSpellView[] = detail.spells.map((spell, index) => ({
    id: spell.id,
    slot: SLOTS[index] ?? null,
    name: spell.name,
    tooltip: spellTooltipText(spell, context),
    cost: spellCostText(spell, context),
    cooldown: spell.cooldownBurn?.trim() || (spell.cooldown?.length ? formatPerRank(spell.cooldown) : ''),
    imageUrl: spell.image.full
      ? staticAssetUrl.arena(arenaImagePaths.spell(version, spell.image.full))
      : null,
  }));
  return {
    id: detail.id,
    key: detail.key,
    name: detail.name,
    title: detail.title,
    version,
    locale,
    resource: detail.partype,
    tags: detail.tags,
    imageUrl: staticAssetUrl.arena(arenaImagePaths.championSquare(version, detail.id)),
    passive: {
      name: detail.passive.name,
      description: parseGameMarkup(detail.passive.description),
      imageUrl: detail.passive.image.full
        ? staticAssetUrl.arena(arenaImagePaths.passive(version, detail.passive.image.full))
        : null,
    },
    spells,
  };
}

export function itemTooltip(item: ArenaItem, version: string, locale: string): ItemTooltip {
  // Item text may name its extra-script values ("{{ Effect1Amount }}"); anything else stays unresolved.
  const effects = new Map(Object.entries(item.effect).map(([key, value]) => [key.toLowerCase(), value]));
  return {
    id: item.id,
    name: item.name,
    plaintext: item.plaintext,
    version,
    locale,
    description: withoutStatBlock(
      parseGameMarkup(item.description, (name) => effects.get(name.toLowerCase()) ?? null),
    ),
    stats: statLines(item.stats),
    gold: item.gold,
    from: item.from,
    into: item.into,
    imageUrl: imageUrl(version, item.image) ?? staticAssetUrl.arena(arenaImagePaths.item(version, item.id)),
  };
}

const statLines = (stats: Record<string, number>): ItemTooltip['stats'] =>
  formatItemStats(stats).map(({ key, label, display, unit }) => ({ key, label, display, unit }));

/** What a set of items grants together, by the stat rules of combineStats; unknown IDs are listed. */
export function itemSetStats(data: ArenaData, ids: readonly string[]): ItemSetStats {
  const found = ids.map((id) => ({ id, item: data.item(id) }));
  const items = found.flatMap(({ item }) => (item ? [item] : []));
  return {
    version: data.version,
    locale: data.locale,
    items: items.map((item) => ({ id: item.id, name: item.name })),
    missing: found.filter(({ item }) => !item).map(({ id }) => id),
    stats: statLines(combineStats(items.map((item) => ({ kind: 'item', stats: item.stats })))),
  };
}

/** The description's `<stats>` block repeats the stats, which the tooltip lists formatted; the rest stays. */
function withoutStatBlock(text: RichText): RichText {
  const kept: RichText = [];
  let removed = false;
  for (const node of text) {
    if ('marks' in node && node.marks.includes('stat')) {
      removed = true;
      continue;
    }
    const previous = kept[kept.length - 1];
    // Where the block was: no break at the start, none twice in a row.
    if ('lineBreak' in node && removed && (!previous || 'lineBreak' in previous)) continue;
    if (!('lineBreak' in node)) removed = false;
    kept.push(node);
  }
  while (kept.length > 0 && 'lineBreak' in (kept[kept.length - 1] ?? {})) kept.pop();
  return kept;
}

/** The icon's cached-image URL, fetched through the cache on first view; null for an icon the data lacks. */
export function profileIconImage(data: ArenaData, id: number): ProfileIconImage {
  const known = data.profileIcons.includes(id);
  return { id, imageUrl: known ? staticAssetUrl.arena(arenaImagePaths.profileIcon(data.version, id)) : null };
}

export function arenaCatalog(data: ArenaData): ArenaCatalog {
  return {
    version: data.version,
    locale: data.locale,
    champions: data.champions.map((champion) => ({
      id: champion.id,
      key: champion.key,
      name: champion.name,
      title: champion.title,
      imageUrl: imageUrl(data.version, champion.image),
    })),
    items: data.items
      .filter((item) => item.gold.purchasable && !item.hideFromAll)
      .map((item) => ({
        id: item.id,
        name: item.name,
        goldTotal: item.gold.total,
        imageUrl:
          imageUrl(data.version, item.image) ??
          staticAssetUrl.arena(arenaImagePaths.item(data.version, item.id)),
      })),
    summonerSpells: data.summonerSpells.map((spell) => ({
      id: spell.id,
      key: spell.key,
      name: spell.name,
      imageUrl: imageUrl(data.version, spell.image),
    })),
    runes: data.runes.map((rune) => ({
      id: rune.id,
      name: rune.name,
      imageUrl: rune.imagePath ? staticAssetUrl.arena(rune.imagePath) : null,
    })),
  };
}
