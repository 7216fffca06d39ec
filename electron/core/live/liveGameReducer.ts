import { INITIAL_LIVE_GAME, type LiveGameState } from '@shared/contract';

/** One poll's reading of the arena live client, reduced to what decides the game phase. */
export type LiveObservation =
  | { kind: 'absent' }
  | { kind: 'loading' }
  | { kind: 'unreadable' }
  | { kind: 'stats'; gameTime: number; gameMode: string; mapName: string; started: boolean; ended: boolean };

/**
 * The game phase machine: no game → loading → in game → ended → no game.
 * A game also ends when the client goes away during it (crash, or the player quit).
 */
export function reduceLiveGame(
  state: LiveGameState,
  observation: LiveObservation,
  now: number,
): LiveGameState {
  switch (observation.kind) {
    case 'absent':
      return state.phase === 'in-game' ? { ...state, phase: 'ended' } : INITIAL_LIVE_GAME;
    case 'loading':
      return { ...INITIAL_LIVE_GAME, phase: 'loading' };
    case 'unreadable':
      return state;
    case 'stats': {
      const phase = observation.ended ? 'ended' : observation.started ? 'in-game' : 'loading';
      return {
        phase,
        clock: phase === 'loading' ? null : { gameTime: observation.gameTime, sampledAt: now },
        gameMode: observation.gameMode,
        mapName: observation.mapName,
      };
    }
  }
}
