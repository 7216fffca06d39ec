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

/** The regions of a deck code's cards; none when the code does not decode. */
export function regionsOfDeckCode(deckCode: string | null): string[] {
  if (!deckCode) return [];
  const decoded = decodeDeckCode(deckCode);
  if (!decoded.ok) return [];
  return regionsOfDeck(decoded.value.map((card) => ({ code: card.cardCode, count: card.count })));
}
