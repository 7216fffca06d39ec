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
 * Card games that play themselves, one frame a step, through the real session reducer and view: each step the
 * player draws a card and plays one to the board, and the opponent plays one (eight on their board at most), so
 * both trackers have rows that change as a real game's do, and the board overlay labels that move. A game ends
 * when the player's 40-card deck has five left and the next begins at once against another opponent, so a bench
 * that plays for minutes always measures a deck still being drawn. For benches that push it to the overlays.
 */
export interface SyntheticCardGame {
  /** Plays one more frame; `at` is the frame's time. */
  step(at: number): void;
  /** The card slice as the hub publishes it. */
  readonly state: CardGameState;
}

const SCREEN = { ScreenWidth: 1920, ScreenHeight: 1080 };
/** A legal deck of `set` cards: 40 cards, 14 codes of three copies but two of two. */
const legalDeck = (set: string): Record<string, number> =>
  Object.fromEntries(
    Array.from({ length: 14 }, (_, index) => [`${set}${String(index).padStart(3, '0')}`, index < 12 ? 3 : 2]),
  );
/** A deck in the order drawn: a fixed shuffle (every 17th card of the list) that spreads out each code's copies. */
function drawOrder(deck: Record<string, number>): string[] {
  const listed = Object.entries(deck).flatMap(([code, copies]) => Array<string>(copies).fill(code));
  return listed.map((_, index) => listed[(index * 17) % listed.length] ?? '');
}
const DECK = legalDeck('01DE');
const DRAW_ORDER = drawOrder(DECK);
/**
 * What the opponent plays, in order: a legal deck too, so the opponent's list grows to its 14 codes in a game and
 * then counts copies, as a real opponent's does (a list of 30 codes in 35 plays no legal deck makes).
 */
const OPPONENT_PLAYS = drawOrder(legalDeck('01NX'));
const HAND = 5;
/** Frames a game lasts: until five cards are left in the deck, in hand. */
export const SYNTHETIC_GAME_FRAMES = DRAW_ORDER.length - HAND;
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

/** Frame `index` of game `game`: the hand is the next five cards of the deck, the board the last six played. */
function frame(game: number, index: number): CardRectangle[] {
  // Each game's cards have their own ids, as the client numbers them.
  const idOf = (position: number): number => 1000 + game * 1000 + position;
  const rectangles: CardRectangle[] = [...FACES];
  for (let slot = 0; slot < HAND; slot += 1) {
    const position = index + slot;
    rectangles.push(card(idOf(position), DRAW_ORDER[position] ?? '01DE000', slot, 'hand', true));
  }
  for (let slot = 0; slot < Math.min(index, 6); slot += 1) {
    const position = index - 1 - slot;
    rectangles.push(card(idOf(position), DRAW_ORDER[position] ?? '01DE000', slot, 'localBoard', true));
  }
  for (let slot = 0; slot < Math.min(index, 8); slot += 1) {
    const id = index - slot;
    rectangles.push(
      card(
        100_000 + idOf(id),
        OPPONENT_PLAYS[id % OPPONENT_PLAYS.length] ?? '01NX000',
        slot,
        'opponentBoard',
        false,
      ),
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
      const game = Math.floor(frames / SYNTHETIC_GAME_FRAMES);
      const index = frames % SYNTHETIC_GAME_FRAMES;
      const record = {
        PlayerName: 'bench',
        // Another opponent: the session closes the last game and starts this one.
        OpponentName: `opponent ${game + 1}`,
        GameState: 'InProgress',
        Screen: SCREEN,
        Rectangles: frame(game, index),
      };
      session = reduceCardSession(session, { kind: 'rectangles', at, record });
      // Only the games the bench is in: the ones over are not kept.
      session = { ...session, finished: [] };
      board = trackBoard(board, record);
      if (index === 0) {
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
