import type { Scenario } from '../scenario';
import type { SimulatorControl } from '../simulatorControl';
import type { PlayedSimGame } from '../webApi/webApiDataset';

/** The platform the demo's local player plays on (the web API simulator's Europe West). */
export const DEMO_PLATFORM = 'euw1';
/** The queue a game of the scenario's mode is listed in: a Summoner's Rift game is ranked solo, an ARAM game ARAM. */
const QUEUE_OF_MODE: Readonly<Record<string, number>> = { CLASSIC: 420, ARAM: 450 };

export interface PlayedGamesFeed {
  /** Hands the game over when it has just ended; its match ID then, else null. */
  check(): string | null;
  stop(): void;
}

/**
 * The demo's arena games reach the web API simulator: when the local client's game ends, it becomes the local
 * player's newest match there, with the start and length the client showed (its end less its game time), so the
 * history finds its match as it would find a real one, minutes after the game.
 */
export function feedPlayedGames(
  world: Pick<SimulatorControl, 'state'>,
  scenario: Scenario,
  play: (game: PlayedSimGame) => string,
  options: { now?: () => number; intervalMs?: number } = {},
): PlayedGamesFeed {
  const live = scenario.live;
  const [gameName = '', tagLine = ''] = live?.activePlayer?.split('#') ?? [];
  const queueId = live ? QUEUE_OF_MODE[live.gameData.gameMode] : undefined;
  if (!gameName || queueId === undefined) return { check: () => null, stop: () => undefined };
  const now = options.now ?? Date.now;
  let lastPhase = world.state().live.phase;
  const check = (): string | null => {
    const { phase, gameTime } = world.state().live;
    const ended = phase === 'ended' && lastPhase !== 'ended';
    lastPhase = phase;
    if (!ended) return null;
    return play({
      gameName,
      tagLine,
      platform: DEMO_PLATFORM,
      startedAt: Math.round(now() - gameTime * 1000),
      durationSeconds: Math.round(gameTime),
      queueId,
    });
  };
  const timer = setInterval(check, options.intervalMs ?? 1000);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
