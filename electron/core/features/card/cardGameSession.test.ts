import { describe, expect, it } from 'vitest';
import type { PositionalRectangles } from './cardClientRecords';
import {
  DECKLIST_RECHECK_MS,
  EMPTY_CARD_SESSION,
  MAX_RESUME_AGE_MS,
  reduceCardSession,
  resumeCardSession,
  saveCardSession,
  sessionNeeds,
  takeFinished,
  type CardClientEvent,
  type CardSession,
} from './cardGameSession';
import { FACES, hand, recordedAt, recordedGameEvents } from './fixtures/recordedGame';

const MENUS: PositionalRectangles = {
  PlayerName: null,
  OpponentName: null,
  GameState: 'Menus',
  Screen: { ScreenWidth: 1, ScreenHeight: 1 },
  Rectangles: [],
};

function inGame(opponent = 'decks_are_fun', ...cards: ReturnType<typeof hand>[]): PositionalRectangles {
  return {
    PlayerName: 'Sightline',
    OpponentName: opponent,
    GameState: 'InProgress',
    Screen: { ScreenWidth: 1920, ScreenHeight: 1080 },
    Rectangles: [...FACES, ...cards],
  };
}

const rectangles = (t: number, record: PositionalRectangles): CardClientEvent => ({
  kind: 'rectangles',
  at: recordedAt(t),
  record,
});
const result = (t: number, GameID: number, LocalPlayerWon = true): CardClientEvent => ({
  kind: 'result',
  at: recordedAt(t),
  record: { GameID, LocalPlayerWon },
});
const decklist = (t: number, DeckCode: string | null, CardsInDeck: Record<string, number> | null) =>
  ({ kind: 'decklist', at: recordedAt(t), record: { DeckCode, CardsInDeck } }) satisfies CardClientEvent;

const run = (events: CardClientEvent[], from: CardSession = EMPTY_CARD_SESSION) =>
  events.reduce(reduceCardSession, from);

describe('the card session on the recorded game', () => {
  const events = recordedGameEvents();

  it('tracks the game from its first frame and records it with the result that followed it', () => {
    const before = run(events.filter((event) => event.at < recordedAt(111)));
    expect(before.phase).toBe('ended');
    expect(before.finished).toEqual([]);

    const after = run(events);
    expect(after.phase).toBe('no-game');
    expect(after.finished).toHaveLength(1);
    const [game] = after.finished;
    expect(game).toMatchObject({
      startedAt: recordedAt(20),
      endedAt: recordedAt(110),
      clientGameId: 4,
      deckCode: 'CEBAMAIAAEBAYDYWDUDACAQJBQHR2KJRAEBACAAQFIAA',
      playerName: 'Sightline',
      opponentName: 'decks_are_fun',
      result: 'win',
    });
    expect(game?.deck?.['01DE001']).toBe(3);
    expect(game?.plays.map((play) => play.code)).toEqual(['01DE012', '01DE001', '01IO009', '01DE022']);
    expect(game?.opponentCards.map((card) => [card.code, card.count])).toEqual([
      ['01NX004', 1],
      ['01NX020', 1],
    ]);
    expect(after.lastFinished).toEqual(game);
  });
});

