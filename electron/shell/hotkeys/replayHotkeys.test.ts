import { describe, expect, it } from 'vitest';
import type { ReplayCommand, Result } from '@shared/contract';
import { DEFAULT_HOTKEYS } from '@shared/contract/hotkeys';
import { FakeGlobalShortcut } from '../tools/testkit/fakeElectron';
import { registerReplayHotkeys } from './replayHotkeys';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(
  answer: (command: ReplayCommand) => Promise<Result<unknown>> = async () => ({ ok: true, value: {} }),
) {
  const shortcuts = new FakeGlobalShortcut();
  const ran: ReplayCommand[] = [];
  const logged: string[] = [];
  const start = () =>
    registerReplayHotkeys({
      globalShortcut: shortcuts,
      bindings: DEFAULT_HOTKEYS,
      run: (command) => {
        ran.push(command);
        return answer(command);
      },
      log: (message) => void logged.push(message),
    });
  return { shortcuts, ran, logged, start };
}

describe('registerReplayHotkeys', () => {
  it('registers every bound command and sends the command a key stands for', async () => {
    const { shortcuts, ran, start } = setup();
    const hotkeys = start();
    expect(hotkeys.registered.map((entry) => entry.accelerator).sort()).toEqual(
      Object.values(DEFAULT_HOTKEYS).sort(),
    );
    shortcuts.press('Alt+Shift+Space');
    shortcuts.press('Alt+Shift+Right');
    await settle();
    expect(ran).toEqual(['toggle-pause', 'seek-forward']);
  });

  it('leaves unbound commands alone', () => {
    const shortcuts = new FakeGlobalShortcut();
    const hotkeys = registerReplayHotkeys({
      globalShortcut: shortcuts,
      bindings: { ...DEFAULT_HOTKEYS, 'speed-up': null },
      run: async () => ({ ok: true, value: {} }),
      log: () => undefined,
    });
    expect(hotkeys.registered.map((entry) => entry.id)).not.toContain('speed-up');
    expect(shortcuts.callbacks.has('Alt+Shift+Up')).toBe(false);
  });

  it('reports keys another app holds or Electron refuses, and registers the rest', () => {
    const { shortcuts, logged, start } = setup();
    shortcuts.takenElsewhere.add('Alt+Shift+Left');
    shortcuts.invalid.add('Alt+Shift+Down');
    const hotkeys = start();
    expect(hotkeys.refused).toEqual([
      { id: 'seek-back', accelerator: 'Alt+Shift+Left', reason: 'taken by another app' },
      {
        id: 'speed-down',
        accelerator: 'Alt+Shift+Down',
        reason: 'Electron refused it: Error processing argument: Alt+Shift+Down',
      },
    ]);
    expect(hotkeys.registered).toHaveLength(3);
    expect(logged).toHaveLength(2);
  });

  it('runs presses one after another, in order', async () => {
    let release: () => void = () => undefined;
    const order: string[] = [];
    const { shortcuts, start } = setup(async (command) => {
      order.push(`start ${command}`);
      if (command === 'seek-forward') await new Promise<void>((resolve) => (release = resolve));
      order.push(`end ${command}`);
      return { ok: true, value: {} };
    });
    start();
    shortcuts.press('Alt+Shift+Right');
    shortcuts.press('Alt+Shift+Up');
    await settle();
    expect(order).toEqual(['start seek-forward']);
    release();
    await settle();
    expect(order).toEqual(['start seek-forward', 'end seek-forward', 'start speed-up', 'end speed-up']);
  });

  it('drops presses of a held key while the replay is behind', async () => {
    let release: () => void = () => undefined;
    const { shortcuts, ran, start } = setup(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { ok: true, value: {} };
    });
    start();
    for (let i = 0; i < 10; i += 1) shortcuts.press('Alt+Shift+Right');
    // Let every press that was kept run to the end.
    for (let i = 0; i < 10; i += 1) {
      await settle();
      release();
    }
    await settle();
    expect(ran).toHaveLength(3);
    // Once it has caught up, the key works again.
    shortcuts.press('Alt+Shift+Right');
    await settle();
    release();
    await settle();
    expect(ran).toHaveLength(4);
  });

  it('logs a refused command or a failure, and keeps working', async () => {
    const { shortcuts, ran, logged, start } = setup(async (command) => {
      if (command === 'toggle-pause') throw new Error('router gone');
      return { ok: false, error: { code: 'unsupported', message: 'no game or replay running' } };
    });
    start();
    shortcuts.press('Alt+Shift+Space');
    shortcuts.press('Alt+Shift+Left');
    await settle();
    await settle();
    expect(logged).toEqual([
      'hotkey toggle-pause failed: Error: router gone',
      'hotkey seek-back: no game or replay running',
    ]);
    shortcuts.press('Alt+Shift+Up');
    await settle();
    expect(ran).toEqual(['toggle-pause', 'seek-back', 'speed-up']);
  });

  it('unregisters only its own keys, once', () => {
    const { shortcuts, start } = setup();
    shortcuts.callbacks.set('Control+Shift+I', () => undefined);
    const hotkeys = start();
    hotkeys.unregisterAll();
    expect([...shortcuts.callbacks.keys()]).toEqual(['Control+Shift+I']);
    expect(hotkeys.registered).toHaveLength(0);
    hotkeys.unregisterAll();
    expect([...shortcuts.callbacks.keys()]).toEqual(['Control+Shift+I']);
  });
});
