import type { CardGameState } from '@shared/contract';
import type { CardRectangle } from '../cardClientRecords';
import { EMPTY_CARD_CATALOG } from '../catalog/cardCatalog';
import { EMPTY_CARD_SESSION, reduceCardSession, type CardSession } from '../cardGameSession';
import { cardGameView } from '../cardTrackerView';

/**
 * A card game that plays itself, one frame a step, through the real session reducer and view: each step the
 * player draws a card and plays one to the board, and the opponent plays one (eight on their board at most), so
 * both trackers have rows that change as a real game's do. For benches that push it to the overlays.
 */
export interface SyntheticCardGame {
  /** Plays one more frame; `at` is the frame's time. */
  step(at: number): void;
  /** The card slice as the hub publishes it. */
  readonly state: CardGameState;
}

const SCREEN = { ScreenWidth: 1920, ScreenHeight: 1080 };
const CODES = Array.from({ length: 40 }, (_, index) => `01DE${String(index).padStart(3, '0')}`);
const DECK = Object.fromEntries(CODES.map((code) => [code, 3]));
const HISTORY = { revision: 0, error: null, unsaved: 0 };

function card(id: number, code: string, slot: number, y: number, local: boolean): CardRectangle {
  return {
    CardID: id,
    CardCode: code,
    TopLeftX: 300 + slot * 110,
    TopLeftY: y,
    Width: 100,
    Height: 150,
    LocalPlayer: local,
  };
}

function frame(index: number): CardRectangle[] {
  const codeOf = (id: number): string => CODES[id % CODES.length] ?? '01DE000';
  const rectangles: CardRectangle[] = [];
  // The hand: the next five cards; the board: the last six played.
  for (let slot = 0; slot < 5; slot += 1)
    rectangles.push(card(index + slot, codeOf(index + slot), slot, 900, true));
  for (let slot = 0; slot < Math.min(index, 6); slot += 1) {
    const id = index - 1 - slot;
    rectangles.push(card(id, codeOf(id), slot, 480, true));
  }
  for (let slot = 0; slot < Math.min(index, 8); slot += 1) {
    const id = index - slot;
    rectangles.push(card(100_000 + id, `01NX${String(id % 30).padStart(3, '0')}`, slot, 250, false));
  }
  return rectangles;
}

export function createSyntheticCardGame(): SyntheticCardGame {
  let session: CardSession = EMPTY_CARD_SESSION;
  let frames = 0;
  let state = cardGameView(session, EMPTY_CARD_CATALOG, HISTORY);
  return {
    step(at) {
      const record = {
        PlayerName: 'bench',
        OpponentName: 'opponent',
        GameState: 'InProgress',
        Screen: SCREEN,
        Rectangles: frame(frames),
      };
      session = reduceCardSession(session, { kind: 'rectangles', at, record });
      if (frames === 0) {
        session = reduceCardSession(session, {
          kind: 'decklist',
          at,
          record: { DeckCode: null, CardsInDeck: DECK },
        });
      }
      frames += 1;
      state = cardGameView(session, EMPTY_CARD_CATALOG, HISTORY);
    },
    get state() {
      return state;
    },
  };
}
