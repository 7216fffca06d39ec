import type { BoardCard, CardBoard } from '@shared/contract';
import { describeCard, type CardCatalog } from './catalog/cardCatalog';
import {
  FACE_CARD_CODE,
  IN_PROGRESS,
  type CardRectangle,
  type PositionalRectangles,
} from './cardClientRecords';

/**
 * The board overlay's cards: the last frame's rectangles the player can read, turned top-left, and which of the
 * opponent's cards reached the board last. A pure reducer over the frames the card poller already reads.
 */
export interface BoardTrack {
  /** The last frame of a game in progress; null in menus or when the client does not answer. */
  frame: Pick<PositionalRectangles, 'Screen' | 'Rectangles'> | null;
  /** The opponent's cards on the board in the last frame, by CardID. */
  opponentOnBoard: readonly number[];
  opponentJustPlayed: number | null;
}

export const EMPTY_BOARD_TRACK: BoardTrack = { frame: null, opponentOnBoard: [], opponentJustPlayed: null };

/**
 * The opponent's hand runs along the top edge of the client, its cards face down or half off screen: a
 * rectangle whose top is in the top tenth is one, and is never labelled (the player cannot read it).
 */
const OPPONENT_HAND_TOP = 0.9;

/** Whether the player can read this card in the client: a face-up card, not the opponent's hand. */
export function isReadableCard(rectangle: CardRectangle, screenHeight: number): boolean {
  if (rectangle.CardCode === FACE_CARD_CODE) return false;
  return rectangle.LocalPlayer || rectangle.TopLeftY < screenHeight * OPPONENT_HAND_TOP;
}

export function trackBoard(track: BoardTrack, record: PositionalRectangles): BoardTrack {
  if (record.GameState !== IN_PROGRESS) return EMPTY_BOARD_TRACK;
  const height = record.Screen.ScreenHeight;
  const opponentOnBoard = record.Rectangles.filter(
    (rectangle) => !rectangle.LocalPlayer && isReadableCard(rectangle, height),
  ).map((rectangle) => rectangle.CardID);
  const known = new Set(track.opponentOnBoard);
  const arrived = opponentOnBoard.filter((id) => !known.has(id));
  // CardIDs grow as cards are made: of several arriving in one frame the highest was played last.
  const newest = arrived.length > 0 ? Math.max(...arrived) : null;
  const stillThere =
    track.opponentJustPlayed !== null && opponentOnBoard.includes(track.opponentJustPlayed)
      ? track.opponentJustPlayed
      : null;
  return {
    frame: { Screen: record.Screen, Rectangles: record.Rectangles },
    opponentOnBoard,
    opponentJustPlayed: newest ?? stillThere,
  };
}

/** What the board overlay draws of the track: the readable cards with their names and costs. */
export function cardBoardView(track: BoardTrack, catalog: CardCatalog): CardBoard | null {
  const { frame } = track;
  if (!frame) return null;
  const screen = { width: frame.Screen.ScreenWidth, height: frame.Screen.ScreenHeight };
  const cardsById: Record<number, BoardCard> = {};
  for (const rectangle of frame.Rectangles) {
    if (!isReadableCard(rectangle, screen.height)) continue;
    cardsById[rectangle.CardID] = {
      cardId: rectangle.CardID,
      card: describeCard(catalog, rectangle.CardCode),
      left: rectangle.TopLeftX,
      // The client measures Y from the bottom edge up to the card's top.
      top: screen.height - rectangle.TopLeftY,
      width: rectangle.Width,
      height: rectangle.Height,
      local: rectangle.LocalPlayer,
    };
  }
  return { screen, cardsById, opponentJustPlayed: track.opponentJustPlayed };
}
