import { decodeDeckCode } from './deckCode/deckCode';
import type { CardGameRecord } from '../history/cardGameRecords';
import {
  IN_PROGRESS,
  type GameResult,
  type PositionalRectangles,
  type StaticDecklist,
} from './cardClientRecords';
import {
  EMPTY_DECK_TRACKER,
  opponentCounts,
  trackFrame,
  withDeckList,
  type DeckTrackerState,
} from './deckTracker';

/**
 * The card client session: which game is being tracked, when it ended and with what result. A pure
 * reducer over what the poller read; the poller asks `sessionNeeds` which endpoints to read next and
 * writes the games `finished` holds.
 */

export interface ActiveCardGame {
  startedAt: number;
  playerName: string | null;
  opponentName: string | null;
  tracker: DeckTrackerState;
  /** When static-decklist last answered during this game. */
  decklistReadAt: number | null;
  /**
   * The client's GameID while the game ran (or, when none could be read then, the first one read after
   * it); the next value after it is this game's result.
   */
  baselineGameId: number | null;
  baselineAttempts: number;
  /**
   * The client stopped answering since the baseline was read, so it may have restarted and started
   * GameID over: the baseline is read again once it answers during the game.
   */
  clientRestarted: boolean;
}

/** A game over, summarized as the history stores it. */
export type FinishedCardGame = CardGameRecord;

export interface CardSession {
  phase: 'no-game' | 'in-game' | 'ended';
  game: ActiveCardGame | null;
  /** When the game was seen to end (phase 'ended'). */
  endedAt: number | null;
  /** The client closed (refused) since the game ended: it starts GameID over and will not count the game. */
  closedSinceEnd: boolean;
  /** Games over, oldest first, until the poller has written them. */
  finished: FinishedCardGame[];
  lastFinished: FinishedCardGame | null;
}

export type CardClientEvent =
  | { kind: 'rectangles'; at: number; record: PositionalRectangles }
  | { kind: 'decklist'; at: number; record: StaticDecklist }
  | { kind: 'result'; at: number; record: GameResult }
  /** game-result did not answer usably. */
  | { kind: 'no-result'; at: number }
  /**
   * No answer: `refused` when nothing listens (the client closed or is restarting), otherwise a poll it
   * missed (a timeout).
   */
  | { kind: 'unreachable'; at: number; refused: boolean };

export const EMPTY_CARD_SESSION: CardSession = {
  phase: 'no-game',
  game: null,
  endedAt: null,
  closedSinceEnd: false,
  finished: [],
  lastFinished: null,
};

const MAX_BASELINE_ATTEMPTS = 5;
/** static-decklist is read again this often during a game, to see the deck code change. */
export const DECKLIST_RECHECK_MS = 10_000;

export function reduceCardSession(session: CardSession, event: CardClientEvent): CardSession {
  switch (event.kind) {
    case 'rectangles':
      return onRectangles(session, event.record, event.at);
    case 'decklist':
      return onDecklist(session, event.record, event.at);
    case 'result':
      return onResult(session, event.record);
    case 'no-result':
      return onNoResult(session);
    case 'unreachable':
      return onUnreachable(session, event.refused);
  }
}

function onRectangles(session: CardSession, record: PositionalRectangles, at: number): CardSession {
  const game = session.game;
  if (record.GameState !== IN_PROGRESS) {
    if (session.phase !== 'in-game') return session;
    return { ...session, phase: 'ended', endedAt: at, closedSinceEnd: false };
  }
  if (!game || session.phase === 'no-game') return startGame(session, record, at);
  if (!samePlayers(game, record)) {
    // A new game began without menus in between (or while we were away): the old one has no result.
    const closed = finish(session, game, game.tracker.lastFrameAt ?? at, null);
    return startGame(closed, record, at);
  }
  // In progress again after menus with the same players: the client reconnected to the same game.
  return {
    ...session,
    phase: 'in-game',
    endedAt: null,
    game: {
      ...game,
      playerName: game.playerName ?? record.PlayerName,
      opponentName: game.opponentName ?? record.OpponentName,
      tracker: trackFrame(game.tracker, frameOf(record, at)),
    },
  };
}

