import { REPLAY_COMMANDS, type ReplayCommand, type Result } from '@shared/contract';
import type { HotkeyBindings } from '@shared/contract/hotkeys';
import { registerGlobalShortcuts, type GlobalShortcutApi, type RegisteredShortcuts } from './globalShortcuts';

export interface ReplayHotkeysDeps {
  globalShortcut: GlobalShortcutApi;
  bindings: HotkeyBindings;
  /** Sends the command through the core's request router (`replay.command`). */
  run(command: ReplayCommand): Promise<Result<unknown>>;
  log(message: string): void;
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
export function registerReplayHotkeys(deps: ReplayHotkeysDeps): RegisteredShortcuts {
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

  return registerGlobalShortcuts(
    deps.globalShortcut,
    REPLAY_COMMANDS.flatMap((command) => {
      const accelerator = deps.bindings[command];
      return accelerator === null ? [] : [{ id: command, accelerator, press: () => press(command) }];
    }),
    deps.log,
  );
}
