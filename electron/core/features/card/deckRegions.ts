import { factionOfCardCode } from './catalog/cardCatalog';
import { decodeDeckCode } from './deckCode/deckCode';

/** The regions of a deck's cards (two-letter codes), most cards first; ties in code order. */
export function regionsOfDeck(cards: Iterable<{ code: string; count: number }>): string[] {
  const totals = new Map<string, number>();
  for (const card of cards) {
    const faction = factionOfCardCode(card.code);
    if (faction) totals.set(faction, (totals.get(faction) ?? 0) + card.count);
  }
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([faction]) => faction);
}

/** Decoded deck codes' regions: a history has a few decks over thousands of games. Bounded, emptied when full. */
const regionsByDeckCode = new Map<string, readonly string[]>();
const REMEMBERED_DECK_CODES = 500;

/** The regions of a deck code's cards; none when the code does not decode. */
export function regionsOfDeckCode(deckCode: string | null): string[] {
  if (!deckCode) return [];
  let regions = regionsByDeckCode.get(deckCode);
  if (!regions) {
    const decoded = decodeDeckCode(deckCode);
    regions = decoded.ok
      ? regionsOfDeck(decoded.value.map((card) => ({ code: card.cardCode, count: card.count })))
      : [];
    if (regionsByDeckCode.size >= REMEMBERED_DECK_CODES) regionsByDeckCode.clear();
    regionsByDeckCode.set(deckCode, regions);
  }
  // A copy: each answer owns its list.
  return [...regions];
}
