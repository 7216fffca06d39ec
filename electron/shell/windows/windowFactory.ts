import type { Audience, OverlayRoute } from '@shared/contract';
import type { PagesOrigin } from '../protocol/pagesOrigin';
import type { GuardableWebContents } from '../security/attachGuards';
import type { StateTarget } from '../ipc/ipcHandlers';
import { assertSecureWebPreferences } from '../security/webPreferences';
import { CASTER_PANEL_PATH, casterPanelWindowOptions } from './casterPanelOptions';
import {
  companionWindowOptions,
  OVERLAY_TOP_LEVEL,
  overlayWindowOptions,
  type Bounds,
  type WindowOptions,
} from './windowOptions';

export type ShellWebContents = GuardableWebContents & StateTarget;

/** The slice of Electron's BrowserWindow the shell uses (structurally compatible with it). */
export interface ShellWindow {
  readonly webContents: ShellWebContents;
  loadURL(url: string): Promise<void>;
  once(event: 'ready-to-show', listener: () => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
  show(): void;
  showInactive(): void;
  hide(): void;
  focus(): void;
  restore(): void;
  isMinimized(): boolean;
  isDestroyed(): boolean;
  destroy(): void;
  setAlwaysOnTop(flag: boolean, level: typeof OVERLAY_TOP_LEVEL): void;
  setVisibleOnAllWorkspaces(visible: boolean, options: { visibleOnFullScreen: boolean }): void;
  setIgnoreMouseEvents(ignore: boolean, options: { forward: boolean }): void;
  setBounds(bounds: Bounds): void;
}

export interface WindowFactoryDeps<W extends ShellWindow> {
  BrowserWindow: new (options: WindowOptions) => W;
  preloadPath: string;
  /** Where the windows load their routes from (pagesOriginFor). */
  pages: PagesOrigin;
  platform: NodeJS.Platform;
  /** Navigation guards (idempotent: the app-wide hook may have guarded the contents already). */
  guard(contents: ShellWebContents): void;
  /**
   * Starts pushing state to the window, as its audience receives it (an overlay window only what overlays draw,
   * and of that only what its `route` draws).
   */
  attachState(contents: ShellWebContents, audience: Audience, route?: string): void;
  log(message: string): void;
}

/** Every window: checked preferences, then guards and its audience's state before any page loads. */
function openWindow<W extends ShellWindow>(
  deps: WindowFactoryDeps<W>,
  options: WindowOptions,
  audience: Audience,
  route?: string,
): W {
  assertSecureWebPreferences(options.webPreferences);
  const window = new deps.BrowserWindow(options);
  deps.guard(window.webContents);
  deps.attachState(window.webContents, audience, route);
  return window;
}

function load(window: ShellWindow, url: string, log: (message: string) => void): void {
  window.loadURL(url).catch((error: unknown) => log(`could not load ${url}: ${String(error)}`));
}

/** The companion window: the app's pages (from `path`, the status page by default), shown once painted. */
export function createCompanionWindow<W extends ShellWindow>(
  deps: WindowFactoryDeps<W>,
  path: `/${string}` = '/',
): W {
  const window = openWindow(deps, companionWindowOptions(deps.preloadPath), 'companion');
  window.once('ready-to-show', () => window.show());
  load(window, deps.pages.url(path), deps.log);
  return window;
}

/**
 * An overlay window for one overlay route: on top of full-screen (borderless) games, on every
 * workspace, and click-through so the game under it keeps the mouse. The caller decides when to show it.
 */
export function createOverlayWindow<W extends ShellWindow>(
  deps: WindowFactoryDeps<W>,
  route: OverlayRoute,
  bounds: Bounds,
): W {
  // The shell knows the route it opens: the window is pushed only what that overlay draws.
  const options = overlayWindowOptions(bounds, deps.preloadPath, deps.platform);
  const window = openWindow(deps, options, 'overlay', route.name);
  window.setAlwaysOnTop(true, OVERLAY_TOP_LEVEL);
  window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true });
  window.setIgnoreMouseEvents(true, { forward: true });
  load(window, deps.pages.url(route.path), deps.log);
  return window;
}

/**
 * The compact caster panel: above the game on every workspace like an overlay, but interactive
 * (it takes clicks and focus), and shown as soon as it is painted because the caster asked for it.
 */
export function createCasterPanelWindow<W extends ShellWindow>(
  deps: WindowFactoryDeps<W>,
  bounds: Bounds,
): W {
  const window = openWindow(deps, casterPanelWindowOptions(bounds, deps.preloadPath), 'companion');
  window.setAlwaysOnTop(true, OVERLAY_TOP_LEVEL);
  window.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true });
  window.once('ready-to-show', () => window.show());
  load(window, deps.pages.url(CASTER_PANEL_PATH), deps.log);
  return window;
}
