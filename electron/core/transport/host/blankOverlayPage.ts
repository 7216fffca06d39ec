import { isOverlayPath, overlayRouteAt } from '@shared/contract';

/**
 * The answer to a mistyped overlay URL: OBS composites whatever a source draws over the scene, so the page
 * is transparent and says nothing (no script either: the host's CSP). The 404 status tells a person who looks.
 */
export const BLANK_OVERLAY_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title></title>' +
  '<style>html,body{margin:0;background:transparent}</style></head><body></body></html>';

/** A path under /overlay/ that is none of the overlay routes (a typo, a removed overlay). */
export function isUnknownOverlayPath(urlPath: string): boolean {
  return isOverlayPath(urlPath) && overlayRouteAt(urlPath) === null;
}
