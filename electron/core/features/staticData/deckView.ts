import { CARD_COST_FILTER_MAX } from '@shared/contract/staticData';
import type { CardRegion, DeckCardRow, DeckView } from '@shared/contract/staticData';
import { decodeDeckCode } from '../card/deckCode/deckCode';
import type { DeckCodeError } from '../card/deckCode/deckCode';
import type { CardIndex } from './cards/cardIndex';
import { cardRegion, cardSummary } from './cardViews';

/**
 * A pasted deck code as the deck-code box shows it: the cards with what the cached data knows of them, the mana
 * curve and the regions. A code that does not decode is an error the user can read; cards the cache does not know
 * stay in the list by code.
 */

export type DeckViewResult = { ok: true; value: DeckView } | { ok: false; error: DeckCodeError };

export function buildDeckView(code: string, index: CardIndex | null, locale: string): DeckViewResult {
  const decoded = decodeDeckCode(code);
  if (!decoded.ok) return decoded;

  const rows: DeckCardRow[] = decoded.value.map(({ cardCode, count }) => {
    const card = index?.card(cardCode);
    return { cardCode, count, card: index && card ? cardSummary(index, card) : null };
  });
  rows.sort((a, b) => {
    if (!a.card || !b.card) return Number(!a.card) - Number(!b.card) || a.cardCode.localeCompare(b.cardCode);
    return (
      a.card.cost - b.card.cost ||
      a.card.name.localeCompare(b.card.name) ||
      a.cardCode.localeCompare(b.cardCode)
    );
  });

  const manaCurve = new Array<number>(CARD_COST_FILTER_MAX + 1).fill(0);
  const regionCopies = new Map<string, { region: CardRegion; copies: number }>();
  for (const row of rows) {
    if (!row.card) continue;
    const slot = Math.min(row.card.cost, CARD_COST_FILTER_MAX);
    manaCurve[slot] = (manaCurve[slot] ?? 0) + row.count;
    for (const region of row.card.regions) {
      const entry = regionCopies.get(region.nameRef) ?? { region, copies: 0 };
      entry.copies += row.count;
      regionCopies.set(region.nameRef, entry);
    }
  }
  // Without data, the faction letters of the codes still say which regions the deck plays.
  if (!index) {
    for (const row of rows) {
      const letters = /^\d{2}([A-Z]{2})/.exec(row.cardCode)?.[1] ?? '';
      const entry = regionCopies.get(letters) ?? {
        region: { nameRef: letters, name: letters, abbreviation: letters, iconUrl: null },
        copies: 0,
      };
      entry.copies += row.count;
      regionCopies.set(letters, entry);
    }
  } else {
    // Region names in the index's locale even when a card's own list was empty.
    for (const [ref, entry] of regionCopies) entry.region = cardRegion(index, ref, entry.region.name);
  }

  return {
    ok: true,
    value: {
      code: code.trim(),
      locale,
      cards: rows,
      totalCards: rows.reduce((sum, row) => sum + row.count, 0),
      manaCurve,
      regions: [...regionCopies.values()].sort(
        (a, b) => b.copies - a.copies || a.region.name.localeCompare(b.region.name),
      ),
      unknownCards: rows.filter((row) => !row.card).length,
      dataMissing: index === null,
    },
  };
}
