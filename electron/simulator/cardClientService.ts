import type { CardRectangle, CardScenario, CardScreen } from './cardScenario';
import { isWithin } from './intervals';
import { methodNotAllowed, notFound, ok } from './serviceResponse';
import type { ServiceRequest, ServiceResponse } from './serviceResponse';

/** The card client's local API: http://127.0.0.1:21337 (spec 2 §2.4, §3, §4.2). */

/**
 * GameID before any game completes after a client start. Public client libraries document -1, others
 * read 0; the app must not care, so the simulator plays either.
 */
export type GameIdStart = -1 | 0;
export const GAME_ID_STARTS: readonly GameIdStart[] = [-1, 0];

export interface CardClientView {
  staticDecklist: { DeckCode: string | null; CardsInDeck: Record<string, number> | null };
  positionalRectangles: {
    PlayerName: string | null;
    OpponentName: string | null;
    GameState: 'Menus' | 'InProgress';
    Screen: CardScreen;
    Rectangles: CardRectangle[];
  };
  gameResult: { GameID: number; LocalPlayerWon: boolean };
}

const MENUS_SCREEN: CardScreen = { ScreenWidth: 1, ScreenHeight: 1 };
const DEFAULT_GAME_SCREEN: CardScreen = { ScreenWidth: 1920, ScreenHeight: 1080 };

function menus(gameResult: CardClientView['gameResult']): CardClientView {
  return {
    staticDecklist: { DeckCode: null, CardsInDeck: null },
    positionalRectangles: {
      PlayerName: null,
      OpponentName: null,
      GameState: 'Menus',
      Screen: MENUS_SCREEN,
      Rectangles: [],
    },
    gameResult,
  };
}

/** What the three endpoints answer at scenario time t: the timeline folded up to t. */
export function cardClientAt(card: CardScenario, t: number, gameIdStart: GameIdStart = 0): CardClientView {
  const started = { GameID: gameIdStart, LocalPlayerWon: false };
  let view = menus(started);
  for (const step of card.timeline) {
    if (step.at > t) break;
    switch (step.kind) {
      case 'menus':
        view = menus(view.gameResult);
        break;
      case 'restart':
        view = menus(started);
        break;
      case 'result':
        view = menus({
          GameID: step.GameID ?? view.gameResult.GameID + 1,
          LocalPlayerWon: step.LocalPlayerWon,
        });
        break;
      case 'game': {
        const previous = view.positionalRectangles.GameState === 'InProgress' ? view : null;
        view = {
          staticDecklist: {
            DeckCode: step.DeckCode ?? previous?.staticDecklist.DeckCode ?? null,
            CardsInDeck: step.CardsInDeck ?? previous?.staticDecklist.CardsInDeck ?? null,
          },
          positionalRectangles: {
            PlayerName: step.PlayerName ?? previous?.positionalRectangles.PlayerName ?? null,
            OpponentName: step.OpponentName ?? previous?.positionalRectangles.OpponentName ?? null,
            GameState: 'InProgress',
            Screen: step.Screen ?? previous?.positionalRectangles.Screen ?? DEFAULT_GAME_SCREEN,
            Rectangles: step.Rectangles,
          },
          gameResult: view.gameResult,
        };
        break;
      }
    }
  }
  return view;
}

export interface CardClientService {
  /** False when the client is not running (connection refused). */
  isRunning(): boolean;
  view(): CardClientView;
  handle(request: ServiceRequest): ServiceResponse;
  /** The client process started again: GameID starts over, at its start value, from now on. */
  restartCounters(): void;
}

export function createCardClientService(
  card: CardScenario | undefined,
  scenarioSeconds: () => number,
  gameIdStart: GameIdStart = 0,
): CardClientService {
  let gameIdShift = 0;
  const scripted = (): CardClientView =>
    card
      ? cardClientAt(card, scenarioSeconds(), gameIdStart)
      : menus({ GameID: gameIdStart, LocalPlayerWon: false });
  const view = (): CardClientView => {
    const seen = scripted();
    if (gameIdShift === 0) return seen;
    return { ...seen, gameResult: { ...seen.gameResult, GameID: seen.gameResult.GameID + gameIdShift } };
  };
  return {
    restartCounters() {
      gameIdShift = gameIdStart - scripted().gameResult.GameID;
    },
    isRunning: () => card !== undefined && !isWithin(card.absent, scenarioSeconds()),
    view,
    handle(request) {
      const route = {
        '/static-decklist': 'staticDecklist',
        '/positional-rectangles': 'positionalRectangles',
        '/game-result': 'gameResult',
      } as const;
      const key = route[request.path as keyof typeof route] as keyof CardClientView | undefined;
      if (!key) return notFound(`No resource at ${request.path}`);
      if (request.method !== 'GET') return methodNotAllowed(request);
      return ok(view()[key]);
    },
  };
}
