import { FACE_CARD_CODE, type CardRectangle } from './cardClientRecords';

/**
 * The deck tracker: a pure reducer over the frames of one game (positional-rectangles answers).
 *
 * - CardID is unique per card instance, so a card is drawn once however often it is seen.
 * - A local card seen in the hand area came from the deck (or was created there); one that leaves the
 *   hand for the board or the stack was played. `face` rectangles are not cards.
 * - Rectangles flicker between polls: a card once seen stays drawn, a card that vanishes from the hand
 *   counts as played only after several frames in which the hand was visible, and one that pops out of
 *   the hand and straight back (hovered, flickered) is not a play.
 * - The mulligan: replaced cards go back into the deck, so until the opening hand is kept the hand is
 *   what the latest full frame shows, and the first full hand after it drops any replaced card a poll missed.
 *
 * The state is plain JSON so it can be saved and a restarted app can resume the game. A frame uses the
 * state it is given up: its cards, plays and sightings grow in place into the state returned, as copying
 * them on every frame made a game of n frames cost n². Keep only the state returned.
 */

export interface TrackerFrame {
  /** Epoch ms the frame was read. */
  at: number;
  screen: { width: number; height: number };
  rectangles: readonly CardRectangle[];
}

export type CardZone = 'hand' | 'board' | 'gone';

export interface TrackedCard {
  cardId: number;
  code: string;
  zone: CardZone;
  /** When it was first seen in the hand; null for cards that only ever appeared elsewhere. */
  drawnAt: number | null;
  /** Frames since it last left the hand. */
  framesOutOfHand: number;
  /** Frames in a row (with the hand visible) it has been missing from, and since when. */
  missingFrames: number;
  missingSince: number | null;
}

export interface LocalPlay {
  cardId: number;
  code: string;
  at: number;
}

export interface OpponentSighting {
  cardId: number;
  code: string;
  at: number;
}

export interface DeckTrackerState {
  deckCode: string | null;
  /** CardsInDeck: the starting deck; it does not change as cards are played. null until read. */
  deck: Record<string, number> | null;
  mulligan: boolean;
  /** CardIDs of the opening hand while the mulligan lasts. */
  openingHand: number[];
  /** The local player's cards by CardID. */
  local: Record<string, TrackedCard>;
  /** Oldest first. */
  plays: LocalPlay[];
  /** One per opponent card instance, in the order first seen. */
  opponent: OpponentSighting[];
  /** Local cards in the hand in the last frame that showed any. */
  inHand: number;
  lastFrameAt: number | null;
}

export const OPENING_HAND_SIZE = 4;
/** A card out of the hand for at most this many frames and back was hovered or flickered, not played. */
export const FLICKER_FRAMES = 2;
/** Frames a card must be missing from a visible hand before it counts as played (burst spells, discards). */
export const VANISH_FRAMES = 3;

export const EMPTY_DECK_TRACKER: DeckTrackerState = {
  deckCode: null,
  deck: null,
  mulligan: true,
  openingHand: [],
  local: {},
  plays: [],
  opponent: [],
  inHand: 0,
  lastFrameAt: null,
};

/** The hand area as the best open-source tracker reads it: low on the screen and card-sized. */
export function isInHand(rectangle: CardRectangle, screen: TrackerFrame['screen']): boolean {
  return rectangle.TopLeftY < screen.height / 2 && rectangle.Height > screen.height / 5.2;
}

function isBoardSized(rectangle: CardRectangle, screen: TrackerFrame['screen']): boolean {
  return rectangle.Height <= screen.height / 5.2;
}

/** Applies the deck list (read at the start, and again whenever the deck code changes). */
export function withDeckList(
  state: DeckTrackerState,
  deckCode: string | null,
  deck: Record<string, number>,
): DeckTrackerState {
  if (state.deckCode === deckCode && state.deck !== null && sameCounts(state.deck, deck)) return state;
  return { ...state, deckCode, deck: { ...deck } };
}

/** States trackFrame made that no frame has used yet: theirs to grow in place. */
const growable = new WeakSet<DeckTrackerState>();
/** Growable states a frame has used: their collections now hold a later frame's. */
const usedUp = new WeakSet<DeckTrackerState>();
/**
 * By a growable state's card record: the cards that change while not seen (in the hand, or out of it for
 * at most FLICKER_FRAMES), so a frame visits those and the cards it shows, never every card of the game.
 */
const liveCards = new WeakMap<DeckTrackerState['local'], Set<number>>();
/** By a growable state's sightings: the CardIDs they hold. */
const sightedIds = new WeakMap<OpponentSighting[], Set<number>>();

