import { SECURE_WEB_PREFERENCES } from '../security/webPreferences';

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The subset of BrowserWindow options the app sets, as plain data (structurally Electron's type). */
export interface WindowOptions {
  x?: number;
  y?: number;
  width: number;
  height: number;
  minWidth?: number;
  minHeight?: number;
  title?: string;
  show: boolean;
  backgroundColor: string;
  autoHideMenuBar?: boolean;
  transparent?: boolean;
  frame?: boolean;
  resizable?: boolean;
  movable?: boolean;
  minimizable?: boolean;
  maximizable?: boolean;
  fullscreenable?: boolean;
  hasShadow?: boolean;
  skipTaskbar?: boolean;
  focusable?: boolean;
  alwaysOnTop?: boolean;
  type?: 'toolbar';
  webPreferences: typeof SECURE_WEB_PREFERENCES & { preload: string; backgroundThrottling?: boolean };
}

/**
 * The level overlays sit at: above the taskbar/Dock and ordinary topmost windows (macOS and Windows;
 * Linux has no levels).
 */
export const OVERLAY_TOP_LEVEL = 'screen-saver' as const;

/** Matches the renderer's background, so the window does not flash white before the first paint. */
const COMPANION_BACKGROUND = '#0f1419';

export function companionWindowOptions(preloadPath: string): WindowOptions {
  return {
    width: 1100,
    height: 760,
    minWidth: 720,
    minHeight: 520,
    title: 'Sightline',
    show: false,
    backgroundColor: COMPANION_BACKGROUND,
    autoHideMenuBar: true,
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: preloadPath },
  };
}

/**
 * A click-through, transparent, always-on-top window over the game. It never takes focus (the game
 * keeps the keyboard) and is never throttled (it is never focused, yet must keep animating).
 */
export function overlayWindowOptions(
  bounds: Bounds,
  preloadPath: string,
  platform: NodeJS.Platform,
): WindowOptions {
  return {
    ...bounds,
    show: false,
    transparent: true,
    frame: false,
    resizable: false,
    movable: false,
    minimizable: false,
    maximizable: false,
    fullscreenable: false,
    hasShadow: false,
    skipTaskbar: true,
    focusable: false,
    alwaysOnTop: true,
    backgroundColor: '#00000000',
    // On Windows a toolbar window stays out of Alt+Tab.
    ...(platform === 'win32' ? { type: 'toolbar' as const } : {}),
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: preloadPath, backgroundThrottling: false },
  };
}

/** The size of an overlay that is a whole screen (the arena's): its widgets sit at anchors inside it. */
const FULL_SCREEN_OVERLAY = { width: 1920, height: 1080 };

/**
 * Where an overlay of a given size goes: a full-screen overlay covers the whole area, whatever the display's
 * resolution; any other sits in the top-right corner of the area, inset by a margin.
 */
export function overlayBounds(
  size: { width: number; height: number },
  workArea: Bounds,
  margin = 24,
): Bounds {
  if (size.width === FULL_SCREEN_OVERLAY.width && size.height === FULL_SCREEN_OVERLAY.height) {
    return { ...workArea };
  }
  const width = Math.min(size.width, workArea.width);
  const height = Math.min(size.height, workArea.height);
  return {
    x: Math.max(workArea.x, workArea.x + workArea.width - width - margin),
    y: workArea.y + Math.min(margin, Math.max(0, workArea.height - height)),
    width,
    height,
  };
}
