import type { AppState, DesktopSettings, DisplayInfo, OverlayArea } from '@shared/contract';
import { overlayDisplayOf } from '@shared/desktop/overlayDisplay';
import type { Bounds } from './windowOptions';

/** A display as Electron's screen gives it (the fields read here). */
export interface ScreenDisplay {
  id: number;
  label: string;
  bounds: Bounds;
  workArea: Bounds;
  scaleFactor: number;
}

/** The slice of Electron's screen the shell uses (structurally compatible with it). */
export interface ScreenApi {
  getAllDisplays(): ScreenDisplay[];
  getPrimaryDisplay(): ScreenDisplay;
  on(event: 'display-added' | 'display-removed' | 'display-metrics-changed', listener: () => void): unknown;
}

/** The connected displays, the primary marked, as the contract names them. */
export function readDisplays(screen: ScreenApi): DisplayInfo[] {
  const primaryId = screen.getPrimaryDisplay().id;
  return screen.getAllDisplays().map((display) => ({
    id: display.id,
    label: display.label,
    primary: display.id === primaryId,
    bounds: { ...display.bounds },
    workArea: { ...display.workArea },
    scaleFactor: display.scaleFactor,
  }));
}

/**
 * The part of a display overlays lie in. A fullscreen or borderless game covers the taskbar, so the overlays do too
 * (a bottom-anchored widget sits at the screen's bottom edge, not a taskbar's height above it); over a game in a
 * window, or with no game, they keep clear of the taskbar. `auto` takes a running game to be fullscreen or
 * borderless, as both games start.
 */
export function overlayAreaOn(display: DisplayInfo, area: OverlayArea, gameRunning: boolean): Bounds {
  const wholeDisplay = area === 'display' || (area === 'auto' && gameRunning);
  return { ...(wholeDisplay ? display.bounds : display.workArea) };
}

export interface OverlayPlacementDeps {
  screen: ScreenApi;
  settings(): Pick<DesktopSettings, 'overlayDisplayId' | 'overlayArea'>;
  /** Whether a game is running now (the arena game loading or in progress, a card game in progress). */
  gameRunning(): boolean;
  /** Told of a new area: the overlay windows move there. */
  moved(area: Bounds): void;
}

export interface OverlayPlacement {
  /** Where overlays lie now: the chosen display (or the primary) and its part for the game's state. */
  area(): Bounds;
  /** Looks again (a setting or the game changed); tells `moved` when the area is not where it was. */
  refresh(): void;
}

/**
 * Keeps the overlays on the display the user chose: a display unplugged moves them to the primary (the choice is
 * kept, so they go back when it returns), and a change of resolution or taskbar moves them with it.
 */
export function createOverlayPlacement(deps: OverlayPlacementDeps): OverlayPlacement {
  const compute = (): Bounds => {
    const { display } = overlayDisplayOf(readDisplays(deps.screen), deps.settings().overlayDisplayId);
    // The system always has a display while the app runs; the primary's work area stands in for a bad answer.
    if (!display) return { ...deps.screen.getPrimaryDisplay().workArea };
    return overlayAreaOn(display, deps.settings().overlayArea, deps.gameRunning());
  };
  let current = compute();
  const refresh = (): void => {
    const next = compute();
    if (sameBounds(next, current)) return;
    current = next;
    deps.moved(next);
  };
  for (const event of ['display-added', 'display-removed', 'display-metrics-changed'] as const) {
    deps.screen.on(event, refresh);
  }
  return { area: () => ({ ...current }), refresh };
}

function sameBounds(a: Bounds, b: Bounds): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
}

/** A game on screen: the arena game loading or in progress, or a card game in progress. */
export function isGameRunning(state: {
  live: Pick<AppState['live'], 'phase'>;
  card: Pick<AppState['card'], 'phase'>;
}): boolean {
  return state.live.phase === 'loading' || state.live.phase === 'in-game' || state.card.phase === 'in-game';
}
