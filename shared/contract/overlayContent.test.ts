import { describe, expect, it } from 'vitest';
import { initialAppState } from './appState';
import type { TrackedCardGame } from './card';
import type { LiveFeedEntry, LiveGameState, LivePlayer } from './live';
import { overlayContent } from './overlayContent';
import { OVERLAY_ROUTES } from './overlays';

const idle = initialAppState(0);
const connected = { state: 'connected', reason: null, since: 0 } as const;

function arenaGame(feed: Record<string, LiveFeedEntry> = {}): LiveGameState {
  return { ...idle.live, phase: 'in-game', players: [{ id: 'Ahri#1' } as LivePlayer], feed };
}

describe('overlayContent', () => {
  it('leaves every overlay but the status one blank with nothing running, and says why', () => {
    const blank = OVERLAY_ROUTES.filter((route) => !overlayContent(route.name, idle).showing);
    expect(blank.map((route) => route.name)).toEqual(OVERLAY_ROUTES.slice(1).map((route) => route.name));
    expect(overlayContent('deck-tracker', idle)).toEqual({
      showing: false,
      blankBecause: 'no card game: client not running',
    });
    const menus = { ...idle, sources: { ...idle.sources, card: connected } };
    expect(overlayContent('opponent-cards', menus)).toEqual({
      showing: false,
      blankBecause: 'no card game in progress',
    });
  });

  it('shows the card overlays while a card game is tracked', () => {
    const state = { ...idle, card: { ...idle.card, phase: 'in-game', game: {} as TrackedCardGame } } as const;
    for (const name of [
      'deck-tracker',
      'deck-tracker-compact',
      'opponent-cards',
      'opponent-cards-compact',
      'board',
    ] as const)
      expect(overlayContent(name, state).showing, name).toBe(true);
  });

  it('shows the bar in a game, the feed once it has events, and neither where the layout hides it', () => {
    const started = { ...idle, live: arenaGame() };
    expect(overlayContent('scoreboard', started).showing).toBe(true);
    expect(overlayContent('feed', started)).toEqual({ showing: false, blankBecause: 'no game events yet' });
    expect(overlayContent('arena', started).showing).toBe(true);

    const hidden = { ...arenaGame({ 1: { id: 1 } as LiveFeedEntry }) };
    hidden.layout = { ...hidden.layout, scoreboard: { ...hidden.layout.scoreboard, visible: false } };
    const state = { ...idle, live: hidden };
    expect(overlayContent('scoreboard', state)).toEqual({
      showing: false,
      blankBecause: 'hidden on the Scoreboard page',
    });
    expect(overlayContent('feed', state).showing).toBe(true);
    // The arena page shows what either widget shows.
    expect(overlayContent('arena', state).showing).toBe(true);
  });
});
