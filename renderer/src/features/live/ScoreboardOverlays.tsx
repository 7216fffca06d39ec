import { useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import type { OverlayWidgetLayout } from '@shared/contract';
import { DEFAULT_OVERLAY_LAYOUT, feedEntries } from '@shared/contract/live';
import { eventFeedShows, scoreboardBarShows } from '@shared/contract/overlayContent';
import { useOverlayState } from '../../state/AppContext';
import { LegalFooter } from '../legal/LegalNotice';
import { EventFeed } from './EventFeed';
import { PlacedOverlayCanvas } from './PlacedOverlayCanvas';
import { ScoreBar } from './ScoreBar';
import { feedClearance, placementOf } from './scoreboardFormat';
import { useFitScale } from '../../ui/fit/useFitScale';
import { useStreamScale } from './useStreamScale';
import './scoreboard.css';

const OVERLAY_FEED_LENGTH = 6;
/** The canvas padding of scoreboard.css (.overlay-canvas). */
const CANVAS_PADDING_PX = 24;

interface CanvasProps {
  widget: OverlayWidgetLayout;
  testId: string;
  /** Extra distance from the anchored edge (top or bottom), to keep clear of another widget, on a 1920-wide source. */
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
  const stream = useStreamScale();
  const streamInset = Math.round(inset * stream);
  const placement = placementOf(widget.anchor);
  const fromTop = widget.anchor.startsWith('top');
  const canvas: CSSProperties = {
    justifyContent: placement.justifyContent,
    alignItems: placement.alignItems,
    ...(streamInset > 0
      ? { [fromTop ? 'paddingTop' : 'paddingBottom']: CANVAS_PADDING_PX + streamInset }
      : {}),
  };
  const widgetRef = useRef<HTMLDivElement>(null);
  // Drawn for a 1920-wide source and scaled with its width; scaled down further when the source is shorter (or
  // the widget wider) than that, so nothing is cut at its edges.
  const scale = useFitScale(widgetRef, widget.scale * stream, 2 * CANVAS_PADDING_PX, streamInset);
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
          <ScoreBar game={live} />
          {legalNotice ? <LegalFooter compact /> : null}
        </>
      ) : null}
    </OverlayCanvas>
  );
}

/** The event feed for OBS and the overlay window: the latest few events. */
export function EventFeedOverlay({ legalNotice = true }: OverlayProps) {
  // Only what the feed draws, each kept by identity: a poll that brings no event (the clock, the players'
  // figures) renders nothing here.
  const events = useOverlayState((state) => state.live.feed);
  const layout = useOverlayState((state) => state.live.layout) ?? DEFAULT_OVERLAY_LAYOUT;
  const shows = useOverlayState((state) => eventFeedShows(state.live));
  const widget = layout.feed;
  const feed = useMemo(() => (events ? feedEntries({ feed: events }) : []), [events]);
  return (
    <OverlayCanvas widget={widget} testId="overlay-feed" inset={feedClearance(layout)}>
      {shows ? (
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
  // One notice on the page: under the bar, or under the feed when the bar is hidden. Only that is read here, so
  // a poll renders each widget by what it draws, not the whole page.
  const barShows = useOverlayState((state) => scoreboardBarShows(state.live)) ?? false;
  return (
    <div className="overlay-stack" data-testid="overlay-arena">
      <ScoreboardBarOverlay />
      <EventFeedOverlay legalNotice={!barShows} />
    </div>
  );
}
