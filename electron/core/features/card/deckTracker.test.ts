import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deckCounts,
  drawnByCode,
  EMPTY_DECK_TRACKER,
  opponentCounts,
  trackFrame,
  VANISH_FRAMES,
  withDeckList,
  type DeckTrackerState,
  type TrackerFrame,
} from './deckTracker';
import {
  board,
  frame,
  hand,
  handOf,
  mulliganCard,
  mulliganOf,
  opponentBoard,
  type CardList,
  recordedAt,
  recordedGameEvents,
  recordedGameFrames,
} from './fixtures/recordedGame';

const DECK = { '01DE001': 3, '01DE012': 3, '01IO009': 2, '01IO029': 2 };

function track(frames: TrackerFrame[], deck: Record<string, number> = DECK): DeckTrackerState {
  return frames.reduce(trackFrame, withDeckList(EMPTY_DECK_TRACKER, 'CODE', deck));
}

const left = (state: DeckTrackerState) =>
  Object.fromEntries(deckCounts(state).map((count) => [count.code, count.left]));
const playedCodes = (state: DeckTrackerState) => state.plays.map((play) => play.code);

describe('the deck tracker on the recorded game', () => {
  const recordedDeck = (() => {
    const event = recordedGameEvents().find((candidate) => candidate.kind === 'decklist');
    if (event?.kind !== 'decklist' || !event.record.CardsInDeck) throw new Error('no deck list recorded');
    return event.record.CardsInDeck;
  })();
  const frames = recordedGameFrames();
  const upTo = (t: number) =>
    track(
      frames.filter((candidate) => candidate.at <= recordedAt(t)),
      recordedDeck,
    );

  it('counts the opening hand, and puts the card swapped at the mulligan back', () => {
    const opening = upTo(20);
    expect(opening.mulligan).toBe(true);
    expect(Object.fromEntries(drawnByCode(opening))).toEqual({
      '01DE012': 1,
      '01IO009': 1,
      '01DE001': 1,
      '01IO029': 1,
    });
    // Half-way through the swap the replaced card is still counted; once the new hand shows, it is back.
    expect(left(upTo(34))['01IO029']).toBe(2);
    const swapped = upTo(35);
    expect(left(swapped)['01IO029']).toBe(3);
    expect(left(swapped)['01DE022']).toBe(2);
    expect(swapped.inHand).toBe(4);
  });

  it('ends the mulligan at the first draw and counts each draw once', () => {
    const afterDraw = upTo(50);
    expect(afterDraw.mulligan).toBe(false);
    expect(afterDraw.inHand).toBe(5);
    expect(left(afterDraw)['01IO041']).toBe(2);
    expect(deckCounts(afterDraw).reduce((sum, count) => sum + count.left, 0)).toBe(35);
  });

  it('keeps flickering and hidden cards drawn and does not take a hover for a play', () => {
    expect(upTo(40).plays).toEqual([]);
    expect(left(upTo(40))['01DE001']).toBe(2);
    expect(upTo(58).plays).toEqual([]);
    expect(upTo(58).inHand).toBe(5);
    expect(playedCodes(upTo(72))).toEqual(['01DE012', '01DE001', '01IO041']);
    expect(playedCodes(upTo(73))).toEqual(['01DE012', '01DE001']);
  });

  it('ends the game with every draw, play and opponent card in order', () => {
    const end = upTo(113);
    expect(deckCounts(end).reduce((sum, count) => sum + count.left, 0)).toBe(32);
    expect(left(end)).toMatchObject({ '01DE012': 2, '01IO009': 2, '01DE001': 2, '01IO029': 3, '01DE015': 2 });
    expect(end.plays.map((play) => [play.code, play.at])).toEqual([
      ['01DE012', recordedAt(65)],
      ['01DE001', recordedAt(65)],
      ['01IO009', recordedAt(80)],
      ['01DE022', recordedAt(95)],
    ]);
    expect(opponentCounts(end)).toEqual([
      { code: '01NX004', count: 1, firstSeenAt: recordedAt(65) },
      { code: '01NX020', count: 1, firstSeenAt: recordedAt(80) },
    ]);
  });
});

