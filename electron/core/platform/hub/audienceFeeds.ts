import {
  overlayRouteShareOf,
  overlayRouteStateOf,
  overlayStateOf,
  type AppState,
  type Audience,
  type OverlayRouteShare,
  type OverlayState,
} from '@shared/contract';
import { projectedFeed, type StateFeed, type StateHub } from './stateHub';

/** What each audience is pushed: the companion the whole app state, an overlay only what overlays draw. */
export interface AudienceFeeds {
  companion: StateFeed<AppState>;
  overlay: StateFeed<OverlayState>;
  /** What a page of one overlay route draws (OVERLAY_ROUTE_SHARES), cut from the overlay's feed. */
  overlayRoute(share: OverlayRouteShare): StateFeed<OverlayState>;
}

/** The state each audience receives, in its snapshots and patches; made once per hub, beside it. */
export function createAudienceFeeds(hub: StateHub<AppState>): AudienceFeeds {
  // One feed per set of slices, made when a page of it first connects and shared by every page drawing the same
  // (three arena routes, four card routes): a patch is cut and numbered once, not once per socket. At most one
  // per entry of OVERLAY_ROUTE_SHARES, so they live as long as the hub.
  const routeFeeds = new Map<OverlayRouteShare, StateFeed<OverlayState>>();
  return {
    companion: hub,
    overlay: projectedFeed(hub, overlayStateOf),
    overlayRoute(share) {
      let feed = routeFeeds.get(share);
      if (!feed) {
        // Each cut starts from the last one, so a poll's latency does not move the running clock's start.
        let given: OverlayState | null = null;
        feed = projectedFeed(
          hub,
          (state) => (given = overlayRouteStateOf(share, overlayStateOf(state), given)),
        );
        routeFeeds.set(share, feed);
      }
      return feed;
    },
  };
}

/**
 * One audience's feed, typed as the messages every transport carries. A page that names its overlay route
 * (`route`, an overlay's name) gets only what that route draws, whatever its link: a route narrows, never widens,
 * and a name that is no overlay route changes nothing.
 */
export function feedFor(
  feeds: AudienceFeeds,
  audience: Audience,
  route: string | null = null,
): StateFeed<AppState | OverlayState> {
  const share = overlayRouteShareOf(route);
  return share ? feeds.overlayRoute(share) : feeds[audience];
}