describe('the card session', () => {
  it('stays idle on the empty menu screen', () => {
    const session = run([rectangles(1, MENUS), rectangles(2, MENUS), result(2, 0, false)]);
    expect(session).toEqual(EMPTY_CARD_SESSION);
    expect(sessionNeeds(session, recordedAt(3))).toEqual({ decklist: false, result: false });
  });

  it('reads the deck list at the start, retries a null one, then checks it every few seconds', () => {
    const started = run([rectangles(1, inGame())]);
    expect(sessionNeeds(started, recordedAt(1))).toEqual({ decklist: true, result: true });
    const nullList = run([decklist(1, null, null), result(1, 7)], started);
    expect(nullList.game?.baselineGameId).toBe(7);
    expect(sessionNeeds(nullList, recordedAt(2))).toEqual({ decklist: true, result: false });
    const read = run([decklist(2, 'CEAQCAIABQAQCAICBEAA', { '01DE012': 3 })], nullList);
    expect(sessionNeeds(read, recordedAt(3)).decklist).toBe(false);
    expect(sessionNeeds(read, recordedAt(2) + DECKLIST_RECHECK_MS).decklist).toBe(true);
  });

  it('decodes the deck code when the client leaves CardsInDeck out', () => {
    const session = run([rectangles(1, inGame()), decklist(1, 'CEAQCAIABQAQCAICBEAA', null)]);
    expect(session.game?.tracker.deck).toEqual({ '01DE012': 3, '01IO009': 2 });
  });

  it('goes on asking for as long as the client shows the GameID of the game, then takes the next one', () => {
    let session = run([rectangles(1, inGame()), result(1, 2), rectangles(5, MENUS)]);
    for (let t = 6; t < 600; t += 1) session = run([result(t, 2)], session);
    expect(session.finished).toEqual([]);
    expect(sessionNeeds(session, recordedAt(600)).result).toBe(true);
    session = run([result(600, 3, true)], session);
    expect(session.finished.map((game) => [game.result, game.clientGameId, game.endedAt])).toEqual([
      ['win', 3, recordedAt(5)],
    ]);
  });

  it('does not take the result of a later game when games were missed', () => {
    const session = run([rectangles(1, inGame()), result(1, 4), rectangles(9, MENUS), result(10, 6)]);
    expect(session.finished.map((game) => [game.result, game.clientGameId])).toEqual([['unknown', null]]);
  });

  // Clients start GameID at -1 or at 0: a result is read from a change, never from the value.
  describe.each([-1, 0])('with a client whose GameID starts at %i', (start) => {
    const unreachable = (t: number): CardClientEvent => ({
      kind: 'unreachable',
      at: recordedAt(t),
      refused: true,
    });

    it('records the first game after the client started with its result', () => {
      const session = run([
        rectangles(1, MENUS),
        rectangles(2, inGame()),
        result(2, start, false),
        rectangles(9, MENUS),
        result(10, start + 1, true),
      ]);
      expect(session.finished.map((game) => [game.result, game.clientGameId])).toEqual([['win', start + 1]]);
    });

    it('waits while game-result still shows the GameID read during the game', () => {
      const session = run([
        rectangles(2, inGame()),
        result(2, start, false),
        rectangles(9, MENUS),
        result(10, start, false),
        result(11, start, false),
      ]);
      expect(session.finished).toEqual([]);
      expect(run([result(12, start + 1, false)], session).finished.map((game) => game.result)).toEqual([
        'loss',
      ]);
    });

    it('reads GameID again when the client comes back mid-game, and takes the game finished after it', () => {
      let session = run([rectangles(1, inGame()), result(1, 3), unreachable(3), rectangles(6, inGame())]);
      // The client may have restarted and started GameID over: the value read before means nothing now.
      expect(sessionNeeds(session, recordedAt(6)).result).toBe(true);
      session = run([result(6, start), rectangles(9, MENUS), result(10, start + 1, false)], session);
      expect(session.finished.map((game) => [game.result, game.clientGameId])).toEqual([['loss', start + 1]]);
    });

    it('records a game without a result when the client restarted after it ended', () => {
      let session = run([
        rectangles(1, inGame()),
        result(1, start + 2),
        rectangles(9, MENUS),
        unreachable(10),
      ]);
      for (let t = 11; session.finished.length === 0; t += 1) session = run([result(t, start)], session);
      expect(session.finished[0]?.result).toBe('unknown');
    });

    it('records a game without a result when the client closed after it and shows the same GameID again', () => {
      // This game was the client's first: a restarted client starts over at the same value, and the
      // next change would be the next game's, not this one's.
      const session = run([
        rectangles(1, inGame()),
        result(1, start),
        rectangles(9, MENUS),
        result(10, start),
        unreachable(11),
        result(14, start),
      ]);
      expect(session.finished.map((game) => [game.result, game.clientGameId])).toEqual([['unknown', null]]);
    });

    it('measures from the first value read after the game when none could be read during it', () => {
      let session = run([rectangles(1, inGame())]);
      for (let t = 1; sessionNeeds(session, recordedAt(t)).result; t += 1) {
        session = run([{ kind: 'no-result', at: recordedAt(t) }], session);
      }
      session = run([rectangles(9, MENUS), result(10, start), result(11, start + 1, true)], session);
      expect(session.finished.map((game) => [game.result, game.clientGameId])).toEqual([['win', start + 1]]);
    });
  });

  it('takes the next GameID when the client missed a poll just before the game ended', () => {
    // A poll that timed out is no restart: the client then shows the next GameID as usual.
    const session = run([
      rectangles(1, inGame()),
      result(1, 5),
      { kind: 'unreachable', at: recordedAt(8), refused: false },
      rectangles(9, MENUS),
      result(10, 6, false),
    ]);
    expect(session.finished.map((game) => [game.result, game.clientGameId])).toEqual([['loss', 6]]);
  });

  it('keeps waiting through a poll the client missed after the game ended', () => {
    const session = run([
      rectangles(1, inGame()),
      result(1, 5),
      rectangles(9, MENUS),
      { kind: 'unreachable', at: recordedAt(10), refused: false },
      result(11, 5),
      result(12, 6, true),
    ]);
    expect(session.finished.map((game) => [game.result, game.clientGameId])).toEqual([['win', 6]]);
  });

  it('goes on with the same game when it is in progress again with the same players', () => {
    const session = run([
      rectangles(1, inGame('a', hand(10, '01DE001'))),
      rectangles(2, MENUS),
      rectangles(3, inGame('a', hand(10, '01DE001'), hand(11, '01DE001', 1))),
    ]);
    expect(session.phase).toBe('in-game');
    expect(session.game?.startedAt).toBe(recordedAt(1));
    expect(Object.keys(session.game?.tracker.local ?? {})).toEqual(['10', '11']);
  });

  it('closes a game without a result when another begins without menus between', () => {
    const session = run([rectangles(1, inGame('a')), rectangles(2, inGame('a')), rectangles(3, inGame('b'))]);
    expect(session.finished.map((game) => [game.opponentName, game.result, game.endedAt])).toEqual([
      ['a', 'unknown', recordedAt(2)],
    ]);
    expect(session.game?.opponentName).toBe('b');
    expect(session.game?.startedAt).toBe(recordedAt(3));
  });

  it('hands finished games over once', () => {
    const session = run([rectangles(1, inGame()), result(1, 1), rectangles(2, MENUS), result(3, 2)]);
    const { games, session: rest } = takeFinished(session);
    expect(games).toHaveLength(1);
    expect(rest.finished).toEqual([]);
    expect(takeFinished(rest).games).toEqual([]);
  });

  it('resumes saved progress after an app restart and records the game with its result', () => {
    const playing = run([rectangles(1, inGame('a', hand(10, '01DE001'))), result(1, 5)]);
    const saved = JSON.parse(JSON.stringify(saveCardSession(playing, recordedAt(2))));
    const resumed = resumeCardSession(saved, recordedAt(30));
    expect(resumed.game?.startedAt).toBe(recordedAt(1));
    const done = run([rectangles(31, MENUS), result(31, 6)], resumed);
    expect(done.finished.map((game) => [game.startedAt, game.result, game.clientGameId])).toEqual([
      [recordedAt(1), 'win', 6],
    ]);
  });

  it('does not resume progress that is too old, or nothing', () => {
    const playing = run([rectangles(1, inGame('a'))]);
    const saved = saveCardSession(playing, recordedAt(1));
    expect(resumeCardSession(saved, recordedAt(1) + MAX_RESUME_AGE_MS + 1)).toEqual(EMPTY_CARD_SESSION);
    expect(saveCardSession(EMPTY_CARD_SESSION, recordedAt(1))).toBeNull();
    expect(resumeCardSession(null, recordedAt(1))).toEqual(EMPTY_CARD_SESSION);
  });
});
