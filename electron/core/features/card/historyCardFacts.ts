import type { HistoryCardFacts } from '../history/cardHistoryHandlers';
import { compareCards, describeCard, type CardCatalog } from './catalog/cardCatalog';
import { decodeDeckCode } from './deckCode/deckCode';
import { regionsOfDeck, regionsOfDeckCode } from './deckRegions';

/** Decoded deck codes' cards: a history has a few decks over thousands of games. Bounded, emptied when full. */
const cardsByDeckCode = new Map<string, readonly { code: string; count: number }[]>();
const REMEMBERED_DECK_CODES = 500;

function cardsOfDeckCode(deckCode: string): readonly { code: string; count: number }[] {
  let cards = cardsByDeckCode.get(deckCode);
  if (!cards) {
    const decoded = decodeDeckCode(deckCode);
    cards = decoded.ok ? decoded.value.map((card) => ({ code: card.cardCode, count: card.count })) : [];
    if (cardsByDeckCode.size >= REMEMBERED_DECK_CODES) cardsByDeckCode.clear();
    cardsByDeckCode.set(deckCode, cards);
  }
  return cards;
}

/** What the history shows of cards, read from the card data as it is now (names follow its language). */
export function historyCardFacts(catalog: CardCatalog): HistoryCardFacts {
  return {
    describe: (code) => describeCard(catalog, code),
    compare: compareCards,
    regionsOfDeckCode,
    regionsOfDeck,
    championsOfDeckCode: (deckCode) => {
      if (!deckCode) return [];
      return cardsOfDeckCode(deckCode)
        .map((card) => ({ card: describeCard(catalog, card.code), count: card.count }))
        .filter(({ card }) => card.champion)
        .sort((a, b) => b.count - a.count || compareCards(a.card, b.card))
        .map(({ card }) => card.name ?? card.code);
    },
  };
}
