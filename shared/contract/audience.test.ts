import { describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from './appState';
import { audienceOfState, OVERLAY_ROUTE_SHARES, overlayRouteStateOf, overlayStateOf } from './audience';
import type { CardBoard, TrackedCardGame } from './card';

describe('overlayStateOf', () => {
  it('keeps what overlays draw and nothing else: no store, sign-on, tournament, web API, data folder or replay', () => {
    const state: AppState = initialAppState(5);
    const overlay = overlayStateOf(state);
    expect(Object.keys(overlay).sort()).toEqual(['card', 'live', 'sources', 'staticData']);
    expect(overlay.live).toBe(state.live);
    expect(overlay.sources).toBe(state.sources);
    expect(overlay.card).toEqual({ phase: 'no-game', game: null, lastGame: null, board: null });
    expect(overlay.staticData).toEqual({ revision: 0 });
  });

  it('tells the companion’s state from an overlay’s', () => {
    const state = initialAppState(5);
    expect(audienceOfState(state)).toBe('companion');
    expect(audienceOfState(overlayStateOf(state))).toBe('overlay');
  });

  it('sends the board route the cards on screen, and neither the deck nor the opponent’s list', () => {
    const board: CardBoard = { screen: { width: 1920, height: 1080 }, cards: [], opponentJustPlayed: null };
    const game = {
      deckCode: 'CEAA',
      deckSize: 40,
      opponentCards: [{ count: 1 }],
    } as unknown as TrackedCardGame;
    const state = initialAppState(5);
    const playing: AppState = { ...state, card: { ...state.card, phase: 'in-game', game, board } };
    const routed = overlayRouteStateOf(OVERLAY_ROUTE_SHARES.board, overlayStateOf(playing));
    expect(routed.card.board).toBe(board);
    expect(routed.card.phase).toBe('in-game');
    expect(routed.card.game).toBeNull();
    // The deck and opponent's-cards routes are not sent the board.
    for (const route of ['deck-tracker', 'opponent-cards'] as const)
      expect(overlayRouteStateOf(OVERLAY_ROUTE_SHARES[route], overlayStateOf(playing)).card.board).toBeNull();
  });
});
