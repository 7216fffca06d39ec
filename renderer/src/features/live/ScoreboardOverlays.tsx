import { memo, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import type { LiveGameState, LivePlayer, OverlayWidgetLayout } from '@shared/contract';
import { DEFAULT_OVERLAY_LAYOUT, feedEntries } from '@shared/contract/live';
import { eventFeedShows, scoreboardBarShows } from '@shared/contract/overlayContent';
import { useOverlayState } from '../../state/AppContext';
import { LegalFooter } from '../legal/LegalNotice';
import { ChampionPortrait } from './ChampionPortrait';
import { EventFeed } from './EventFeed';
import { LiveClock } from './LiveClock';
import { PlacedOverlayCanvas } from './PlacedOverlayCanvas';
import { feedClearance, formatKda, placementOf, sameBarSquare, type BarSquare } from './scoreboardFormat';
import { TeamScore } from './ScoreStrip';
import { useFitScale } from './useFitScale';
import './scoreboard.css';

const OVERLAY_FEED_LENGTH = 6;
/** The canvas padding of scoreboard.css (.overlay-canvas). */
const CANVAS_PADDING_PX = 24;

interface CanvasProps {
  widget: OverlayWidgetLayout;
  testId: string;
  /** Extra distance from the anchored edge (top or bottom), to keep clear of another widget. */
  inset?: number;
  children: ReactNode;
}

/** The transparent canvas of an overlay: the widget in its box when placed freely, else at its anchor. */
function OverlayCanvas({ widget, testId, inset, children }: CanvasProps) {
  return widget.box ? (
    <PlacedOverlayCanvas box={widget.box} testId={testId}>
      {children}
    </PlacedOverlayCanvas>
  ) : (
    <AnchoredOverlayCanvas widget={widget} testId={testId} inset={inset}>
      {children}
    </AnchoredOverlayCanvas>
  );
}

/** The 1920×1080 transparent canvas of an overlay: the widget at its anchor, scaled from that corner. */
function AnchoredOverlayCanvas({ widget, testId, inset = 0, children }: CanvasProps) {
  const placement = placementOf(widget.anchor);
  const fromTop = widget.anchor.startsWith('top');
  const canvas: CSSProperties = {
    justifyContent: placement.justifyContent,
    alignItems: placement.alignItems,
    ...(inset > 0 ? { [fromTop ? 'paddingTop' : 'paddingBottom']: CANVAS_PADDING_PX + inset } : {}),
  };
  const widgetRef = useRef<HTMLDivElement>(null);
  // Scaled down further when the source is narrower or shorter than the widget, so nothing is cut at its edges.
  const scale = useFitScale(widgetRef, widget.scale, 2 * CANVAS_PADDING_PX, inset);
  const scaled: CSSProperties & Record<'--overlay-scale', number> = {
    transform: `scale(${scale})`,
    transformOrigin: placement.transformOrigin,
    // The legal line divides its size by this, so it is never drawn below its minimum (styles.css).
    '--overlay-scale': scale,
  };
  return (
    <div className="overlay-canvas" style={canvas} data-testid={testId} data-anchor={widget.anchor}>
      <div
        ref={widgetRef}
        className={`overlay-widget ${widget.anchor.startsWith('bottom') ? 'from-bottom' : 'from-top'}`}
        style={scaled}
        data-scale={scale}
      >
        {children}
      </div>
    </div>
  );
}

/** One player on the bar, drawn again only when what it shows changes (sameBarSquare), not on every poll. */
const BarPlayer = memo(function BarPlayer({ player, game }: BarSquare) {
  return (
    <span className={`bar-player${player.isLocal ? ' local' : ''}`} data-testid="bar-player">
      <ChampionPortrait player={player} game={game} size="small" />
      <span className="bar-name" data-testid="bar-player-name" title={player.name}>
        {player.name}
      </span>
      <span className="bar-kda" data-testid="bar-player-kda">
        {formatKda(player)}
      </span>
    </span>
  );
}, sameBarSquare);

function SidePortraits({ players, game }: { players: LivePlayer[]; game: LiveGameState }) {
  return (
    <span className="bar-portraits">
      {players.map((player) => (
        <BarPlayer key={player.id} player={player} game={game} />
      ))}
    </span>
  );
}

interface OverlayProps {
  /** False where another widget on the same page already shows the legal notice. */
  legalNotice?: boolean;
}

// A widget with nothing to show is blank, notice included: the legal line goes with the content it covers.

/** The scoreboard bar for OBS and the overlay window: champions, team totals and the clock. */
export function ScoreboardBarOverlay({ legalNotice = true }: OverlayProps) {
  const live = useOverlayState((state) => state.live);
  const widget = live?.layout.scoreboard ?? DEFAULT_OVERLAY_LAYOUT.scoreboard;
  return (
    <OverlayCanvas widget={widget} testId="overlay-scoreboard">
      {live && scoreboardBarShows(live) ? (
        <>
          <div className="score-bar" data-testid="score-bar">
            <SidePortraits players={live.players.filter((player) => player.team === 'ORDER')} game={live} />
            <TeamScore team="ORDER" totals={live.teams.ORDER} />
            <LiveClock game={live} className="bar-clock" />
            <TeamScore team="CHAOS" totals={live.teams.CHAOS} />
            <SidePortraits players={live.players.filter((player) => player.team === 'CHAOS')} game={live} />
          </div>
          {legalNotice ? <LegalFooter compact /> : null}
        </>
      ) : null}
    </OverlayCanvas>
  );
}

/** The event feed for OBS and the overlay window: the latest few events. */
export function EventFeedOverlay({ legalNotice = true }: OverlayProps) {
  const live = useOverlayState((state) => state.live);
  const layout = live?.layout ?? DEFAULT_OVERLAY_LAYOUT;
  const widget = layout.feed;
  const feed = useMemo(() => (live ? feedEntries(live) : []), [live]);
  return (
    <OverlayCanvas widget={widget} testId="overlay-feed" inset={feedClearance(layout)}>
      {live && eventFeedShows(live) ? (
        <>
          <EventFeed entries={feed} limit={OVERLAY_FEED_LENGTH} className="overlay-feed" />
          {legalNotice ? <LegalFooter compact /> : null}
        </>
      ) : null}
    </OverlayCanvas>
  );
}

/** Both arena widgets on one transparent page: one overlay window (or OBS source) instead of two. */
export function ArenaOverlay() {
  const live = useOverlayState((state) => state.live);
  // One notice on the page: under the bar, or under the feed when the bar is hidden.
  const barShows = live ? scoreboardBarShows(live) : false;
  return (
    <div className="overlay-stack" data-testid="overlay-arena">
      <ScoreboardBarOverlay />
      <EventFeedOverlay legalNotice={!barShows} />
    </div>
  );
}
