import { REPLAY_COMMANDS, type ReplayCommand, type Result } from '@shared/contract';
import type { HotkeyBindings } from '@shared/replay/hotkeys';

/** The slice of Electron's globalShortcut the shell uses (structurally compatible with it). */
export interface GlobalShortcutApi {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

export interface ReplayHotkeysDeps {
  globalShortcut: GlobalShortcutApi;
  bindings: HotkeyBindings;
  /** Sends the command through the core's request router (`replay.command`). */
  run(command: ReplayCommand): Promise<Result<unknown>>;
  log(message: string): void;
}

export interface ReplayHotkeys {
  registered: ReadonlyArray<{ command: ReplayCommand; accelerator: string }>;
  /** Keys another app already holds, or that Electron refused; the UI can show them. */
  failed: ReadonlyArray<{ command: ReplayCommand; accelerator: string; reason: string }>;
  /** Releases only the keys this registered, so other shortcuts of the app stay. */
  unregisterAll(): void;
}

/**
 * A held key repeats; more than this many commands waiting means the replay is not keeping up, and
 * further presses are dropped rather than seeking on for seconds after the key is released.
 */
const MAX_WAITING = 3;

/**
 * Registers the replay hotkeys system-wide. Presses run one after another, in order, so two quick
 * "+5 s" presses land 10 s on rather than both starting from the same position.
 */
export function registerReplayHotkeys(deps: ReplayHotkeysDeps): ReplayHotkeys {
  const registered: Array<{ command: ReplayCommand; accelerator: string }> = [];
  const failed: Array<{ command: ReplayCommand; accelerator: string; reason: string }> = [];
  let queue: Promise<void> = Promise.resolve();
  let waiting = 0;

  const press = (command: ReplayCommand): void => {
    if (waiting >= MAX_WAITING) return;
    waiting += 1;
    queue = queue.then(async () => {
      try {
        const result = await deps.run(command);
        if (!result.ok) deps.log(`hotkey ${command}: ${result.error.message}`);
      } catch (error) {
        deps.log(`hotkey ${command} failed: ${String(error)}`);
      } finally {
        waiting -= 1;
      }
    });
  };

  for (const command of REPLAY_COMMANDS) {
    const accelerator = deps.bindings[command];
    if (accelerator === null) continue;
    let reason: string | null = null;
    try {
      if (!deps.globalShortcut.register(accelerator, () => press(command))) {
        reason = 'another application already uses it';
      }
    } catch (error) {
      reason = `Electron refused it: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (reason === null) registered.push({ command, accelerator });
    else {
      failed.push({ command, accelerator, reason });
      deps.log(`hotkey ${accelerator} for ${command} not registered: ${reason}`);
    }
  }

  return {
    registered,
    failed,
    unregisterAll() {
      for (const { accelerator } of registered.splice(0)) deps.globalShortcut.unregister(accelerator);
    },
  };
}
