import {
  DEFAULT_DESKTOP_SHORTCUTS,
  DESKTOP_SHORTCUT_LABELS,
  DESKTOP_SHORTCUTS,
  type DesktopShortcut,
  type GlobalShortcutId,
} from '@shared/contract/desktop';
import { REPLAY_COMMAND_LABELS, REPLAY_COMMANDS, type ReplayCommand } from '@shared/contract/replay';
import { DEFAULT_HOTKEYS, normaliseAccelerator, validateHotkeyBindings } from '@shared/contract/hotkeys';

/**
 * Every global shortcut of the desktop app as one list (the replay's and the app's own), checked together: one
 * key cannot do two things, whichever groups they are in. Spelling is the replay hotkeys' canonical one.
 */

export type GlobalShortcutGroup = 'replay' | 'desktop';

export interface GlobalShortcut {
  id: GlobalShortcutId;
  group: GlobalShortcutGroup;
  label: string;
  /** Canonical spelling; null when unbound. */
  accelerator: string | null;
}

export interface GlobalShortcutProblem {
  id: string;
  message: string;
}

export type GlobalShortcutsCheck =
  { ok: true; shortcuts: GlobalShortcut[] } | { ok: false; problems: GlobalShortcutProblem[] };

/** The user's bindings as the settings keep them: what is missing keeps its default. */
export interface GlobalShortcutBindings {
  replay: Record<string, string | null | undefined>;
  desktop: Record<string, string | null | undefined>;
}

/** Every shortcut's default, replay first, in the order the Shortcuts page lists them. */
export const DEFAULT_GLOBAL_SHORTCUTS: readonly GlobalShortcut[] = [
  ...REPLAY_COMMANDS.map((id) => ({
    id,
    group: 'replay' as const,
    label: REPLAY_COMMAND_LABELS[id],
    accelerator: DEFAULT_HOTKEYS[id],
  })),
  ...DESKTOP_SHORTCUTS.map((id) => ({
    id,
    group: 'desktop' as const,
    label: DESKTOP_SHORTCUT_LABELS[id],
    accelerator: DEFAULT_DESKTOP_SHORTCUTS[id],
  })),
];

/**
 * Checks every binding and finds clashes within a group and across groups. Defaults claim their keys first, so
 * a clash is reported on the shortcut the user changed.
 */
export function checkGlobalShortcuts(
  bindings: GlobalShortcutBindings,
  /** The group kept as it was (a save that changes only the other): on a clash, the other group's key is blamed. */
  settled?: GlobalShortcutGroup,
): GlobalShortcutsCheck {
  const replay = validateHotkeyBindings(bindings.replay);
  const problems: GlobalShortcutProblem[] = replay.ok
    ? []
    : replay.problems.map((problem) => ({ id: problem.command, message: problem.message }));
  const shortcuts = DEFAULT_GLOBAL_SHORTCUTS.map((shortcut) => ({ ...shortcut }));
  const owner = new Map<string, GlobalShortcut>();
  // The replay keys that are sound claim theirs, so a desktop key is checked against them even when another
  // replay key has a problem of its own.
  const faulty = new Set(problems.map((problem) => problem.id));
  for (const shortcut of shortcuts) {
    if (shortcut.group !== 'replay' || faulty.has(shortcut.id)) continue;
    const command = shortcut.id as ReplayCommand;
    const wanted = Object.hasOwn(bindings.replay, command)
      ? bindings.replay[command]
      : DEFAULT_HOTKEYS[command];
    const checked = wanted === null || wanted === undefined ? null : normaliseAccelerator(wanted);
    shortcut.accelerator = checked?.ok ? checked.accelerator : null;
    if (shortcut.accelerator !== null) owner.set(shortcut.accelerator, shortcut);
  }
  const desktop = shortcuts.filter((shortcut) => shortcut.group === 'desktop');
  const changed = (shortcut: GlobalShortcut): boolean =>
    isChanged(bindings.desktop, shortcut.id, DEFAULT_DESKTOP_SHORTCUTS[shortcut.id as DesktopShortcut]);
  for (const shortcut of desktop.toSorted((a, b) => Number(changed(a)) - Number(changed(b)))) {
    const wanted = changed(shortcut)
      ? bindings.desktop[shortcut.id]
      : DEFAULT_DESKTOP_SHORTCUTS[shortcut.id as DesktopShortcut];
    if (wanted === null || wanted === undefined || wanted.trim() === '') {
      shortcut.accelerator = null;
      continue;
    }
    const checked = normaliseAccelerator(wanted);
    if (!checked.ok) {
      problems.push({ id: shortcut.id, message: checked.error });
      continue;
    }
    const taken = owner.get(checked.accelerator);
    if (taken) {
      // A replay key the user kept at its default, taken by a desktop key they changed, is the desktop key's clash
      // (and the other way round): either way the message names both.
      const replayChanged = isChanged(bindings.replay, taken.id, DEFAULT_HOTKEYS[taken.id as ReplayCommand]);
      const blamed =
        settled === 'replay' || (settled !== 'desktop' && (changed(shortcut) || !replayChanged))
          ? shortcut
          : taken;
      const other = blamed === shortcut ? taken : shortcut;
      problems.push({
        id: blamed.id,
        message: `${checked.accelerator} is already bound to ${nameOf(other)}`,
      });
      continue;
    }
    owner.set(checked.accelerator, shortcut);
    shortcut.accelerator = checked.accelerator;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, shortcuts };
}

/**
 * What the settings keep of a form's boxes (shortcut id → typed accelerator, empty for none): only the shortcuts
 * that differ from their default (a missing box keeps it), so a clash is blamed on a key the user changed and the rest follow the defaults.
 */
export function bindingsFromBoxes(boxes: Record<string, string | undefined>): {
  replay: Record<string, string | null>;
  desktop: Record<string, string | null>;
} {
  const bindings = {
    replay: {} as Record<string, string | null>,
    desktop: {} as Record<string, string | null>,
  };
  for (const { id, group, accelerator } of DEFAULT_GLOBAL_SHORTCUTS) {
    if (boxes[id] === undefined) continue;
    const typed = boxes[id].trim() || null;
    if (isChanged({ [id]: typed }, id, accelerator)) bindings[group][id] = typed;
  }
  return bindings;
}

/** A binding the user set to something other than its default (a saved default is no change). */
function isChanged(
  group: Record<string, string | null | undefined>,
  id: string,
  fallback: string | null,
): boolean {
  if (!Object.hasOwn(group, id)) return false;
  const value = group[id];
  if (value === undefined) return false;
  const canonical = (text: string | null): string | null => {
    if (text === null || text.trim() === '') return null;
    const checked = normaliseAccelerator(text);
    return checked.ok ? checked.accelerator : text;
  };
  return canonical(value) !== canonical(fallback);
}

// Replay commands by their id, as the replay hotkeys' own clashes name them ("already bound to toggle-pause").
function nameOf(shortcut: GlobalShortcut): string {
  return shortcut.group === 'replay' ? shortcut.id : `"${shortcut.label}"`;
}
