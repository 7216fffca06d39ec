import { afterEach, describe, expect, it } from 'vitest';
import { cardClientAt, GAME_ID_STARTS } from './cardClientService';
import { startSimulator } from './index';
import type { RunningSimulator } from './index';
import { parseScenario } from './scenario';
import { failureCode, fetchJson } from './simulatorTestKit';

const hand = (CardID: number, CardCode: string, TopLeftX: number) => ({
  CardID,
  CardCode,
  TopLeftX,
  TopLeftY: 200,
  Width: 180,
  Height: 270,
  LocalPlayer: true,
});

const scenario = parseScenario({
  timeScale: 10,
  card: {
    absent: [{ from: 0, to: 1 }],
    timeline: [
      { at: 0, kind: 'menus' },
      {
        at: 2,
        kind: 'game',
        PlayerName: 'Sightline',
        OpponentName: 'decks_are_fun',
        DeckCode: 'CEAQCAIABQAQCAICBEAA',
        CardsInDeck: { '01DE012': 3, '01IO009': 2 },
        Screen: { ScreenWidth: 1920, ScreenHeight: 1080 },
        Rectangles: [hand(101, '01DE012', 400)],
      },
      { at: 4, kind: 'game', Rectangles: [hand(101, '01DE012', 400), hand(102, '01IO009', 600)] },
      { at: 6, kind: 'result', LocalPlayerWon: true },
      {
        at: 8,
        kind: 'game',
        PlayerName: 'Sightline',
        OpponentName: 'b',
        DeckCode: 'AAAA',
        CardsInDeck: { '01DE012': 1 },
      },
      { at: 9, kind: 'result', LocalPlayerWon: false },
      { at: 10, kind: 'restart' },
    ],
  },
});
const card = scenario.card ?? { absent: [], timeline: [] };

describe.each(GAME_ID_STARTS)('cardClientAt with GameID starting at %i', (start) => {
  it('starts in menus with nulls, an empty list and a 1x1 screen', () => {
    expect(cardClientAt(card, 1, start)).toEqual({
      staticDecklist: { DeckCode: null, CardsInDeck: null },
      positionalRectangles: {
        PlayerName: null,
        OpponentName: null,
        GameState: 'Menus',
        Screen: { ScreenWidth: 1, ScreenHeight: 1 },
        Rectangles: [],
      },
      gameResult: { GameID: start, LocalPlayerWon: false },
    });
  });

  it('lets later game steps inherit names, deck and screen, and counts results until a restart', () => {
    const drawn = cardClientAt(card, 5, start);
    expect(drawn.positionalRectangles).toMatchObject({
      PlayerName: 'Sightline',
      GameState: 'InProgress',
      Screen: { ScreenWidth: 1920 },
    });
    expect(drawn.positionalRectangles.Rectangles.map((rectangle) => rectangle.CardID)).toEqual([101, 102]);
    expect(drawn.staticDecklist.CardsInDeck).toEqual({ '01DE012': 3, '01IO009': 2 });

    expect(cardClientAt(card, 6, start).gameResult).toEqual({ GameID: start + 1, LocalPlayerWon: true });
    expect(cardClientAt(card, 6, start).positionalRectangles.GameState).toBe('Menus');
    expect(cardClientAt(card, 9, start).gameResult).toEqual({ GameID: start + 2, LocalPlayerWon: false });
    expect(cardClientAt(card, 10, start).gameResult).toEqual({ GameID: start, LocalPlayerWon: false });
  });
});

describe('card client over HTTP', () => {
  let sim: RunningSimulator | undefined;
  afterEach(async () => {
    await sim?.close();
    sim = undefined;
  });

  it.each(GAME_ID_STARTS)(
    'refuses while absent, then answers the three endpoints (GameID from %i)',
    async (start) => {
      sim = await startSimulator({ scenario, now: () => 0, gameIdStart: start });
      expect(await failureCode(`${sim.urls.card}/positional-rectangles`)).toBe('ECONNREFUSED');
      await sim.control.advance(2.5);
      expect((await fetchJson(`${sim.urls.card}/game-result`)).json).toEqual({
        GameID: start,
        LocalPlayerWon: false,
      });
      const rectangles = await fetchJson(`${sim.urls.card}/positional-rectangles`);
      expect(rectangles.json).toMatchObject({ GameState: 'InProgress', OpponentName: 'decks_are_fun' });
      expect((await fetchJson(`${sim.urls.card}/static-decklist`)).json).toMatchObject({
        DeckCode: expect.any(String),
      });
      await sim.control.advance(4);
      expect((await fetchJson(`${sim.urls.card}/game-result`)).json).toEqual({
        GameID: start + 1,
        LocalPlayerWon: true,
      });
      expect((await fetchJson(`${sim.urls.card}/expeditions-state`)).status).toBe(404);
    },
  );
});
