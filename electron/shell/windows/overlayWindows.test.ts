import { beforeEach, describe, expect, it } from 'vitest';
import type { OverlayRoute } from '@shared/contract';
import { FakeBrowserWindow } from '../tools/testkit/fakeElectron';
import { companionWindowOptions } from './windowOptions';
import { createOverlayWindows } from './overlayWindows';

const routes: OverlayRoute[] = [
  { name: 'status', path: '/overlay/status', title: 'Status', width: 480, height: 160 },
  { name: 'board', path: '/overlay/board', title: 'Board', width: 800, height: 200 },
];

function setup(restore?: string[]) {
  let changes = 0;
  const created: string[] = [];
  const overlays = createOverlayWindows({
    routes,
    restore,
    create: (route) => {
      created.push(route.name);
      return new FakeBrowserWindow(companionWindowOptions('/p'));
    },
    onChange: () => void (changes += 1),
  });
  const windowOf = (index: number): FakeBrowserWindow => {
    const window = FakeBrowserWindow.instances[index];
    if (!window) throw new Error(`no window ${index}`);
    return window;
  };
  return { overlays, created, windowOf, changes: () => changes };
}

beforeEach(() => FakeBrowserWindow.reset());

describe('createOverlayWindows', () => {
  it('lists every route, hidden at first, and makes no window until one is shown', () => {
    const { overlays, created } = setup();
    expect(overlays.visibility()).toEqual([
      { name: 'status', title: 'Status', visible: false },
      { name: 'board', title: 'Board', visible: false },
    ]);
    expect(created).toEqual([]);
  });

  it('shows a new window only once painted, without taking focus', () => {
    const { overlays, windowOf, changes } = setup();
    overlays.show('status');
    expect(overlays.isVisible('status')).toBe(true);
    expect(changes()).toBe(1);
    const window = windowOf(0);
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.callNames()).toContain('showInactive');
    expect(window.callNames()).not.toContain('show');
    expect(window.focused).toBe(false);
  });

  it('hides and shows the same window again, keeping its page', () => {
    const { overlays, windowOf, created } = setup();
    overlays.show('status');
    windowOf(0).emit('ready-to-show');
    overlays.toggle('status');
    expect(windowOf(0).visible).toBe(false);
    expect(overlays.isVisible('status')).toBe(false);
    overlays.toggle('status');
    expect(windowOf(0).visible).toBe(true);
    expect(created).toEqual(['status']);
  });

  it('does not show a window hidden again before it was painted', () => {
    const { overlays, windowOf } = setup();
    overlays.show('status');
    overlays.hide('status');
    windowOf(0).emit('ready-to-show');
    expect(windowOf(0).visible).toBe(false);
  });

  it('ignores unknown names and repeated requests', () => {
    const { overlays, created, changes } = setup();
    overlays.show('nope');
    overlays.hide('status');
    overlays.show('board');
    overlays.show('board');
    expect(created).toEqual(['board']);
    expect(changes()).toBe(1);
  });

  it('forgets a window closed from outside, and makes a new one next time', () => {
    const { overlays, windowOf, created, changes } = setup();
    overlays.show('status');
    windowOf(0).destroy();
    expect(overlays.isVisible('status')).toBe(false);
    expect(changes()).toBe(2);
    overlays.show('status');
    expect(created).toEqual(['status', 'status']);
  });

  it('closes every window on closeAll', () => {
    const { overlays, windowOf } = setup();
    overlays.show('status');
    overlays.show('board');
    overlays.closeAll();
    expect(windowOf(0).isDestroyed()).toBe(true);
    expect(windowOf(1).isDestroyed()).toBe(true);
    expect(overlays.visibility().every((overlay) => !overlay.visible)).toBe(true);
  });

  it('hides every overlay up with toggleAll, telling once, and brings back the same ones', () => {
    const { overlays, windowOf, changes } = setup(['board']);
    overlays.show('status');
    windowOf(0).emit('ready-to-show');
    const before = changes();
    overlays.toggleAll();
    expect(changes()).toBe(before + 1);
    expect(windowOf(0).visible).toBe(false);
    expect(overlays.visibility().some((overlay) => overlay.visible)).toBe(false);
    overlays.toggleAll();
    expect(windowOf(0).visible).toBe(true);
    // The same window, not the fallback list: status alone.
    expect(
      overlays
        .visibility()
        .filter((overlay) => overlay.visible)
        .map((o) => o.name),
    ).toEqual(['status']);
  });

  it('shows the restore list on toggleAll when nothing is up and it hid nothing this run', () => {
    const { overlays, created } = setup(['board']);
    overlays.toggleAll();
    expect(created).toEqual(['board']);
    expect(overlays.isVisible('board')).toBe(true);
  });
});