describe('the deck tracker on hand-made frames', () => {
  const OPENING: CardList = [
    [10, '01DE001'],
    [11, '01DE012'],
    [12, '01IO009'],
    [13, '01IO029'],
  ];
  /** The opening hand and a first draw: the mulligan is over. */
  const FIVE: CardList = [...OPENING, [14, '01DE001']];

  it('ignores face rectangles and is the same however often a frame repeats', () => {
    const once = track([frame(1, hand(10, '01DE001'))]);
    const thrice = track([1, 2, 3].map((t) => frame(t, hand(10, '01DE001'))));
    expect(Object.fromEntries(drawnByCode(once))).toEqual({ '01DE001': 1 });
    expect(deckCounts(thrice)).toEqual(deckCounts(once));
    expect(thrice.opponent).toEqual([]);
  });

  it('counts copies by CardID: two copies of a card are two draws', () => {
    const copies: CardList = [
      [10, '01DE001'],
      [11, '01DE001'],
      [12, '01IO009'],
      [13, '01IO029'],
    ];
    const state = track([frame(1, ...mulliganOf(copies)), frame(2, ...handOf([...copies, [14, '01DE001']]))]);
    expect(left(state)).toEqual({ '01DE001': 0, '01DE012': 3, '01IO009': 1, '01IO029': 1 });
  });

  it('replaces the whole opening hand when every card is swapped', () => {
    const replaced: CardList = [
      [20, '01DE012'],
      [21, '01DE012'],
      [22, '01DE012'],
      [23, '01IO009'],
    ];
    const state = track([
      frame(1, ...mulliganOf(OPENING)),
      frame(2, ...mulliganOf(replaced)),
      frame(3, ...handOf(replaced)),
    ]);
    expect(left(state)).toEqual({ '01DE001': 3, '01DE012': 0, '01IO009': 1, '01IO029': 2 });
    expect(state.plays).toEqual([]);
  });

  it('puts a swapped card back even when no poll saw the new mulligan hand, and counts no play for it', () => {
    const drawnAfterSwap: CardList = [...OPENING.slice(0, 3), [20, '01DE012'], [21, '01DE001']];
    const frames = [frame(1, ...mulliganOf(OPENING)), frame(2, ...handOf(drawnAfterSwap))];
    for (let t = 3; t < 3 + VANISH_FRAMES; t += 1) frames.push(frame(t, ...handOf(drawnAfterSwap)));
    const state = track(frames);
    expect(state.mulligan).toBe(false);
    expect(left(state)).toEqual({ '01DE001': 1, '01DE012': 1, '01IO009': 1, '01IO029': 2 });
    expect(state.plays).toEqual([]);
  });

  it('keeps the opening hand when the mulligan ends on a frame that shows only part of the hand', () => {
    const state = track([
      frame(1, ...mulliganOf(OPENING)),
      frame(2, ...handOf(OPENING.slice(0, 2)), opponentBoard(50, '01NX004')),
    ]);
    expect(state.mulligan).toBe(false);
    expect(left(state)).toEqual({ '01DE001': 2, '01DE012': 2, '01IO009': 1, '01IO029': 1 });
  });

  it('ends the mulligan when an opponent card shows and then tracks plays', () => {
    const state = track([
      frame(1, ...handOf(OPENING)),
      frame(2, ...handOf(OPENING), opponentBoard(50, '01NX004')),
      frame(3, ...handOf(OPENING.slice(0, 3)), board(13, '01IO029'), opponentBoard(50, '01NX004')),
    ]);
    expect(state.mulligan).toBe(false);
    expect(playedCodes(state)).toEqual(['01IO029']);
    expect(state.inHand).toBe(3);
    // A played card is still drawn: it left the deck.
    expect(left(state)['01IO029']).toBe(1);
  });

  it('counts a card that vanished from a visible hand as played, dated when it went missing', () => {
    const frames = [frame(1, ...handOf(FIVE)), frame(2, ...handOf(OPENING), board(14, '01DE001'))];
    for (let t = 3; t < 3 + VANISH_FRAMES; t += 1) frames.push(frame(t, ...handOf(OPENING.slice(1))));
    const state = track(frames);
    expect(state.plays.map((play) => [play.cardId, play.code, play.at])).toEqual([
      [14, '01DE001', recordedAt(2)],
      [10, '01DE001', recordedAt(3)],
    ]);
  });

  it('does not count cards missing while no hand card is visible', () => {
    const frames = [frame(1, ...handOf(FIVE))];
    for (let t = 2; t < 10; t += 1) frames.push(frame(t, board(20, '01DE012')));
    frames.push(frame(10, ...handOf(FIVE)));
    const state = track(frames);
    expect(state.plays).toEqual([]);
    expect(state.inHand).toBe(5);
  });

  it('keeps a play when the card comes back to the hand much later (returned, not flickered)', () => {
    const rest = handOf(FIVE).slice(1);
    const state = track([
      frame(1, ...handOf(FIVE)),
      ...[2, 3, 4].map((t) => frame(t, board(10, '01DE001'), ...rest)),
      frame(5, ...handOf(FIVE)),
    ]);
    expect(playedCodes(state)).toEqual(['01DE001']);
    expect(state.local[10]?.zone).toBe('hand');
  });

  it('does not count cards first seen on the board (summoned, created) as drawn', () => {
    const state = track([frame(1, ...handOf(FIVE)), frame(2, ...handOf(FIVE), board(30, '01DE012'))]);
    expect(left(state)['01DE012']).toBe(2);
    expect(state.plays).toEqual([]);
  });

  it('never counts below zero when cards created in hand share a code', () => {
    const state = track([frame(1, ...handOf([10, 11, 12, 13, 14].map((id) => [id, '01IO009'] as const)))]);
    expect(left(state)['01IO009']).toBe(0);
  });

  it('counts each opponent card instance once, by code', () => {
    const state = track([
      frame(1, opponentBoard(50, '01NX004', 0), opponentBoard(51, '01NX004', 1)),
      frame(2, opponentBoard(50, '01NX004', 0)),
      frame(
        3,
        opponentBoard(50, '01NX004', 0),
        opponentBoard(51, '01NX004', 1),
        opponentBoard(52, '01NX020', 2),
      ),
    ]);
    expect(opponentCounts(state)).toEqual([
      { code: '01NX004', count: 2, firstSeenAt: recordedAt(1) },
      { code: '01NX020', count: 1, firstSeenAt: recordedAt(3) },
    ]);
  });

  it('takes a new deck list when the deck code changes, keeping what was drawn', () => {
    const drawn = track([frame(1, hand(10, '01DE001'))]);
    const changed = withDeckList(drawn, 'OTHER', { '01DE001': 1, '01FR003': 3 });
    expect(changed.deckCode).toBe('OTHER');
    expect(left(changed)).toEqual({ '01DE001': 0, '01FR003': 3 });
    expect(withDeckList(changed, 'OTHER', { '01DE001': 1, '01FR003': 3 })).toBe(changed);
  });

  it('has no deck counts before the deck list is read', () => {
    expect(deckCounts(trackFrame(EMPTY_DECK_TRACKER, frame(1, hand(10, '01DE001'))))).toEqual([]);
  });
});

