import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  AppRequestError,
  type CardGameDetail,
  type CardGameRow,
  type CardHistoryChannel,
} from '@shared/contract';
import type { RequestHandlers } from '../bridge/requestRouter';
import { compareCards, describeCard, type CardCatalog } from './catalog/cardCatalog';
import { regionsOfDeck, regionsOfDeckCode } from './deckRegions';
import type { StoredCardGame, StoredCardGameDetail } from '../history/cardGameRecords';
import { describeSqlError, HistoryError } from '../db/sqliteDatabase';
import type { HistoryStore } from '../history/historyStore';
import type { CardGameArchive } from './cardGameArchive';
import type { DownloadShelf } from '../host/downloadShelf';
import { cardHistoryFileParts, durationSeconds, exportFileOf } from './cardHistoryExport';
import { writeCardHistoryFile } from './cardHistoryFile';

export interface CardHistoryHandlerDeps {
  archive: CardGameArchive;
  catalog: CardCatalog;
  /** Where an export's file waits for the page to download it. */
  downloads: DownloadShelf;
  now(): number;
}

/** The history page's requests: list with filters, one game, delete, export. Nothing leaves the machine. */
export function createCardHistoryHandlers(
  deps: CardHistoryHandlerDeps,
): Pick<RequestHandlers, CardHistoryChannel> {
  const { archive, catalog } = deps;

  return {
    'history.card.list': (input) =>
      withHistory(archive, async (history) => {
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
          games: games.map(gameRow),
          total,
          decks: decks.map((deck) => ({ ...deck, deckRegions: regionsOfDeckCode(deck.deckCode) })),
          opponents,
        };
      }),

    'history.card.game': ({ id }) =>
      withHistory(archive, async (history) => {
        const game = await history.cardGames.detail(id);
        if (!game)
          throw new AppRequestError({ code: 'not-found', message: 'That game is no longer in the history.' });
        return gameDetail(game, catalog);
      }),

    'history.card.delete': async (which) => {
      // Every game means those still waiting to be saved too: dropped first, so none lands after the delete.
      const dropped = 'all' in which ? await archive.forgetWaiting() : 0;
      return withHistory(archive, async (history) => {
        const deleted = dropped + (await history.cardGames.delete(which));
        if (deleted > 0) archive.changed();
        return { deleted };
      });
    },

    // Written to a file a page of games at a time, then downloaded by its path: no answer holds the whole
    // history, and the host serves everyone else between pages.
    'history.card.export': ({ format, filter, includeOpponents }) =>
      withHistory(archive, async (history) => {
        const now = deps.now();
        const file = exportFileOf(format, now);
        const parts = cardHistoryFileParts(format, {
          now,
          nameOf: (code) => describeCard(catalog, code).name,
          includeOpponents,
        });
        let games = 0;
        const downloadPath = await deps.downloads.offer(file, async (path) => {
          games = await writeCardHistoryFile(
            path,
            (after, limit) => history.cardGames.detailsPage(filter, { after, limit }),
            parts,
          );
        });
        return { ...file, games, downloadPath };
      }),
  };
}

async function withHistory<T>(
  archive: CardGameArchive,
  run: (history: HistoryStore) => Promise<T>,
): Promise<T> {
  let history: HistoryStore;
  try {
    history = await archive.store();
  } catch (error) {
    throw new AppRequestError({
      code: 'io',
      message: error instanceof HistoryError ? error.message : String(error),
    });
  }
  try {
    return await run(history);
  } catch (error) {
    if (error instanceof AppRequestError) throw error;
    throw new AppRequestError({
      code: 'io',
      message: `The history database failed: ${describeSqlError(error)}.`,
    });
  }
}

function gameRow(game: StoredCardGame): CardGameRow {
  return {
    id: game.id,
    startedAt: game.startedAt,
    endedAt: game.endedAt,
    durationSeconds: durationSeconds(game),
    result: game.result,
    deckCode: game.deckCode,
    deckRegions: regionsOfDeckCode(game.deckCode),
    playerName: game.playerName,
    opponentName: game.opponentName,
    clientGameId: game.clientGameId,
    playCount: game.playCount,
    opponentCardCount: game.opponentCardCount,
  };
}

function gameDetail(game: StoredCardGameDetail, catalog: CardCatalog): CardGameDetail {
  const row = gameRow(game);
  return {
    ...row,
    // The stored list is the deck as played, even when its code no longer decodes.
    deckRegions: row.deckRegions.length > 0 ? row.deckRegions : regionsOfDeck(game.deck),
    deck: game.deck
      .map((card) => ({ card: describeCard(catalog, card.code), count: card.count }))
      .sort((a, b) => compareCards(a.card, b.card)),
    plays: game.plays.map((play) => ({ card: describeCard(catalog, play.code), at: play.at })),
    opponentCards: game.opponentCards.map((card) => ({
      card: describeCard(catalog, card.code),
      count: card.count,
    })),
  };
}
