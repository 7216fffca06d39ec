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
] as const satisfies readonly OverlayRoute[];

export type OverlayName = (typeof OVERLAY_ROUTES)[number]['name'];

/** Interactive compact windows (always on top, focusable): same bundle, chromeless route. */
export const PANEL_ROUTES = {
  caster: { path: '/panel/caster', title: 'Caster panel', width: 520, height: 220 },
} as const;
