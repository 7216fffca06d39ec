/** What the arena live client tells us about the game in progress (only what the game itself shows). */
export type LivePhase = 'no-game' | 'loading' | 'in-game' | 'ended';

export interface LiveClock {
  /** Game time in seconds at the moment it was sampled. */
  gameTime: number;
  /** Epoch ms when gameTime was sampled; the UI interpolates from here while the game runs. */
  sampledAt: number;
}

export interface LiveGameState {
  phase: LivePhase;
  clock: LiveClock | null;
  gameMode: string;
  mapName: string;
}

export const INITIAL_LIVE_GAME: LiveGameState = { phase: 'no-game', clock: null, gameMode: '', mapName: '' };

/** Game time shown at `now`: advances in real time while in game, frozen otherwise. */
export function gameTimeAt(game: LiveGameState, now: number): number | null {
  if (!game.clock) return null;
  if (game.phase !== 'in-game') return game.clock.gameTime;
  return game.clock.gameTime + Math.max(0, now - game.clock.sampledAt) / 1000;
}

export function formatGameTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/** Requests of the scoreboard and its overlays (layout options, history of the player's games). */
export const liveRequestInputSchemas = {} as const;

export type LiveRequestOutputs = Record<never, never>;
