import { CARD_COST_FILTER_MAX, cardBundleLabel } from '@shared/contract/staticData';
import type { CardRegion } from '@shared/contract/staticData';
import type { CardIndex, CardRecord } from './cards/cardIndex';
import { cardRegion } from './cardViews';

/**
 * The card browser's search: words match names, codes, text, keywords, subtypes and types (case and accents
 * ignored); filters keep cards of any chosen region, cost (the top cost counts everything above it) and type.
 * Name matches come first, then cost, then name.
 */

export interface CardQuery {
  query: string;
  /** Region nameRefs. */
  regions: readonly string[];
  costs: readonly number[];
  /** Localized type names. */
  types: readonly string[];
  /** Bundle names ("set1", "adventure"); none: every bundle. */
  bundles?: readonly string[];
  collectibleOnly: boolean;
  limit: number;
  offset: number;
}

export interface CardSearchResult {
  total: number;
  cards: CardRecord[];
}

interface SearchEntry {
  card: CardRecord;
  name: string;
  text: string;
}

const entriesByIndex = new WeakMap<CardIndex, SearchEntry[]>();

/** Lower case without accents, so "uberwaltigen" finds "Überwältigen". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function searchEntries(index: CardIndex): SearchEntry[] {
  let entries = entriesByIndex.get(index);
  if (!entries) {
    entries = index.cards.map((card) => ({
      card,
      name: foldText(card.name),
      text: foldText(
        [
          card.name,
          card.cardCode,
          card.descriptionRaw,
          card.levelupDescriptionRaw,
          card.type,
          card.supertype,
          ...card.keywords,
          ...card.subtypes,
        ].join('\n'),
      ),
    }));
    // Sorted once per index, so a search only filters and keeps this order.
    const collator = new Intl.Collator(index.locale.replace('_', '-'));
    entries.sort(
      (a, b) =>
        a.card.cost - b.card.cost ||
        collator.compare(a.card.name, b.card.name) ||
        a.card.cardCode.localeCompare(b.card.cardCode),
    );
    entriesByIndex.set(index, entries);
  }
  return entries;
}

export function searchCards(index: CardIndex, query: CardQuery): CardSearchResult {
  const words = foldText(query.query).split(/\s+/).filter(Boolean);
  const regions = new Set(query.regions);
  const costs = new Set(query.costs);
  const types = new Set(query.types);
  const bundles = new Set(query.bundles ?? []);
  const byName: CardRecord[] = [];
  const byText: CardRecord[] = [];
  for (const entry of searchEntries(index)) {
    const { card } = entry;
    if (query.collectibleOnly && !card.collectible) continue;
    if (regions.size > 0 && !card.regionRefs.some((ref) => regions.has(ref))) continue;
    if (costs.size > 0 && !costs.has(Math.min(card.cost, CARD_COST_FILTER_MAX))) continue;
    if (types.size > 0 && !types.has(card.type)) continue;
    if (bundles.size > 0 && !bundles.has(card.bundle)) continue;
    if (!words.every((word) => entry.text.includes(word))) continue;
    const nameMatch = words.length > 0 && words.every((word) => entry.name.includes(word));
    (nameMatch ? byName : byText).push(card);
  }
  const matches = [...byName, ...byText];
  return { total: matches.length, cards: matches.slice(query.offset, query.offset + query.limit) };
}

/**
 * What the filters can offer: the regions and types the cached cards have, regions in the globals' order, and the
 * bundles holding cards, in the index's order (sets by release, the adventure bundle last).
 */
export function cardFacets(index: CardIndex): {
  regions: CardRegion[];
  types: string[];
  bundles: { name: string; label: string }[];
} {
  const usedRegions = new Set<string>();
  const types = new Set<string>();
  const usedBundles = new Set<string>();
  for (const card of index.cards) {
    if (!card.collectible) continue;
    for (const ref of card.regionRefs) usedRegions.add(ref);
    if (card.type) types.add(card.type);
    usedBundles.add(card.bundle);
  }
  const ordered = index.globals.regions.map((region) => region.nameRef).filter((ref) => usedRegions.has(ref));
  const unknown = [...usedRegions].filter((ref) => !ordered.includes(ref)).sort();
  return {
    regions: [...ordered, ...unknown].map((ref) => cardRegion(index, ref)),
    types: [...types].sort((a, b) => a.localeCompare(b)),
    bundles: index.bundles
      .filter((bundle) => usedBundles.has(bundle.name))
      .map((bundle) => ({ name: bundle.name, label: cardBundleLabel(bundle.name) })),
  };
}