export function trackFrame(state: DeckTrackerState, frame: TrackerFrame): DeckTrackerState {
  if (usedUp.has(state)) {
    throw new Error('This deck tracker state was already used by a frame: pass on the state it returned');
  }
  const cards = frame.rectangles.filter((rectangle) => rectangle.CardCode !== FACE_CARD_CODE);
  const local = cards.filter((rectangle) => rectangle.LocalPlayer);
  const opponent = cards.filter((rectangle) => !rectangle.LocalPlayer);
  // Anything else (the empty state, a resumed one, one withDeckList made) is copied once, then grows.
  const owned = growable.delete(state);
  if (owned) usedUp.add(state);
  const own: DeckTrackerState = owned
    ? state
    : { ...state, local: { ...state.local }, plays: [...state.plays], opponent: [...state.opponent] };
  const next: DeckTrackerState = {
    ...own,
    opponent: trackOpponent(own.opponent, opponent, frame.at),
    lastFrameAt: frame.at,
  };

  const mulliganOver =
    local.length > OPENING_HAND_SIZE ||
    opponent.length > 0 ||
    local.some((rectangle) => isBoardSized(rectangle, frame.screen));
  const after =
    state.mulligan && !mulliganOver
      ? trackMulligan(next, local, frame.at)
      : trackPlaying(
          {
            ...next,
            local: state.mulligan ? withoutReplacedCards(next, local, frame.screen) : next.local,
            mulligan: false,
            openingHand: [],
          },
          local,
          frame,
        );
  growable.add(after);
  return after;
}

/**
 * A slow poll can miss the swap: the mulligan hand, then straight away the hand with the first draw. Cards of
 * the mulligan hand missing from that first full hand went back into the deck (a card played in the very
 * second of the draw would be taken for one too: rarer than a missed poll).
 */
function withoutReplacedCards(
  state: DeckTrackerState,
  local: CardRectangle[],
  screen: TrackerFrame['screen'],
): DeckTrackerState['local'] {
  const shown = new Set(local.map((rectangle) => rectangle.CardID));
  const handShown = local.filter((rectangle) => isInHand(rectangle, screen)).length;
  if (handShown < OPENING_HAND_SIZE) return state.local;
  const replaced = new Set(state.openingHand.filter((cardId) => !shown.has(cardId)));
  if (replaced.size === 0) return state.local;
  return Object.fromEntries(Object.entries(state.local).filter(([, card]) => !replaced.has(card.cardId)));
}

/** Adds the opponent's cards not seen before to `seen` (the state's own), in the order first seen. */
function trackOpponent(
  seen: OpponentSighting[],
  rectangles: CardRectangle[],
  at: number,
): OpponentSighting[] {
  const known = sightedIds.get(seen) ?? new Set(seen.map((sighting) => sighting.cardId));
  for (const rectangle of rectangles) {
    if (known.has(rectangle.CardID)) continue;
    known.add(rectangle.CardID);
    seen.push({ cardId: rectangle.CardID, code: rectangle.CardCode, at });
  }
  sightedIds.set(seen, known);
  return seen;
}

// During the mulligan a full frame is the hand; a short one (a card mid-swap, a flicker) only adds to it.
function trackMulligan(state: DeckTrackerState, local: CardRectangle[], at: number): DeckTrackerState {
  const ids = local.map((rectangle) => rectangle.CardID);
  const hand = ids.length >= OPENING_HAND_SIZE ? ids : [...new Set([...state.openingHand, ...ids])];
  const cards: Record<string, TrackedCard> = {};
  for (const cardId of hand) {
    const previous = state.local[cardId];
    const rectangle = local.find((candidate) => candidate.CardID === cardId);
    const code = previous?.code ?? rectangle?.CardCode;
    if (code === undefined) continue;
    cards[cardId] = previous ?? {
      cardId,
      code,
      zone: 'hand',
      drawnAt: at,
      framesOutOfHand: 0,
      missingFrames: 0,
      missingSince: null,
    };
  }
  return { ...state, openingHand: hand, local: cards, inHand: local.length > 0 ? hand.length : state.inHand };
}

