import { parseScenario, type Scenario } from '../simulator/index';
import { TEN_PLAYERS } from '../simulator/simulatorTestKit';

/** One arena game of this many game seconds, then the client closes; the soak starts the next one. */
export const SOAK_GAME_SECONDS = 1800;

/**
 * An evening's cycle: a 30-minute arena game with kills and objectives (and a replay on its port), and
 * meanwhile two card games with draws and plays, each with its result.
 */
export function soakScenario(timeScale: number): Scenario {
  const kills = Array.from({ length: 20 }, (_, index) => ({
    EventName: 'ChampionKill',
    EventTime: 60 + index * 80,
    KillerName: index % 2 === 0 ? 'Sightline' : 'DarkSovereign',
    VictimName: index % 2 === 0 ? 'DarkSovereign' : 'Sightline',
    Assisters: [],
  }));
  return parseScenario({
    timeScale,
    live: {
      processStartsAt: 0,
      loadingSeconds: 5,
      closesAfterEndSeconds: 10,
      activePlayer: 'Sightline#EUW',
      players: TEN_PLAYERS,
      events: [...kills, { EventName: 'GameEnd', EventTime: SOAK_GAME_SECONDS, Result: 'Win' }],
    },
    card: { timeline: [...cardGame(0, true), ...cardGame(900, false)] },
    replay: { enabled: true, length: SOAK_GAME_SECONDS },
  });
}

function cardGame(start: number, won: boolean) {
  const screen = { ScreenWidth: 1920, ScreenHeight: 1080 };
  const card = (CardID: number, CardCode: string, TopLeftY: number) => ({
    CardID,
    CardCode,
    TopLeftX: 700 + CardID * 20,
    TopLeftY,
    Width: 180,
    Height: 260,
    LocalPlayer: true,
  });
  return [
    {
      at: start + 10,
      kind: 'game' as const,
      PlayerName: 'Sightline',
      OpponentName: 'decks_are_fun',
      DeckCode: 'CEAQCAIABQAQCAICBEAA',
      CardsInDeck: { '01DE012': 3, '01IO009': 2 },
      Screen: screen,
      Rectangles: [card(1, '01DE012', 250)],
    },
    {
      at: start + 200,
      kind: 'game' as const,
      Rectangles: [card(1, '01DE012', 250), card(2, '01IO009', 250)],
    },
    {
      at: start + 400,
      kind: 'game' as const,
      Rectangles: [card(2, '01IO009', 250), card(1, '01DE012', 700)],
    },
    { at: start + 800, kind: 'result' as const, LocalPlayerWon: won },
  ];
}
