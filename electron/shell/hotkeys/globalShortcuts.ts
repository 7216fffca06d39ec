import type { GlobalShortcutId, RefusedShortcut } from '@shared/contract';

/** The slice of Electron's globalShortcut the shell uses (structurally compatible with it). */
export interface GlobalShortcutApi {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

export interface ShortcutToRegister {
  id: GlobalShortcutId;
  /** Canonical spelling (shared/desktop/globalShortcuts.ts). */
  accelerator: string;
  press(): void;
}

export interface RegisteredShortcuts {
  registered: ReadonlyArray<{ id: GlobalShortcutId; accelerator: string }>;
  /** Keys another app already holds, or that Electron refused; the Shortcuts page shows them. */
  refused: readonly RefusedShortcut[];
  /** Releases only the keys this registered, so other shortcuts of the app stay. */
  unregisterAll(): void;
}

/** What the Shortcuts page says of a key globalShortcut.register answered false for. */
export const TAKEN_BY_ANOTHER_APP = 'taken by another app';

/** Registers shortcuts system-wide, each on its own: one refused key leaves the others working. */
export function registerGlobalShortcuts(
  globalShortcut: GlobalShortcutApi,
  shortcuts: readonly ShortcutToRegister[],
  log: (message: string) => void,
): RegisteredShortcuts {
  const registered: Array<{ id: GlobalShortcutId; accelerator: string }> = [];
  const refused: RefusedShortcut[] = [];
  for (const { id, accelerator, press } of shortcuts) {
    let reason: string | null = null;
    try {
      if (!globalShortcut.register(accelerator, press)) reason = TAKEN_BY_ANOTHER_APP;
    } catch (error) {
      reason = `Electron refused it: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (reason === null) registered.push({ id, accelerator });
    else {
      refused.push({ id, accelerator, reason });
      log(`shortcut ${accelerator} for ${id} not registered: ${reason}`);
    }
  }
  return {
    registered,
    refused,
    unregisterAll() {
      for (const { accelerator } of registered.splice(0)) globalShortcut.unregister(accelerator);
    },
  };
}
