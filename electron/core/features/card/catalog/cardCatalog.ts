import type { CardInfo } from '@shared/contract';

/** What the card data knows about one card. */
export interface CatalogCard {
  name: string;
  cost: number;
  /** The region's display name ("Demacia"). */
  region: string;
  /** The card's art (full illustration) as a URL the views can load, or null when there is none. */
  artUrl: string | null;
  /** A champion card (either level): trackers set it apart. */
  champion?: boolean;
}

/**
 * The card data the tracker and the history read names and art from. The static-data layer provides
 * it; until its bundles are loaded, lookups miss and the views show card codes.
 */
export interface CardCatalog {
  lookup(cardCode: string): CatalogCard | null;
  /** Called when the card data changes (bundles loaded, locale switched), so views can be rebuilt. */
  subscribe?(listener: () => void): () => void;
}

export const EMPTY_CARD_CATALOG: CardCatalog = { lookup: () => null };

const CARD_CODE = /^\d{2}([A-Z]{2})\d{3}/;

/** The region letters of a card code ("01DE012" → "DE"), '' when the code has another shape. */
export function factionOfCardCode(cardCode: string): string {
  return CARD_CODE.exec(cardCode)?.[1] ?? '';
}

/** A card for the views: the catalog's data when it has the card, otherwise the code alone. */
export function describeCard(catalog: CardCatalog, cardCode: string): CardInfo {
  const known = safeLookup(catalog, cardCode);
  return {
    code: cardCode,
    name: known?.name ?? null,
    cost: known?.cost ?? null,
    region: known?.region ?? null,
    faction: factionOfCardCode(cardCode),
    artUrl: known?.artUrl ?? null,
    champion: known?.champion ?? false,
  };
}

// A catalog that throws (half-written cache) must not take the tracker down with it.
function safeLookup(catalog: CardCatalog, cardCode: string): CatalogCard | null {
  try {
    return catalog.lookup(cardCode);
  } catch {
    return null;
  }
}

/** Deck-list order: cost, then name (codes when names are unknown). */
export function compareCards(a: CardInfo, b: CardInfo): number {
  const cost = (a.cost ?? Number.MAX_SAFE_INTEGER) - (b.cost ?? Number.MAX_SAFE_INTEGER);
  if (cost !== 0) return cost;
  return (a.name ?? a.code).localeCompare(b.name ?? b.code) || a.code.localeCompare(b.code);
}
