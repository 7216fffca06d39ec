import { describe, expect, it } from 'vitest';
import { OVERLAY_ROUTES, settingsSchema, type ReplayCommand, type Settings } from '@shared/contract';
import { FakeBrowserWindow, FakeGlobalShortcut } from '../tools/testkit/fakeElectron';
import { companionWindowOptions } from '../windows/windowOptions';
import { createOverlayWindows } from '../windows/overlayWindows';
import { registerAppShortcuts } from './appShortcuts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(settings: Settings = settingsSchema.parse({})) {
  FakeBrowserWindow.reset();
  const globalShortcut = new FakeGlobalShortcut();
  const ran: ReplayCommand[] = [];
  const logged: string[] = [];
  const overlays = createOverlayWindows({
    routes: OVERLAY_ROUTES,
    create: () => new FakeBrowserWindow(companionWindowOptions('/p')),
    onChange: () => undefined,
  });
  const register = (current: Settings = settings) =>
    registerAppShortcuts({
      globalShortcut,
      settings: current,
      runReplay: async (command) => {
        ran.push(command);
        return { ok: true, value: {} };
      },
      actions: { toggleOverlays: () => overlays.toggleAll() },
      log: (message) => void logged.push(message),
    });
  return { globalShortcut, ran, logged, overlays, register };
}

describe('registerAppShortcuts', () => {
  it('registers the replay keys and the overlay toggle; the toggle hides every overlay and brings the same back', async () => {
    const { globalShortcut, ran, overlays, register } = setup();
    const shortcuts = register();
    expect(shortcuts.registered.map((entry) => entry.id)).toEqual([
      'toggle-pause',
      'seek-back',
      'seek-forward',
      'speed-down',
      'speed-up',
      'toggleOverlays',
    ]);
    overlays.show('arena');
    overlays.show('deck-tracker');
    for (const window of FakeBrowserWindow.instances) window.emit('ready-to-show');

    globalShortcut.press('Alt+Shift+O');
    expect(FakeBrowserWindow.instances.map((window) => window.visible)).toEqual([false, false]);
    expect(overlays.visibility().filter((entry) => entry.visible)).toEqual([]);
    globalShortcut.press('Alt+Shift+O');
    expect(FakeBrowserWindow.instances.map((window) => window.visible)).toEqual([true, true]);
    expect(overlays.isVisible('arena') && overlays.isVisible('deck-tracker')).toBe(true);

    globalShortcut.press('Alt+Shift+Space');
    await settle();
    expect(ran).toEqual(['toggle-pause']);
  });

  it('says which keys another app holds, as the Shortcuts page shows them, and registers the rest', () => {
    const { globalShortcut, register } = setup(
      settingsSchema.parse({ desktop: { shortcuts: { toggleOverlays: 'ctrl+alt+h' } } }),
    );
    globalShortcut.takenElsewhere.add('Control+Alt+H');
    globalShortcut.takenElsewhere.add('Alt+Shift+Left');
    const shortcuts = register();
    expect(shortcuts.refused).toEqual([
      { id: 'seek-back', accelerator: 'Alt+Shift+Left', reason: 'taken by another app' },
      { id: 'toggleOverlays', accelerator: 'Control+Alt+H', reason: 'taken by another app' },
    ]);
    expect(shortcuts.registered).toHaveLength(4);
  });

  it('rebinds: the old keys are released, the new one toggles, and an unbound toggle takes no key', () => {
    const { globalShortcut, overlays, register } = setup();
    const before = register();
    before.unregisterAll();
    expect(globalShortcut.callbacks.size).toBe(0);
    const after = register(settingsSchema.parse({ desktop: { shortcuts: { toggleOverlays: 'F9' } } }));
    expect(globalShortcut.callbacks.has('Alt+Shift+O')).toBe(false);
    overlays.show('status');
    globalShortcut.press('F9');
    expect(overlays.isVisible('status')).toBe(false);
    after.unregisterAll();

    register(settingsSchema.parse({ desktop: { shortcuts: { toggleOverlays: null } } }));
    expect([...globalShortcut.callbacks.keys()]).not.toContain('Alt+Shift+O');
    expect(globalShortcut.callbacks.size).toBe(5);
  });

  it('gives way to the defaults when a file edited by hand binds one key twice, and says so', () => {
    const clash = settingsSchema.parse({
      replay: { hotkeys: { 'speed-up': 'Ctrl+Alt+K' } },
      desktop: { shortcuts: { toggleOverlays: 'Ctrl+Alt+K' } },
    });
    const { globalShortcut, logged, register } = setup(clash);
    register();
    expect(globalShortcut.callbacks.has('Alt+Shift+Up')).toBe(true);
    expect(globalShortcut.callbacks.has('Alt+Shift+O')).toBe(true);
    expect(logged.join('\n')).toContain('Control+Alt+K is already bound to');
  });
});
