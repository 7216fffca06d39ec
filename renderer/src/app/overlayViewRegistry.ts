import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
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

export type OverlayView = LazyExoticComponent<ComponentType>;

const OVERLAY_VIEWS = new Map<string, OverlayView>(
  OVERLAY_ROUTES.map((route) => [
    route.path,
    lazy(() => OVERLAY_VIEW_LOADERS[route.name]().then((view) => ({ default: view }))),
  ]),
);

/** The view of an overlay route, or null for a mistyped one (which must draw nothing: OBS shows what a source draws). */
export function overlayViewFor(path: string): OverlayView | null {
  return OVERLAY_VIEWS.get(path) ?? null;
}
