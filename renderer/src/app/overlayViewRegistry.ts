import type { ComponentType } from 'react';
import { OVERLAY_FEATURES, OVERLAY_ROUTES, type OverlayFeature } from '@shared/contract/overlays';
import type { OverlayViews } from '../navigation/overlayViews';

// Each feature's overlays are one chunk, fetched only by a page on one of its routes: an OBS source of the deck
// tracker never downloads the arena's scoreboard, nor the companion's pages (they are another entry). The build
// finds each chunk by its module (features/<feature>/overlayViews) and preloads it in its routes' pages.
const FEATURE_VIEWS: Record<OverlayFeature, () => Promise<OverlayViews>> = {
  status: () => import('../features/status/overlayViews').then((chunk) => chunk.statusOverlayViews),
  live: () => import('../features/live/overlayViews').then((chunk) => chunk.liveOverlayViews),
  card: () => import('../features/card/overlayViews').then((chunk) => chunk.cardOverlayViews),
};

const ROUTES_BY_PATH = new Map(OVERLAY_ROUTES.map((route) => [route.path as string, route]));

/**
 * Starts fetching the view of an overlay route, to be awaited before the first render: null for a mistyped route
 * (which must draw nothing: OBS shows what a source draws). Not React.lazy: React holds a Suspense boundary's
 * content back for up to 300 ms after its fallback shows, which was most of an overlay's time to its first value.
 */
export function loadOverlayView(path: string): Promise<ComponentType> | null {
  const route = ROUTES_BY_PATH.get(path);
  if (!route) return null;
  return FEATURE_VIEWS[OVERLAY_FEATURES[route.name]]().then((views) => {
    const view = views[route.name];
    if (!view) throw new Error(`the ${OVERLAY_FEATURES[route.name]} overlays have no view ${route.name}`);
    return view;
  });
}
