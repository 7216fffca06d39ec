import { describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from './appState';
import { audienceOfState, overlayStateOf } from './audience';

describe('overlayStateOf', () => {
  it('keeps what overlays draw and nothing else: no store, sign-on, tournament, web API, data folder or replay', () => {
    const state: AppState = initialAppState(5);
    const overlay = overlayStateOf(state);
    expect(Object.keys(overlay).sort()).toEqual(['card', 'live', 'sources', 'staticData']);
    expect(overlay.live).toBe(state.live);
    expect(overlay.sources).toBe(state.sources);
    expect(overlay.card).toEqual({ phase: 'no-game', game: null, lastGame: null });
    expect(overlay.staticData).toEqual({ revision: 0 });
  });

  it('tells the companion’s state from an overlay’s', () => {
    const state = initialAppState(5);
    expect(audienceOfState(state)).toBe('companion');
    expect(audienceOfState(overlayStateOf(state))).toBe('overlay');
  });
});
