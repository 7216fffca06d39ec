import { describe, expect, it } from 'vitest';
import { INITIAL_LIVE_GAME, type LiveGameState } from '@shared/contract';
import { reduceLiveGame, type LiveObservation } from './liveGameReducer';

const stats = (gameTime: number, started = true, ended = false): LiveObservation => ({
  kind: 'stats',
  gameTime,
  gameMode: 'CLASSIC',
  mapName: 'Map11',
  started,
  ended,
});

function run(observations: LiveObservation[]): LiveGameState['phase'][] {
  let state = INITIAL_LIVE_GAME;
  return observations.map((o, i) => (state = reduceLiveGame(state, o, i * 1000)).phase);
}

describe('reduceLiveGame', () => {
  it('walks no game → loading → in game → ended → no game', () => {
    expect(
      run([
        { kind: 'absent' },
        { kind: 'loading' },
        stats(0, false),
        stats(3),
        stats(4, true, true),
        { kind: 'absent' },
      ]),
    ).toEqual(['no-game', 'loading', 'loading', 'in-game', 'ended', 'no-game']);
  });

  it('ends the game when the client disappears mid-game', () => {
    expect(run([stats(100), { kind: 'absent' }, { kind: 'absent' }])).toEqual([
      'in-game',
      'ended',
      'no-game',
    ]);
  });

  it('keeps the last good state through an unreadable poll', () => {
    expect(run([stats(100), { kind: 'unreadable' }])).toEqual(['in-game', 'in-game']);
  });

  it('samples the clock with the poll time so views can interpolate', () => {
    const state = reduceLiveGame(INITIAL_LIVE_GAME, stats(42.5), 7000);
    expect(state.clock).toEqual({ gameTime: 42.5, sampledAt: 7000 });
  });
});