describe('the deck tracker over a long game', () => {
  const CODES = ['01DE001', '01DE012', '01IO009', '01IO029'];
  const card = fc.record({
    id: fc.integer({ min: 10, max: 30 }),
    place: fc.constantFrom('hand', 'board', 'mulligan', 'opponent'),
    code: fc.constantFrom(...CODES),
  });
  /** Random frames over a small pool of CardIDs, so cards go into the hand, out, back and vanish. */
  const frames = fc
    .array(fc.array(card, { maxLength: 9 }), { minLength: 1, maxLength: 60 })
    .map((list) =>
      list.map((cards, index) =>
        frame(
          index + 1,
          ...cards.map(({ id, place, code }, slot) =>
            place === 'hand'
              ? hand(id, code, slot)
              : place === 'board'
                ? board(id, code, slot)
                : place === 'mulligan'
                  ? mulliganCard(id, code, slot)
                  : opponentBoard(id + 100, code, slot),
          ),
        ),
      ),
    );

  it('tracks a game the same frame by frame as from a fresh copy of the state at every frame', () => {
    fc.assert(
      fc.property(frames, (list) => {
        const start = withDeckList(EMPTY_DECK_TRACKER, 'CODE', DECK);
        // The reference: every frame starts from a copy (as a resumed game does), so nothing carries over
        // but the state itself, and every card is looked at again.
        const reference = list.reduce((state, next) => trackFrame(structuredClone(state), next), start);
        expect(list.reduce(trackFrame, start)).toEqual(reference);
      }),
      { numRuns: 300 },
    );
  });

  it('grows the game it holds in place instead of copying every card, play and sighting on every frame', () => {
    const before = track([
      frame(1, ...handOf(OPENING_AND_DRAW)),
      frame(2, ...handOf(OPENING_AND_DRAW.slice(1)), board(10, '01DE001'), opponentBoard(50, '01NX004')),
    ]);
    const after = trackFrame(
      before,
      frame(3, ...handOf(OPENING_AND_DRAW.slice(2)), board(11, '01DE012'), opponentBoard(51, '01NX004')),
    );
    expect(after.plays.map((play) => play.cardId)).toEqual([10, 11]);
    expect(after.opponent.map((sighting) => sighting.cardId)).toEqual([50, 51]);
    expect(after.local).toBe(before.local);
    expect(after.plays).toBe(before.plays);
    expect(after.opponent).toBe(before.opponent);
  });

  it('refuses a state a frame already used, and never changes the empty state or a deck list change', () => {
    const first = trackFrame(EMPTY_DECK_TRACKER, frame(1, hand(10, '01DE001')));
    trackFrame(first, frame(2, hand(10, '01DE001'), hand(11, '01DE012')));
    expect(() => trackFrame(first, frame(2, hand(12, '01DE001')))).toThrow(/already used by a frame/);
    expect(EMPTY_DECK_TRACKER.local).toEqual({});
    expect(trackFrame(EMPTY_DECK_TRACKER, frame(1, hand(20, '01IO009'))).local).toHaveProperty('20');
    expect(EMPTY_DECK_TRACKER.local).toEqual({});
  });
});

const OPENING_AND_DRAW: CardList = [
  [10, '01DE001'],
  [11, '01DE012'],
  [12, '01IO009'],
  [13, '01IO029'],
  [14, '01DE001'],
];