function trackPlaying(
  state: DeckTrackerState,
  local: CardRectangle[],
  frame: TrackerFrame,
): DeckTrackerState {
  const { at, screen } = frame;
  // The state's own: changed in place (trackFrame copied it if it was not).
  const cards = state.local;
  const plays = state.plays;
  const live = liveCards.get(cards) ?? liveCardsOf(cards);
  const present = new Set<number>();
  let inHand = 0;

  for (const rectangle of local) {
    if (present.has(rectangle.CardID)) continue;
    present.add(rectangle.CardID);
    const inHandNow = isInHand(rectangle, screen);
    if (inHandNow) inHand += 1;
    const card = cards[rectangle.CardID];
    if (!card) {
      put(cards, live, {
        cardId: rectangle.CardID,
        code: rectangle.CardCode,
        zone: inHandNow ? 'hand' : 'board',
        drawnAt: inHandNow ? at : null,
        framesOutOfHand: 0,
        missingFrames: 0,
        missingSince: null,
      });
      continue;
    }
    if (inHandNow) {
      if (card.zone !== 'hand' && card.framesOutOfHand <= FLICKER_FRAMES) {
        removeLastPlayOf(plays, card.cardId);
      }
      put(cards, live, { ...card, zone: 'hand', framesOutOfHand: 0, missingFrames: 0, missingSince: null });
    } else if (card.zone === 'hand') {
      addPlay(plays, { cardId: card.cardId, code: card.code, at });
      put(cards, live, { ...card, zone: 'board', framesOutOfHand: 1, missingFrames: 0, missingSince: null });
    } else if (card.zone !== 'board' || card.framesOutOfHand <= FLICKER_FRAMES) {
      put(cards, live, { ...card, zone: 'board', framesOutOfHand: outOfHandAfter(card) });
    }
  }

  // Without any local card in the hand area the hand may simply be hidden: no evidence either way.
  const handVisible = inHand > 0;
  for (const cardId of inRecordOrder(live)) {
    const card = cards[cardId];
    if (!card || present.has(cardId)) continue;
    if (card.zone !== 'hand') {
      put(cards, live, { ...card, framesOutOfHand: outOfHandAfter(card) });
      continue;
    }
    if (!handVisible) continue;
    const missingFrames = card.missingFrames + 1;
    const missingSince = card.missingSince ?? at;
    if (missingFrames >= VANISH_FRAMES) {
      addPlay(plays, { cardId: card.cardId, code: card.code, at: missingSince });
      put(cards, live, {
        ...card,
        zone: 'gone',
        framesOutOfHand: missingFrames,
        missingFrames,
        missingSince,
      });
    } else {
      put(cards, live, { ...card, missingFrames, missingSince });
    }
  }

  liveCards.set(cards, live);
  return { ...state, local: cards, plays, inHand: local.length > 0 ? inHand : state.inHand };
}

/**
 * One frame more out of the hand. Only "at most FLICKER_FRAMES or more" is ever asked, so the count stops
 * one past it: a card long on the board then stays as it is, and no frame needs to visit it.
 */
function outOfHandAfter(card: TrackedCard): number {
  return Math.max(card.framesOutOfHand, Math.min(card.framesOutOfHand + 1, FLICKER_FRAMES + 1));
}

/** Whether a card changes in frames that do not show it. */
function isLive(card: TrackedCard): boolean {
  return card.zone === 'hand' || card.framesOutOfHand <= FLICKER_FRAMES;
}

function put(cards: DeckTrackerState['local'], live: Set<number>, card: TrackedCard): void {
  cards[card.cardId] = card;
  if (isLive(card)) live.add(card.cardId);
  else live.delete(card.cardId);
}

/**
 * The order the card record itself lists these cards in (CardIDs are array indices: ascending), so cards
 * that vanish in the same frame are played in the same order whichever way the state was reached.
 */
function inRecordOrder(cardIds: Set<number>): number[] {
  const isIndex = (id: number) => Number.isInteger(id) && id >= 0 && id < 2 ** 32 - 1;
  return [...cardIds].sort((a, b) => Number(!isIndex(a)) - Number(!isIndex(b)) || (isIndex(a) ? a - b : 0));
}

function liveCardsOf(cards: DeckTrackerState['local']): Set<number> {
  return new Set(
    Object.values(cards)
      .filter(isLive)
      .map((card) => card.cardId),
  );
}

/** Inserts a play in time order; nearly always at the end, so the place is looked for from there. */
function addPlay(plays: LocalPlay[], play: LocalPlay): void {
  // Vanished cards are dated when they went missing, which can be before plays already recorded.
  const index = plays.findLastIndex((existing) => existing.at <= play.at) + 1;
  plays.splice(index, 0, play);
}

function removeLastPlayOf(plays: LocalPlay[], cardId: number): void {
  const index = plays.findLastIndex((play) => play.cardId === cardId);
  if (index !== -1) plays.splice(index, 1);
}

function sameCounts(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

// Selectors.

/** Local cards drawn so far by card code (the opening hand included), cards created in hand too. */
export function drawnByCode(state: DeckTrackerState): Map<string, number> {
  const drawn = new Map<string, number>();
  for (const card of Object.values(state.local)) {
    if (card.drawnAt !== null) drawn.set(card.code, (drawn.get(card.code) ?? 0) + 1);
  }
  return drawn;
}

export interface DeckCount {
  code: string;
  total: number;
  left: number;
}

/** The deck list with the copies not yet drawn; never below zero (created copies share codes). */
export function deckCounts(state: DeckTrackerState): DeckCount[] {
  if (!state.deck) return [];
  const drawn = drawnByCode(state);
  return Object.entries(state.deck)
    .filter(([, total]) => total > 0)
    .map(([code, total]) => ({ code, total, left: Math.max(0, total - (drawn.get(code) ?? 0)) }));
}

export interface OpponentCount {
  code: string;
  count: number;
  firstSeenAt: number;
}

/** The opponent's cards seen, by card code, in the order first seen. */
export function opponentCounts(state: DeckTrackerState): OpponentCount[] {
  const byCode = new Map<string, OpponentCount>();
  for (const sighting of state.opponent) {
    const entry = byCode.get(sighting.code);
    if (entry) entry.count += 1;
    else byCode.set(sighting.code, { code: sighting.code, count: 1, firstSeenAt: sighting.at });
  }
  return [...byCode.values()];
}
