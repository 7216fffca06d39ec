import { PANEL_ROUTES } from '@shared/contract/overlays';
import { SECURE_WEB_PREFERENCES } from '../security/webPreferences';
import type { Bounds, WindowOptions } from './windowOptions';

/** The renderer route of the compact caster panel. */
export const CASTER_PANEL_PATH = PANEL_ROUTES.caster.path;

/** Fits the transport, the skips and the speed presets on two rows. */
export const CASTER_PANEL_SIZE = {
  width: PANEL_ROUTES.caster.width,
  height: PANEL_ROUTES.caster.height,
} as const;

const PANEL_BACKGROUND = '#0f1419';

/**
 * The caster panel: a small, opaque window that stays above the (borderless full-screen) game but,
 * unlike an overlay, takes clicks and the keyboard. It is never throttled: while the game has focus
 * the panel's clock must keep moving.
 */
export function casterPanelWindowOptions(bounds: Bounds, preloadPath: string): WindowOptions {
  return {
    ...bounds,
    minWidth: 420,
    minHeight: 190,
    title: 'Sightline — Caster panel',
    show: false,
    backgroundColor: PANEL_BACKGROUND,
    autoHideMenuBar: true,
    alwaysOnTop: true,
    focusable: true,
    resizable: true,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: preloadPath, backgroundThrottling: false },
  };
}

/** Bottom-right corner of the work area (overlays take the top-right), inset by a margin. */
export function casterPanelBounds(workArea: Bounds, margin = 24): Bounds {
  const width = Math.min(CASTER_PANEL_SIZE.width, workArea.width);
  const height = Math.min(CASTER_PANEL_SIZE.height, workArea.height);
  return {
    x: Math.max(workArea.x, workArea.x + workArea.width - width - margin),
    y: Math.max(workArea.y, workArea.y + workArea.height - height - margin),
    width,
    height,
  };
}
