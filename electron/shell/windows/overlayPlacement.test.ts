import { beforeEach, describe, expect, it } from 'vitest';
import { OVERLAY_ROUTES, settingsSchema, type DesktopSettings } from '@shared/contract';
import { FakeBrowserWindow, FakeScreen, fakeDisplay } from '../tools/testkit/fakeElectron';
import { createOverlayPlacement, isGameRunning, readDisplays } from './overlayPlacement';
import { createOverlayWindows } from './overlayWindows';
import { overlayBounds, overlayWindowOptions } from './windowOptions';

/** The shell's wiring of placement and overlay windows, as main.electron.ts does it, on a fake screen. */
function setup(screen: FakeScreen, desktop: Partial<DesktopSettings> = {}) {
  let settings = { ...settingsSchema.parse({}).desktop, ...desktop };
  let gameRunning = false;
  const placement = createOverlayPlacement({
    screen,
    settings: () => settings,
    gameRunning: () => gameRunning,
    moved: (area) => overlays.place((route) => overlayBounds(route, area)),
  });
  const overlays = createOverlayWindows({
    routes: OVERLAY_ROUTES,
    create: (route) =>
      new FakeBrowserWindow(overlayWindowOptions(overlayBounds(route, placement.area()), '/p', 'linux')),
    onChange: () => undefined,
  });
  overlays.show('arena');
  overlays.show('status');
  const [arena, status] = FakeBrowserWindow.instances;
  if (!arena || !status) throw new Error('no overlay windows');
  return {
    arena,
    status,
    placement,
    change(next: Partial<DesktopSettings>) {
      settings = { ...settings, ...next };
      placement.refresh();
    },
    game(running: boolean) {
      gameRunning = running;
      placement.refresh();
    },
  };
}

beforeEach(() => FakeBrowserWindow.reset());

describe('overlay placement', () => {
  it('puts the overlays on the chosen display, clear of its taskbar when no game runs', () => {
    const screen = new FakeScreen([fakeDisplay(1, 0), fakeDisplay(2, 1920, 2560, 1440)]);
    const { arena, status } = setup(screen, { overlayDisplayId: 2 });
    expect(arena.bounds).toEqual({ x: 1920, y: 0, width: 2560, height: 1400 });
    // The status overlay sits in the top-right corner of the second display.
    expect(status.bounds).toEqual({ x: 1920 + 2560 - 480 - 24, y: 24, width: 480, height: 160 });
  });

  it('covers the whole display (the taskbar too) while a game runs, and the work area again after', () => {
    const screen = new FakeScreen([fakeDisplay(1, 0, 1280, 720)]);
    const { arena, game } = setup(screen);
    expect(arena.bounds).toEqual({ x: 0, y: 0, width: 1280, height: 680 });
    game(true);
    expect(arena.bounds).toEqual({ x: 0, y: 0, width: 1280, height: 720 });
    game(false);
    expect(arena.bounds).toEqual({ x: 0, y: 0, width: 1280, height: 680 });
  });

  it('follows the user’s choice of area over the game state', () => {
    const screen = new FakeScreen([fakeDisplay(1, 0, 1280, 720)]);
    const { arena, change, game } = setup(screen, { overlayArea: 'display' });
    expect(arena.bounds.height).toBe(720);
    change({ overlayArea: 'work-area' });
    game(true);
    expect(arena.bounds.height).toBe(680);
  });

  it('moves the overlays to the primary when their display is unplugged, and back when it returns', () => {
    const screen = new FakeScreen([fakeDisplay(1, 0), fakeDisplay(2, 1920)]);
    const { arena, placement } = setup(screen, { overlayDisplayId: 2 });
    expect(arena.bounds.x).toBe(1920);
    screen.disconnect(2);
    expect(arena.bounds).toEqual({ x: 0, y: 0, width: 1920, height: 1040 });
    expect(placement.area().x).toBe(0);
    screen.connect(fakeDisplay(2, 1920));
    expect(arena.bounds.x).toBe(1920);
  });

  it('moves with a change of the display’s resolution or taskbar', () => {
    const screen = new FakeScreen([fakeDisplay(1, 0)]);
    const { arena } = setup(screen);
    screen.changeMetrics(1, { workArea: { x: 0, y: 48, width: 1920, height: 1032 } });
    expect(arena.bounds).toEqual({ x: 0, y: 48, width: 1920, height: 1032 });
    const moves = arena.callNames().filter((name) => name === 'setBounds').length;
    screen.changeMetrics(1, { workArea: { x: 0, y: 48, width: 1920, height: 1032 } });
    expect(arena.callNames().filter((name) => name === 'setBounds')).toHaveLength(moves);
  });

  it('marks the primary among the displays it reads', () => {
    const screen = new FakeScreen([fakeDisplay(7, 0, 1920, 1080, 'Left'), fakeDisplay(3, 1920)], 3);
    expect(readDisplays(screen).map(({ id, label, primary }) => ({ id, label, primary }))).toEqual([
      { id: 7, label: 'Left', primary: false },
      { id: 3, label: '', primary: true },
    ]);
  });
});

describe('isGameRunning', () => {
  const idle = { live: { phase: 'no-game' as const }, card: { phase: 'no-game' as const } };
  it('is true while the arena game loads or runs, or a card game runs', () => {
    expect(isGameRunning(idle)).toBe(false);
    expect(isGameRunning({ ...idle, live: { phase: 'loading' } })).toBe(true);
    expect(isGameRunning({ ...idle, live: { phase: 'in-game' } })).toBe(true);
    expect(isGameRunning({ ...idle, live: { phase: 'ended' } })).toBe(false);
    expect(isGameRunning({ ...idle, card: { phase: 'in-game' } })).toBe(true);
  });
});
