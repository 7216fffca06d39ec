import type { AppState } from './appState';
import type { LiveGameState } from './live';
import type { OverlayName } from './overlays';
import { describeSourceStatus, type SourceStatus } from './sources';

/**
 * Whether an overlay has something to show. One with nothing is blank on stream (no text, no notice):
 * why it is blank is said on the companion's Status and OBS overlays pages, never over the scene.
 */
export type OverlayContent = { showing: true } | { showing: false; blankBecause: string };

/** An arena game the bar and feed can show: players known, in progress or just ended. */
export function hasArenaGame(live: LiveGameState): boolean {
  return live.players.length > 0 && (live.phase === 'in-game' || live.phase === 'ended');
}

export function scoreboardBarShows(live: LiveGameState): boolean {
  return live.layout.scoreboard.visible && hasArenaGame(live);
}

export function eventFeedShows(live: LiveGameState): boolean {
  return live.layout.feed.visible && hasArenaGame(live) && Object.keys(live.feed).length > 0;
}

const SHOWING: OverlayContent = { showing: true };

function blank(blankBecause: string): OverlayContent {
  return { showing: false, blankBecause };
}

function noGameBecause(game: string, source: SourceStatus): string {
  return source.state === 'connected'
    ? `no ${game} game in progress`
    : `no ${game} game: client ${describeSourceStatus(source)}`;
}

function arenaWidget(
  live: LiveGameState,
  source: SourceStatus,
  widget: 'scoreboard' | 'feed',
): OverlayContent {
  if (!live.layout[widget].visible) return blank('hidden on the Scoreboard page');
  if (!hasArenaGame(live)) return blank(noGameBecause('arena', source));
  if (widget === 'feed' && !eventFeedShows(live)) return blank('no game events yet');
  return SHOWING;
}

export function overlayContent(
  name: OverlayName,
  state: Pick<AppState, 'live' | 'card' | 'sources'>,
): OverlayContent {
  switch (name) {
    case 'status':
      // The connections and the clock are this overlay's show.
      return SHOWING;
    case 'scoreboard':
    case 'feed':
      return arenaWidget(state.live, state.sources.live, name);
    case 'arena': {
      const bar = arenaWidget(state.live, state.sources.live, 'scoreboard');
      return bar.showing ? bar : arenaWidget(state.live, state.sources.live, 'feed');
    }
    case 'deck-tracker':
    case 'deck-tracker-compact':
    case 'opponent-cards':
    case 'opponent-cards-compact':
    case 'board':
      return state.card.game ? SHOWING : blank(noGameBecause('card', state.sources.card));
  }
}
