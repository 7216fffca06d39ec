import { parseScenario, type Scenario } from '../simulator/index';
import { TEN_PLAYERS } from '../simulator/simulatorTestKit';

/**
 * Every local client up for hours, so each cell of the matrix finds them in the same state: an arena game in
 * progress from the first second (with a replay on the same port), and a card game in progress.
 */
export function faultMatrixScenario(): Scenario {
  return parseScenario({
    timeScale: 1,
    live: {
      processStartsAt: 0,
      loadingSeconds: 1,
      closesAfterEndSeconds: 60,
      activePlayer: 'Sightline#EUW',
      players: TEN_PLAYERS,
      events: [
        {
          EventName: 'ChampionKill',
          EventTime: 5,
          KillerName: 'Sightline',
          VictimName: 'DarkSovereign',
          Assisters: [],
        },
        { EventName: 'GameEnd', EventTime: 6 * 3600, Result: 'Win' },
      ],
    },
    card: {
      timeline: [
        {
          at: 0,
          kind: 'game',
          PlayerName: 'Sightline',
          OpponentName: 'decks_are_fun',
          DeckCode: 'CEAQCAIABQAQCAICBEAA',
          CardsInDeck: { '01DE012': 3, '01IO009': 2 },
          Screen: { ScreenWidth: 1920, ScreenHeight: 1080 },
          Rectangles: [],
        },
      ],
    },
    replay: { enabled: true, length: 6 * 3600 },
  });
}
