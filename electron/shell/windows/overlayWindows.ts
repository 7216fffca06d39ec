import type { OverlayRoute } from '@shared/contract';
import type { ShellWindow } from './windowFactory';
import type { Bounds } from './windowOptions';

export interface OverlayVisibility {
  name: string;
  title: string;
  visible: boolean;
}

export interface OverlayWindows {
  show(name: string): void;
  hide(name: string): void;
  toggle(name: string): void;
  isVisible(name: string): boolean;
  /**
   * The hide / show shortcut: hides every overlay that is up, remembering which; when none is up, shows those again
   * (or `restore`'s, when it hid none this run).
   */
  toggleAll(): void;
  /** Moves every window made so far to where `boundsOf` puts its route (another display, the taskbar covered). */
  place(boundsOf: (route: OverlayRoute) => Bounds): void;
  /** Every overlay route, in route order, with whether the user wants it shown. */
  visibility(): OverlayVisibility[];
  closeAll(): void;
}

export interface OverlayWindowsOptions<W extends ShellWindow> {
  routes: readonly OverlayRoute[];
  /** Makes a configured (not yet shown) window for a route. */
  create(route: OverlayRoute): W;
  /** Called whenever a visibility changes (the tray menu is rebuilt); once for the whole of a toggleAll. */
  onChange(): void;
  /** What toggleAll shows when nothing is up and it hid nothing this run. */
  restore?: readonly string[];
}

/**
 * Which overlays are up. A window is made on first show and then only hidden and shown again, so a
 * page keeps its state; it is shown only once painted, and never takes focus from the game.
 */
export function createOverlayWindows<W extends ShellWindow>(
  options: OverlayWindowsOptions<W>,
): OverlayWindows {
  const windows = new Map<string, { window: W; ready: boolean }>();
  const wanted = new Set<string>();
  let hiddenByToggle: string[] = [];

  const routeNamed = (name: string): OverlayRoute | undefined =>
    options.routes.find((route) => route.name === name);

  const open = (route: OverlayRoute): void => {
    const window = options.create(route);
    const entry = { window, ready: false };
    windows.set(route.name, entry);
    window.once('ready-to-show', () => {
      entry.ready = true;
      if (wanted.has(route.name) && !window.isDestroyed()) window.showInactive();
    });
    window.on('closed', () => {
      if (windows.get(route.name) !== entry) return;
      windows.delete(route.name);
      if (wanted.delete(route.name)) options.onChange();
    });
  };

  /** Shows a window without telling onChange; true when it was not up. */
  const showQuietly = (name: string): boolean => {
    const route = routeNamed(name);
    if (!route || wanted.has(name)) return false;
    wanted.add(name);
    const entry = windows.get(name);
    if (!entry) open(route);
    else if (entry.ready) entry.window.showInactive();
    return true;
  };

  const hideQuietly = (name: string): boolean => {
    if (!wanted.delete(name)) return false;
    const entry = windows.get(name);
    if (entry && !entry.window.isDestroyed()) entry.window.hide();
    return true;
  };

  const show = (name: string): void => {
    if (showQuietly(name)) options.onChange();
  };

  const hide = (name: string): void => {
    if (hideQuietly(name)) options.onChange();
  };

  const toggleAll = (): void => {
    if (wanted.size > 0) {
      hiddenByToggle = [...wanted];
      for (const name of hiddenByToggle) hideQuietly(name);
    } else {
      const again = hiddenByToggle.length > 0 ? hiddenByToggle : (options.restore ?? []);
      hiddenByToggle = [];
      for (const name of again) showQuietly(name);
    }
    options.onChange();
  };

  return {
    show,
    hide,
    toggle: (name) => (wanted.has(name) ? hide(name) : show(name)),
    isVisible: (name) => wanted.has(name),
    toggleAll,
    place: (boundsOf) => {
      for (const [name, { window }] of windows) {
        const route = routeNamed(name);
        if (route && !window.isDestroyed()) window.setBounds(boundsOf(route));
      }
    },
    visibility: () =>
      options.routes.map((route) => ({
        name: route.name,
        title: route.title,
        visible: wanted.has(route.name),
      })),
    closeAll: () => {
      const entries = [...windows.values()];
      windows.clear();
      wanted.clear();
      for (const { window } of entries) if (!window.isDestroyed()) window.destroy();
    },
  };
}
