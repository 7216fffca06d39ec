import type { OverlayRoute } from '@shared/contract';
import type { ShellWindow } from './windowFactory';

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
  /** Every overlay route, in route order, with whether the user wants it shown. */
  visibility(): OverlayVisibility[];
  closeAll(): void;
}

export interface OverlayWindowsOptions<W extends ShellWindow> {
  routes: readonly OverlayRoute[];
  /** Makes a configured (not yet shown) window for a route. */
  create(route: OverlayRoute): W;
  /** Called whenever a visibility changes (the tray menu is rebuilt). */
  onChange(): void;
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

  const show = (name: string): void => {
    const route = routeNamed(name);
    if (!route || wanted.has(name)) return;
    wanted.add(name);
    const entry = windows.get(name);
    if (!entry) open(route);
    else if (entry.ready) entry.window.showInactive();
    options.onChange();
  };

  const hide = (name: string): void => {
    if (!wanted.delete(name)) return;
    const entry = windows.get(name);
    if (entry && !entry.window.isDestroyed()) entry.window.hide();
    options.onChange();
  };

  return {
    show,
    hide,
    toggle: (name) => (wanted.has(name) ? hide(name) : show(name)),
    isVisible: (name) => wanted.has(name),
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
