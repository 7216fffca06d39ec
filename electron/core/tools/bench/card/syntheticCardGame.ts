import type { CardGameState } from '@shared/contract';
import type { CardRectangle } from '../../../features/card/cardClientRecords';
import {
  cardBoardView,
  EMPTY_BOARD_TRACK,
  trackBoard,
  type BoardTrack,
} from '../../../features/card/cardBoard';
import { EMPTY_CARD_CATALOG } from '../../../features/card/catalog/cardCatalog';
import {
  EMPTY_CARD_SESSION,
  reduceCardSession,
  type CardSession,
} from '../../../features/card/cardGameSession';
import { cardGameView } from '../../../features/card/cardTrackerView';

/**
 * A card game that plays itself, one frame a step, through the real session reducer and view: each step the
 * player draws a card and plays one to the board, and the opponent plays one (eight on their board at most), so
 * both trackers have rows that change as a real game's do, and the board overlay labels that move. For benches that push it to the overlays.
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

/**
 * Where the card client draws each kind of card on a 1920×1080 screen, as the card client simulator's
 * scenarios have it (Y measured from the bottom): the hand low and large, each board in its row of small
 * cards, each player's face (which trackers skip).
 */
const PLACES = {
  hand: { TopLeftY: 250, Width: 180, Height: 270, step: 110 },
  localBoard: { TopLeftY: 480, Width: 110, Height: 150, step: 115 },
  opponentBoard: { TopLeftY: 760, Width: 110, Height: 150, step: 115 },
} as const;
const FACES: CardRectangle[] = [
  { CardID: 1, CardCode: 'face', TopLeftX: 140, TopLeftY: 430, Width: 120, Height: 120, LocalPlayer: true },
  { CardID: 2, CardCode: 'face', TopLeftX: 140, TopLeftY: 770, Width: 120, Height: 120, LocalPlayer: false },
];

function card(
  id: number,
  code: string,
  slot: number,
  place: keyof typeof PLACES,
  local: boolean,
): CardRectangle {
  const { step, ...size } = PLACES[place];
  return { CardID: id, CardCode: code, TopLeftX: 600 + slot * step, ...size, LocalPlayer: local };
}

function frame(index: number): CardRectangle[] {
  const codeOf = (id: number): string => CODES[id % CODES.length] ?? '01DE000';
  const rectangles: CardRectangle[] = [...FACES];
  // The hand: the next five cards; the board: the last six played.
  for (let slot = 0; slot < 5; slot += 1)
    rectangles.push(card(1000 + index + slot, codeOf(index + slot), slot, 'hand', true));
  for (let slot = 0; slot < Math.min(index, 6); slot += 1) {
    const id = index - 1 - slot;
    rectangles.push(card(1000 + id, codeOf(id), slot, 'localBoard', true));
  }
  for (let slot = 0; slot < Math.min(index, 8); slot += 1) {
    const id = index - slot;
    rectangles.push(
      card(100_000 + id, `01NX${String(id % 30).padStart(3, '0')}`, slot, 'opponentBoard', false),
    );
  }
  return rectangles;
}

export function createSyntheticCardGame(): SyntheticCardGame {
  let session: CardSession = EMPTY_CARD_SESSION;
  let board: BoardTrack = EMPTY_BOARD_TRACK;
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
      board = trackBoard(board, record);
      if (frames === 0) {
        session = reduceCardSession(session, {
          kind: 'decklist',
          at,
          record: { DeckCode: null, CardsInDeck: DECK },
        });
      }
      frames += 1;
      state = cardGameView(session, EMPTY_CARD_CATALOG, HISTORY, cardBoardView(board, EMPTY_CARD_CATALOG));
    },
    get state() {
      return state;
    },
  };
}
