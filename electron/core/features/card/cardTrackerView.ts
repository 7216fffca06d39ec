import type { CardBoard, CardGameState, CardHistoryStatus, TrackedCardGame } from '@shared/contract';
import { compareCards, describeCard, type CardCatalog } from './catalog/cardCatalog';
import type { ActiveCardGame, CardSession } from './cardGameSession';
import { deckCounts, opponentCounts } from './deckTracker';

/** What the views get: the session's game with counts and card data, ready to draw. */
export function cardGameView(
  session: CardSession,
  catalog: CardCatalog,
  history: CardHistoryStatus,
  board: CardBoard | null = null,
): CardGameState {
  const last = session.lastFinished;
  return {
    phase: session.phase,
    game: session.game ? trackedGameView(session.game, session.phase === 'in-game', catalog) : null,
    lastGame: last
      ? {
          result: last.result,
          opponentName: last.opponentName,
          deckCode: last.deckCode,
          endedAt: last.endedAt,
        }
      : null,
    history,
    board,
  };
}

function trackedGameView(game: ActiveCardGame, live: boolean, catalog: CardCatalog): TrackedCardGame {
  const { tracker } = game;
  const deck = deckCounts(tracker)
    .map(({ code, total, left }) => ({ card: describeCard(catalog, code), total, left }))
    .sort((a, b) => compareCards(a.card, b.card));
  const deckSize = deck.reduce((sum, row) => sum + row.total, 0);
  const cardsLeft = deck.reduce((sum, row) => sum + row.left, 0);
  return {
    startedAt: game.startedAt,
    playerName: game.playerName,
    opponentName: game.opponentName,
    deckCode: tracker.deckCode,
    mulligan: live && tracker.mulligan,
    deck,
    deckSize,
    cardsLeft,
    drawn: deckSize - cardsLeft,
    inHand: tracker.inHand,
    plays: tracker.plays.map((play) => ({ card: describeCard(catalog, play.code), at: play.at })),
    opponentCards: opponentCounts(tracker).map(({ code, count }) => ({
      card: describeCard(catalog, code),
      count,
    })),
  };
}
