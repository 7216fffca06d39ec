/**
 * The card game: the deck tracker of the game in progress (pushed state; its match history is in history.ts).
 * Only what the client itself shows: counts of the user's own deck, the opponent's cards that were on the
 * board. No draw odds, no play suggestions, no guess at the opponent's deck.
 */

/** A card as the UI shows it. Without card data only `code` and `faction` are known: the UI shows the code. */
export interface CardInfo {
  code: string;
  name: string | null;
  cost: number | null;
  /** The region's display name ("Demacia"), when the card data is loaded. */
  region: string | null;
  /** The two region letters of the code ("DE"), always known for a well-formed code; '' otherwise. */
  faction: string;
  /** The card's art (full illustration), when the card data has it. */
  artUrl: string | null;
  /** A champion card (either level), as the card data says; false when it is unknown. */
  champion: boolean;
}

export interface DeckTrackerRow {
  card: CardInfo;
  /** Copies in the deck list. */
  total: number;
  /** Copies not yet drawn. */
  left: number;
}

export interface SeenCardRow {
  card: CardInfo;
  count: number;
}

export interface CardPlay {
  card: CardInfo;
  /** Epoch ms when the card left the hand. */
  at: number;
}

export type CardGameResult = 'win' | 'loss' | 'unknown';
export const CARD_GAME_RESULTS = ['win', 'loss', 'unknown'] as const satisfies readonly CardGameResult[];

export interface TrackedCardGame {
  /** Epoch ms of the first frame of the game. */
  startedAt: number;
  playerName: string | null;
  opponentName: string | null;
  deckCode: string | null;
  /** True until the opening hand is kept. */
  mulligan: boolean;
  /** Sorted by cost, then name; empty until the deck list is read. */
  deck: DeckTrackerRow[];
  deckSize: number;
  cardsLeft: number;
  /** Cards of the deck drawn so far (the opening hand included). */
  drawn: number;
  /** The local player's cards in hand in the last frame. */
  inHand: number;
  /** The local player's plays, oldest first. */
  plays: CardPlay[];
  /** The opponent's cards seen on the board, by card, in the order first seen. */
  opponentCards: SeenCardRow[];
}

export interface LastCardGame {
  result: CardGameResult;
  opponentName: string | null;
  deckCode: string | null;
  endedAt: number;
}

export interface CardHistoryStatus {
  /** Goes up whenever a game is recorded or deleted, so history views refetch. */
  revision: number;
  /** Why the history database cannot be used, in words the UI can show; null when it works. */
  error: string | null;
  /** Finished games kept in memory because they could not be written yet. */
  unsaved: number;
}

/**
 * A card where the client draws it, in the client's screen pixels from its top-left corner (the client
 * measures Y from the bottom; the core turns it over once, so views only scale).
 */
export interface BoardCard {
  cardId: number;
  card: CardInfo;
  left: number;
  top: number;
  width: number;
  height: number;
  local: boolean;
}

/**
 * The cards the client shows face up in the last frame of a game, for the board overlay to label where they
 * are: never a face-down card nor the opponent's hand, which the player cannot read either.
 */
export interface CardBoard {
  screen: { width: number; height: number };
  /**
   * By card id, not in the frame's order: a card that stays where it was is the same entry in the next frame, so
   * the state diff sends nothing of it (a list would be patched by position, each slot rewritten as cards shift)
   * and its label skips rendering.
   */
  cardsById: Record<number, BoardCard>;
  /** The opponent's card that most recently reached the board, while it is still on it. */
  opponentJustPlayed: number | null;
}

export interface CardGameState {
  /** no-game: menus or no client; in-game: a game is tracked; ended: waiting for its result. */
  phase: 'no-game' | 'in-game' | 'ended';
  game: TrackedCardGame | null;
  lastGame: LastCardGame | null;
  history: CardHistoryStatus;
  /** The cards on screen in the last frame of a game in progress; null in menus or without a client. */
  board: CardBoard | null;
}

export const INITIAL_CARD_GAME_STATE: CardGameState = {
  phase: 'no-game',
  game: null,
  lastGame: null,
  history: { revision: 0, error: null, unsaved: 0 },
  board: null,
};
