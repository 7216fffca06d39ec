import type { Interval } from '../intervals';
import type { Scenario } from '../scenario';
import type { SimulatorControl } from '../simulatorControl';

/**
 * The demo's world does not end: once everything its scenario scripts is over (the arena game closed, the card
 * client's last step, the replay at its end, the last fault), the simulator starts the scenario again from 0, a
 * next game, and says so. Other users of the simulator (tests, `simulate`) keep a scenario that ends.
 */

/** Scenario seconds the world idles after its last scripted moment before the next game starts. */
export const NEXT_GAME_PAUSE_SECONDS = 20;

const lastEnd = (intervals: readonly Interval[]): number =>
  Math.max(0, ...intervals.map((interval) => interval.to ?? interval.from));

/**
 * When the last thing the scenario scripts is over, in scenario seconds; null when something runs forever (an
 * arena game without GameEnd): that world never ends, so it never starts again.
 */
export function scenarioLength(scenario: Scenario): number | null {
  const ends: number[] = [];
  const { live, card, replay } = scenario;
  if (live) {
    const gameEnd = live.events.find((event) => event.EventName === 'GameEnd');
    if (!gameEnd) return null;
    ends.push(live.processStartsAt + live.loadingSeconds + gameEnd.EventTime + live.closesAfterEndSeconds);
  }
  if (card) ends.push(card.timeline.at(-1)?.at ?? 0, lastEnd(card.absent));
  // The demo serves the replay API on the live port, in the game's process, as the game does on 2999: the
  // replay goes with the arena game. Without one, a replay that plays is over at its end (a paused one at once).
  if (replay && !live) {
    const playing = replay.paused ? 0 : (replay.length - replay.startTime) / replay.speed;
    ends.push(playing, lastEnd(replay.absent));
  }
  ends.push(lastEnd(scenario.faults.map((fault) => ({ from: fault.from, to: fault.to }))));
  return Math.max(0, ...ends);
}

/** What the demo's terminal says when its world starts the next game. */
export const nextGameLine = (game: number): string =>
  `demo: the scenario is over; game ${game} starts now (the arena game, the card games and the replay again)`;

export interface ScenarioLoop {
  /** Starts the next game when the current one is over; true when it did. */
  check(): Promise<boolean>;
  stop(): void;
}

/**
 * Checks every `intervalMs` (real time) whether the scenario is over, and if so restarts it; `onNextGame` gets
 * the number of the game that starts (2 for the first restart).
 */
export function loopScenario(
  control: Pick<SimulatorControl, 'state' | 'restart'>,
  scenario: Scenario,
  onNextGame: (game: number) => void,
  intervalMs = 1000,
): ScenarioLoop {
  const length = scenarioLength(scenario);
  let game = 1;
  let checking = false;
  const check = async (): Promise<boolean> => {
    if (length === null || checking) return false;
    if (control.state().scenarioTime < length + NEXT_GAME_PAUSE_SECONDS) return false;
    checking = true;
    try {
      await control.restart();
      game += 1;
      onNextGame(game);
      return true;
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check().catch(() => undefined), intervalMs);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
