import type { ComponentType } from 'react';
import { OVERLAY_ROUTES, type OverlayName } from '@shared/contract/overlays';

// Each feature's overlays are one chunk, fetched only by a page on one of its routes: an OBS source of the deck
// tracker never downloads the arena's scoreboard, nor the companion's pages (they are another entry).
const liveOverlays = () => import('../features/live/overlayViews').then((chunk) => chunk.liveOverlayViews);
const cardOverlays = () => import('../features/card/overlayViews').then((chunk) => chunk.cardOverlayViews);

/** How each overlay's view is loaded. A Record, so an overlay added to OVERLAY_ROUTES without a view fails the build. */
export const OVERLAY_VIEW_LOADERS: Record<OverlayName, () => Promise<ComponentType>> = {
  status: () => import('../features/status/overlayViews').then((chunk) => chunk.statusOverlayViews.status),
  scoreboard: () => liveOverlays().then((views) => views.scoreboard),
  feed: () => liveOverlays().then((views) => views.feed),
  arena: () => liveOverlays().then((views) => views.arena),
  'deck-tracker': () => cardOverlays().then((views) => views['deck-tracker']),
  'deck-tracker-compact': () => cardOverlays().then((views) => views['deck-tracker-compact']),
  'opponent-cards': () => cardOverlays().then((views) => views['opponent-cards']),
  'opponent-cards-compact': () => cardOverlays().then((views) => views['opponent-cards-compact']),
};

const LOADERS_BY_PATH = new Map<string, () => Promise<ComponentType>>(
  OVERLAY_ROUTES.map((route) => [route.path, OVERLAY_VIEW_LOADERS[route.name]]),
);

/**
 * Starts fetching the view of an overlay route, to be awaited before the first render: null for a mistyped route
 * (which must draw nothing: OBS shows what a source draws). Not React.lazy: React holds a Suspense boundary's
 * content back for up to 300 ms after its fallback shows, which was most of an overlay's time to its first value.
 */
export function loadOverlayView(path: string): Promise<ComponentType> | null {
  return LOADERS_BY_PATH.get(path)?.() ?? null;
}
