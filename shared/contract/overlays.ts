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
