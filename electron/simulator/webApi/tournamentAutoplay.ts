import type { TournamentSimulationControl } from './tournamentSimulation';

export interface TournamentAutoplayOptions {
  /** How often new codes are looked for. Default 2 s. */
  checkEveryMs?: number;
  /** Time between two lobby events. Default 3 s. */
  lobbyStepMs?: number;
  /** From the lobby's start to the game's end (and its result callback). Default 45 s. */
  gameLengthMs?: number;
  /** send (default), or withhold: games end without a callback, so the desk falls back to games/by-code. */
  callback?: 'send' | 'withhold';
  onError?: (error: unknown) => void;
}

/**
 * For the demo: every new tournament code gets a lobby (players join, champion select, game) and, a
 * little later, a finished game with its result callback (or none, when withheld), as if ten players had
 * used it.
 */
export function startTournamentAutoplay(
  tournament: TournamentSimulationControl,
  options: TournamentAutoplayOptions = {},
): { stop(): void } {
  const lobbyStepMs = options.lobbyStepMs ?? 3000;
  const gameLengthMs = options.gameLengthMs ?? 45_000;
  const started = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const check = (): void => {
    for (const code of tournament.codes()) {
      if (started.has(code.code) || code.played) continue;
      started.add(code.code);
      tournament.playLobby(code.code, { stepMs: lobbyStepMs });
      const finish = setTimeout(() => {
        timers.delete(finish);
        tournament
          .finishGame(code.code, { callback: options.callback ?? 'send' })
          .catch((error: unknown) => options.onError?.(error));
      }, gameLengthMs);
      timers.add(finish);
    }
  };
  const interval = setInterval(check, options.checkEveryMs ?? 2000);
  return {
    stop: () => {
      clearInterval(interval);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
