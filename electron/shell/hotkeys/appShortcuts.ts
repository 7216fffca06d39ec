import type { DesktopShortcut, ReplayCommand, Result, Settings } from '@shared/contract';
import { checkGlobalShortcuts, DEFAULT_GLOBAL_SHORTCUTS } from '@shared/desktop/globalShortcuts';
import type { HotkeyBindings } from '@shared/contract/hotkeys';
import { registerGlobalShortcuts, type GlobalShortcutApi, type RegisteredShortcuts } from './globalShortcuts';
import { registerReplayHotkeys } from './replayHotkeys';

export interface AppShortcutsDeps {
  globalShortcut: GlobalShortcutApi;
  settings: Pick<Settings, 'replay' | 'desktop'>;
  /** Sends a replay command through the core's request router (`replay.command`). */
  runReplay(command: ReplayCommand): Promise<Result<unknown>>;
  /** What each of the app's own shortcuts does. */
  actions: Record<DesktopShortcut, () => void>;
  log(message: string): void;
}

/**
 * Every global shortcut of the app, replay and desktop, from the settings: system-wide, so they work while the game
 * has focus. Bindings that clash (a file edited by hand) give way to the defaults, as a bad replay binding always has.
 */
export function registerAppShortcuts(deps: AppShortcutsDeps): RegisteredShortcuts {
  const checked = checkGlobalShortcuts({
    replay: deps.settings.replay.hotkeys,
    desktop: deps.settings.desktop.shortcuts,
  });
  if (!checked.ok) {
    deps.log(
      `shortcuts: ${checked.problems.map((problem) => problem.message).join('; ')}; using the defaults`,
    );
  }
  const shortcuts = checked.ok ? checked.shortcuts : DEFAULT_GLOBAL_SHORTCUTS;
  const replay = registerReplayHotkeys({
    globalShortcut: deps.globalShortcut,
    bindings: Object.fromEntries(
      shortcuts.flatMap((shortcut) =>
        shortcut.group === 'replay' ? [[shortcut.id, shortcut.accelerator]] : [],
      ),
    ) as HotkeyBindings,
    run: deps.runReplay,
    log: deps.log,
  });
  const desktop = registerGlobalShortcuts(
    deps.globalShortcut,
    shortcuts.flatMap(({ id, group, accelerator }) =>
      group === 'desktop' && accelerator !== null
        ? [{ id, accelerator, press: deps.actions[id as DesktopShortcut] }]
        : [],
    ),
    deps.log,
  );
  return {
    registered: [...replay.registered, ...desktop.registered],
    refused: [...replay.refused, ...desktop.refused],
    unregisterAll: () => {
      replay.unregisterAll();
      desktop.unregisterAll();
    },
  };
}