function startGame(session: CardSession, record: PositionalRectangles, at: number): CardSession {
  const game: ActiveCardGame = {
    startedAt: at,
    playerName: record.PlayerName,
    opponentName: record.OpponentName,
    tracker: trackFrame(EMPTY_DECK_TRACKER, frameOf(record, at)),
    decklistReadAt: null,
    baselineGameId: null,
    baselineAttempts: 0,
    clientRestarted: false,
  };
  return { ...session, phase: 'in-game', game, endedAt: null };
}

function samePlayers(game: ActiveCardGame, record: PositionalRectangles): boolean {
  const same = (known: string | null, seen: string | null) =>
    known === null || seen === null || known === seen;
  return same(game.playerName, record.PlayerName) && same(game.opponentName, record.OpponentName);
}

function frameOf(record: PositionalRectangles, at: number) {
  return {
    at,
    screen: { width: record.Screen.ScreenWidth, height: record.Screen.ScreenHeight },
    rectangles: record.Rectangles,
  };
}

function onDecklist(session: CardSession, record: StaticDecklist, at: number): CardSession {
  const game = session.game;
  if (!game || session.phase !== 'in-game') return session;
  const deck = deckOf(record);
  if (!deck) return { ...session, game: { ...game, decklistReadAt: at } };
  return {
    ...session,
    game: { ...game, decklistReadAt: at, tracker: withDeckList(game.tracker, record.DeckCode, deck) },
  };
}

/** CardsInDeck, or the deck decoded from DeckCode when the client left the list out. */
function deckOf(record: StaticDecklist): Record<string, number> | null {
  const listed = record.CardsInDeck;
  if (listed && Object.values(listed).some((count) => count > 0)) return listed;
  if (!record.DeckCode) return null;
  const decoded = decodeDeckCode(record.DeckCode);
  if (!decoded.ok) return null;
  return Object.fromEntries(decoded.value.map((card) => [card.cardCode, card.count]));
}

function onResult(session: CardSession, record: GameResult): CardSession {
  const game = session.game;
  if (!game) return session;
  if (session.phase === 'in-game') {
    if (!needsBaseline(game)) return session;
    return {
      ...session,
      game: { ...game, baselineGameId: record.GameID, baselineAttempts: 0, clientRestarted: false },
    };
  }
  if (session.phase !== 'ended') return session;
  if (game.baselineGameId === null) {
    // Nothing was read while the game ran: this value is what a change is measured against.
    return { ...session, game: { ...game, baselineGameId: record.GameID } };
  }
  switch (resultFor(game.baselineGameId, record)) {
    case 'this-game':
      return finish(session, game, session.endedAt ?? 0, record);
    case 'a-later-game':
      return finish(session, game, session.endedAt ?? 0, null);
    case 'not-yet':
      // The same GameID from a client that closed since: it restarted and will never count this game.
      return session.closedSinceEnd ? finish(session, game, session.endedAt ?? 0, null) : session;
  }
}

/**
 * Whose result game-result shows, from how GameID changed since the baseline, never from its value:
 * clients start it at -1 or at 0. The next GameID is this game's; the same one means the client has
 * not counted the game yet; any other means games were missed (the app was suspended) or the client
 * restarted after the game, so the result shown is not this game's.
 */
function resultFor(baseline: number, record: GameResult): 'this-game' | 'a-later-game' | 'not-yet' {
  if (record.GameID === baseline + 1) return 'this-game';
  return record.GameID === baseline ? 'not-yet' : 'a-later-game';
}

