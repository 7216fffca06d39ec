import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  AppRequestError,
  type CardGameDetail,
  type CardGameRow,
  type CardHistoryChannel,
  type CardInfo,
} from '@shared/contract';
import type { RequestHandlers } from '../../platform/router/requestRouter';
import type { StoredCardGame, StoredCardGameDetail } from './cardGameRecords';
import type { HistoryStore } from './historyStore';
import type { DownloadShelf } from '../../transport/host/downloadShelf';
import { cardHistoryFileParts, durationSeconds } from './cardHistoryExport';
import { historyFileOf } from './historyFileFormats';
import { writeHistoryFile } from './historyFile';
import { offerExport, withHistoryStore, type HistoryWriter } from './historyRequests';

/**
 * What the history asks the card game about cards (the card feature's catalog and deck codes), so it shows
 * names, regions and champions without depending on the card feature.
 */
export interface HistoryCardFacts {
  describe(code: string): CardInfo;
  /** Deck-list order. */
  compare(a: CardInfo, b: CardInfo): number;
  /** A deck code's regions, most cards first; none when it does not decode. */
  regionsOfDeckCode(deckCode: string | null): string[];
  regionsOfDeck(cards: Iterable<{ code: string; count: number }>): string[];
  /** A deck code's champions' names (codes when unnamed), most copies first; none when it does not decode. */
  championsOfDeckCode(deckCode: string | null): string[];
}

export interface CardHistoryHandlerDeps {
  store: Promise<HistoryStore>;
  cards: HistoryCardFacts;
  /** The card game's save queue, once the card feature writes games; null without one. */
  writer(): HistoryWriter | null;
  /** Where an export's file waits for the page to download it. */
  downloads: DownloadShelf;
  now(): number;
}

/** The history page's requests: list with filters, one game, delete, export. Nothing leaves the machine. */
export function createCardHistoryHandlers(
  deps: CardHistoryHandlerDeps,
): Pick<RequestHandlers, CardHistoryChannel> {
  const { store, cards } = deps;
  const withHistory = <T>(run: (history: HistoryStore) => Promise<T>) => withHistoryStore(store, run);

  return {
    'history.card.list': (input) =>
      withHistory(async (history) => {
        const { limit, offset, ...filter } = input;
        // One read at a time, a turn of the event loop between them: SQLite reads without yielding.
        const games = await history.cardGames.list(filter, { limit, offset });
        await nextTurn();
        const total = await history.cardGames.count(filter);
        await nextTurn();
        const decks = await history.cardGames.deckRecords(filter);
        await nextTurn();
        const opponents = await history.cardGames.opponents();
        await nextTurn();
        return {
          games: games.map((game) => gameRow(game, cards)),
          total,
          decks: decks.map((deck) => ({
            ...deck,
            deckRegions: cards.regionsOfDeckCode(deck.deckCode),
            deckChampions: cards.championsOfDeckCode(deck.deckCode),
          })),
          opponents,
        };
      }),

    'history.card.game': ({ id }) =>
      withHistory(async (history) => {
        const game = await history.cardGames.detail(id);
        if (!game)
          throw new AppRequestError({ code: 'not-found', message: 'That game is no longer in the history.' });
        return gameDetail(game, cards);
      }),

    'history.card.delete': async (which) => {
      // Every game means those still waiting to be saved too: dropped first, so none lands after the delete.
      const writer = deps.writer();
      const dropped = 'all' in which && writer ? await writer.forgetWaiting() : 0;
      return withHistory(async (history) => {
        const deleted = dropped + (await history.cardGames.delete(which));
        if (deleted > 0) writer?.changed?.();
        return { deleted };
      });
    },

    // Written to a file a page of games at a time, then downloaded by its path: no answer holds the whole
    // history, and the host serves everyone else between pages.
    'history.card.export': ({ format, filter, includeOpponents }) =>
      withHistory(async (history) => {
        const now = deps.now();
        const file = historyFileOf('card-history', format, now);
        const parts = cardHistoryFileParts(format, {
          now,
          nameOf: (code) => cards.describe(code).name,
          includeOpponents,
        });
        let games = 0;
        const downloadPath = await offerExport(deps.downloads, file, async (path) => {
          games = await writeHistoryFile(
            path,
            (after, limit) => history.cardGames.detailsPage(filter, { after, limit }),
            parts,
          );
        });
        return { ...file, games, damagedSkipped: 0, downloadPath };
      }),
  };
}

function gameRow(game: StoredCardGame, cards: HistoryCardFacts): CardGameRow {
  return {
    id: game.id,
    startedAt: game.startedAt,
    endedAt: game.endedAt,
    durationSeconds: durationSeconds(game),
    result: game.result,
    deckCode: game.deckCode,
    deckRegions: cards.regionsOfDeckCode(game.deckCode),
    deckChampions: cards.championsOfDeckCode(game.deckCode),
    playerName: game.playerName,
    opponentName: game.opponentName,
    clientGameId: game.clientGameId,
    playCount: game.playCount,
    opponentCardCount: game.opponentCardCount,
  };
}

function gameDetail(game: StoredCardGameDetail, cards: HistoryCardFacts): CardGameDetail {
  const row = gameRow(game, cards);
  return {
    ...row,
    // The stored list is the deck as played, even when its code no longer decodes.
    deckRegions: row.deckRegions.length > 0 ? row.deckRegions : cards.regionsOfDeck(game.deck),
    deck: game.deck
      .map((card) => ({ card: cards.describe(card.code), count: card.count }))
      .sort((a, b) => cards.compare(a.card, b.card)),
    plays: game.plays.map((play) => ({ card: cards.describe(play.code), at: play.at })),
    opponentCards: game.opponentCards.map((card) => ({
      card: cards.describe(card.code),
      count: card.count,
    })),
  };
}
