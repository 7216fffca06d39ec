/** Overlay views: routes of the renderer that work as OBS browser sources and as Electron overlay windows. */
export interface OverlayRoute {
  name: string;
  path: `/overlay/${string}`;
  title: string;
  /** The size to give the OBS browser source (and the overlay window). */
  width: number;
  height: number;
}

export const OVERLAY_ROUTES = [
  {
    name: 'status',
    path: '/overlay/status',
    title: 'Connection status and game clock',
    width: 480,
    height: 160,
  },
  {
    name: 'scoreboard',
    path: '/overlay/scoreboard',
    title: 'Arena scoreboard bar',
    width: 1920,
    height: 1080,
  },
  {
    name: 'feed',
    path: '/overlay/feed',
    title: 'Arena event feed',
    width: 1920,
    height: 1080,
  },
  {
    // The desktop's one window over the game: both arena widgets, each at its own anchor.
    name: 'arena',
    path: '/overlay/arena',
    title: 'Arena scoreboard bar and event feed',
    width: 1920,
    height: 1080,
  },
  {
    name: 'deck-tracker',
    path: '/overlay/deck-tracker',
    title: 'Card game: deck tracker',
    width: 340,
    height: 1000,
  },
  {
    name: 'deck-tracker-compact',
    path: '/overlay/deck-tracker-compact',
    title: 'Card game: deck tracker, compact',
    width: 250,
    height: 760,
  },
  {
    name: 'opponent-cards',
    path: '/overlay/opponent-cards',
    title: 'Card game: opponent’s cards seen',
    width: 340,
    height: 640,
  },
  {
    name: 'opponent-cards-compact',
    path: '/overlay/opponent-cards-compact',
    title: 'Card game: opponent’s cards seen, compact',
    width: 250,
    height: 480,
  },
  {
    // Over the whole game: the size the card client reports its screen (1920×1080 unless it says otherwise).
    name: 'board',
    path: '/overlay/board',
    title: 'Card game: card names on the board',
    width: 1920,
    height: 1080,
  },
] as const satisfies readonly OverlayRoute[];

export type OverlayName = (typeof OVERLAY_ROUTES)[number]['name'];

/** The renderer's features that draw overlays, each from its `features/<feature>/overlayViews` module. */
export type OverlayFeature = 'status' | 'live' | 'card';

/**
 * Which feature draws each overlay. Each feature's overlays are one entry of the build (one script, one style
 * sheet), which every page of its routes names.
 */
export const OVERLAY_FEATURES: Record<OverlayName, OverlayFeature> = {
  status: 'status',
  scoreboard: 'live',
  feed: 'live',
  arena: 'live',
  'deck-tracker': 'card',
  'deck-tracker-compact': 'card',
  'opponent-cards': 'card',
  'opponent-cards-compact': 'card',
  board: 'card',
};

/** Interactive compact windows (always on top, focusable): same bundle, chromeless route. */
export const PANEL_ROUTES = {
  caster: { path: '/panel/caster', title: 'Caster panel', width: 520, height: 220 },
} as const;

/** A path under /overlay/: an overlay route, or a mistyped one that must draw nothing. */
export function isOverlayPath(path: string): boolean {
  return path.startsWith('/overlay/');
}

const OVERLAY_ROUTES_BY_PATH = new Map<string, (typeof OVERLAY_ROUTES)[number]>(
  OVERLAY_ROUTES.map((route) => [route.path, route]),
);

/** The overlay route at a URL path, or null for any other path (a mistyped one under /overlay/ too). */
export function overlayRouteAt(path: string): (typeof OVERLAY_ROUTES)[number] | null {
  return OVERLAY_ROUTES_BY_PATH.get(path) ?? null;
}

export function isOverlayName(name: string): name is OverlayName {
  return OVERLAY_ROUTES.some((route) => route.name === name);
}