/** During a game: no GameID read yet, or the one read predates an outage (the client may have restarted). */
function needsBaseline(game: ActiveCardGame): boolean {
  return game.baselineGameId === null || game.clientRestarted;
}

function onNoResult(session: CardSession): CardSession {
  const game = session.game;
  if (!game || session.phase === 'ended') return session;
  if (!needsBaseline(game)) return session;
  return { ...session, game: { ...game, baselineAttempts: game.baselineAttempts + 1 } };
}

function onUnreachable(session: CardSession, refused: boolean): CardSession {
  const game = session.game;
  if (!game) return session;
  if (session.phase === 'ended') {
    // The baseline stays: a client that only missed a poll shows the next GameID once it counts the
    // game; one that closed (refused) and came back with the same GameID has forgotten it.
    return refused ? { ...session, closedSinceEnd: true } : session;
  }
  return { ...session, game: { ...game, clientRestarted: true, baselineAttempts: 0 } };
}

function finish(
  session: CardSession,
  game: ActiveCardGame,
  endedAt: number,
  result: GameResult | null,
): CardSession {
  const summary = summarizeGame(game, endedAt, result);
  return {
    ...session,
    phase: 'no-game',
    game: null,
    endedAt: null,
    closedSinceEnd: false,
    finished: [...session.finished, summary],
    lastFinished: summary,
  };
}

export function summarizeGame(
  game: ActiveCardGame,
  endedAt: number,
  result: GameResult | null,
): FinishedCardGame {
  return {
    startedAt: game.startedAt,
    endedAt: Math.max(endedAt, game.startedAt),
    clientGameId: result?.GameID ?? null,
    deckCode: game.tracker.deckCode,
    deck: game.tracker.deck,
    playerName: game.playerName,
    opponentName: game.opponentName,
    result: result ? (result.LocalPlayerWon ? 'win' : 'loss') : 'unknown',
    plays: game.tracker.plays.map(({ code, at }) => ({ code, at })),
    opponentCards: opponentCounts(game.tracker),
  };
}

export interface SessionNeeds {
  decklist: boolean;
  result: boolean;
}

/** Which endpoints besides positional-rectangles the next cycle should read. */
export function sessionNeeds(session: CardSession, now: number): SessionNeeds {
  const game = session.game;
  if (!game) return { decklist: false, result: false };
  if (session.phase === 'ended') return { decklist: false, result: true };
  const decklist =
    game.tracker.deck === null ||
    game.decklistReadAt === null ||
    now - game.decklistReadAt >= DECKLIST_RECHECK_MS;
  const result = needsBaseline(game) && game.baselineAttempts < MAX_BASELINE_ATTEMPTS;
  return { decklist, result };
}

/** Hands the finished games to the writer and forgets them. */
export function takeFinished(session: CardSession): { games: FinishedCardGame[]; session: CardSession } {
  if (session.finished.length === 0) return { games: [], session };
  return { games: session.finished, session: { ...session, finished: [] } };
}

// Saved progress, so a restarted app resumes the game it was tracking.

export interface SavedCardSession {
  phase: 'in-game' | 'ended';
  game: ActiveCardGame;
  endedAt: number | null;
  savedAt: number;
}

/** Progress older than this is not resumed: that game is long over. */
export const MAX_RESUME_AGE_MS = 60 * 60 * 1000;

export function saveCardSession(session: CardSession, now: number): SavedCardSession | null {
  if (!session.game || session.phase === 'no-game') return null;
  return { phase: session.phase, game: session.game, endedAt: session.endedAt, savedAt: now };
}

export function resumeCardSession(saved: SavedCardSession | null, now: number): CardSession {
  if (!saved || now - saved.savedAt > MAX_RESUME_AGE_MS || now < saved.savedAt - MAX_RESUME_AGE_MS) {
    return EMPTY_CARD_SESSION;
  }
  return { ...EMPTY_CARD_SESSION, phase: saved.phase, game: saved.game, endedAt: saved.endedAt };
}
