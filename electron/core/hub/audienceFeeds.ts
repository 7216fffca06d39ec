import { overlayStateOf, type AppState, type Audience, type OverlayState } from '@shared/contract';
import { projectedFeed, type StateFeed, type StateHub } from './stateHub';

/** What each audience is pushed: the companion the whole app state, an overlay only what overlays draw. */
export interface AudienceFeeds {
  companion: StateFeed<AppState>;
  overlay: StateFeed<OverlayState>;
}

/** The state each audience receives, in its snapshots and patches; made once per hub, beside it. */
export function createAudienceFeeds(hub: StateHub<AppState>): AudienceFeeds {
  return { companion: hub, overlay: projectedFeed(hub, overlayStateOf) };
}

/** One audience's feed, typed as the messages every transport carries. */
export function feedFor(feeds: AudienceFeeds, audience: Audience): StateFeed<AppState | OverlayState> {
  return feeds[audience];
}
