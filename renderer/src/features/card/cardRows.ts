import type { CardInfo, SeenCardRow, StaticDataCacheSummary } from '@shared/contract';

/**
 * What a card list says about itself beyond its rows: the one notice for cards known only by their code,
 * and which of the opponent's cards were just seen.
 */

export const NO_CARD_DATA_NOTICE = 'Card data not downloaded, open Sightline → Data';

/**
 * Said once above a list (never per row) while some of its cards are only codes: no card data at all, or
 * cards of a set that was not downloaded. Null when every card has its name.
 */
export function cardDataNotice(
  cards: readonly CardInfo[],
  cache: StaticDataCacheSummary | null,
): string | null {
  const missing = new Set(cards.filter((card) => card.name === null).map((card) => card.code)).size;
  if (missing === 0) return null;
  const someCardData = cache?.cards.some((locale) => locale.cards > 0) ?? false;
  if (!someCardData) return NO_CARD_DATA_NOTICE;
  const cardsAre = missing === 1 ? '1 card is' : `${missing} cards are`;
  return `${cardsAre} not in the downloaded card data, open Sightline → Data`;
}

/** Cards whose count went up since `previous` (none on the first look, so an opened overlay flashes nothing). */
export function raisedCounts(
  previous: ReadonlyMap<string, number> | null,
  rows: readonly SeenCardRow[],
): ReadonlySet<string> {
  if (!previous) return new Set();
  return new Set(
    rows.filter((row) => row.count > (previous.get(row.card.code) ?? 0)).map((row) => row.card.code),
  );
}

export function countsByCode(rows: readonly SeenCardRow[]): ReadonlyMap<string, number> {
  return new Map(rows.map((row) => [row.card.code, row.count]));
}
