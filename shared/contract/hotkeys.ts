import { REPLAY_COMMANDS, type ReplayCommand } from '@shared/contract/replay';

/**
 * Replay hotkeys as plain data: bindings in Electron's accelerator syntax ("Alt+Shift+Left"), checked
 * and put in one canonical spelling so "ctrl+alt+a" and "Control+Alt+A" are seen as the same key.
 */

/** Command → accelerator; null leaves a command unbound. */
export type HotkeyBindings = Record<ReplayCommand, string | null>;

// Alt+Shift: rarely taken by other apps, and never by the game's own replay keys.
export const DEFAULT_HOTKEYS: HotkeyBindings = {
  'toggle-pause': 'Alt+Shift+Space',
  'seek-back': 'Alt+Shift+Left',
  'seek-forward': 'Alt+Shift+Right',
  'speed-down': 'Alt+Shift+Down',
  'speed-up': 'Alt+Shift+Up',
};

// Canonical spelling and order of modifiers; the aliases Electron accepts map onto them.
const MODIFIERS = ['CommandOrControl', 'Command', 'Control', 'Alt', 'AltGr', 'Shift', 'Super'] as const;
type Modifier = (typeof MODIFIERS)[number];
const MODIFIER_ALIASES: Record<string, Modifier> = {
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  alt: 'Alt',
  option: 'Alt',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
};

const NAMED_KEYS = [
  'Plus',
  'Space',
  'Tab',
  'Capslock',
  'Numlock',
  'Scrolllock',
  'Backspace',
  'Delete',
  'Insert',
  'Enter',
  'Up',
  'Down',
  'Left',
  'Right',
  'Home',
  'End',
  'PageUp',
  'PageDown',
  'Escape',
  'PrintScreen',
  'VolumeUp',
  'VolumeDown',
  'VolumeMute',
  'MediaNextTrack',
  'MediaPreviousTrack',
  'MediaStop',
  'MediaPlayPause',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv',
];
const KEY_ALIASES: Record<string, string> = {
  ...Object.fromEntries(NAMED_KEYS.map((key) => [key.toLowerCase(), key])),
  return: 'Enter',
  esc: 'Escape',
};
const PUNCTUATION = new Set(')!@#$%^&*(:;=<,_->.?/~`{][|\\}"\''.split(''));

/** Keys that are safe to take system-wide without a modifier: nobody types them. */
const STANDALONE_KEY = /^(F([1-9]|1\d|2[0-4])|Media\w+|Volume\w+)$/;

export type AcceleratorCheck = { ok: true; accelerator: string } | { ok: false; error: string };

/** Checks an accelerator and returns it in canonical spelling. */
export function normaliseAccelerator(input: string): AcceleratorCheck {
  const text = input.trim();
  if (text === '') return failure('press a key combination');
  const parts = text.split('+');
  if (parts.some((part) => part.trim() === '')) return failure(`"${text}": write the + key as "Plus"`);

  const keyPart = (parts.pop() ?? '').trim();
  const modifiers = new Set<Modifier>();
  for (const part of parts) {
    const modifier = MODIFIER_ALIASES[part.trim().toLowerCase()];
    if (!modifier) {
      return failure(
        keyOf(part.trim())
          ? `"${text}" has more than one key; use one key after the modifiers`
          : `"${part.trim()}" is not a modifier (use Ctrl, Alt, Shift, Cmd, CmdOrCtrl or Super)`,
      );
    }
    if (modifiers.has(modifier)) return failure(`"${text}" names ${modifier} twice`);
    modifiers.add(modifier);
  }
  if (MODIFIER_ALIASES[keyPart.toLowerCase()]) return failure(`"${text}" has no key, only modifiers`);
  const key = keyOf(keyPart);
  if (!key) return failure(`"${keyPart}" is not a key Electron knows`);

  if (!STANDALONE_KEY.test(key)) {
    // A global shortcut takes the key from every app, so it must not be something people type.
    if (modifiers.size === 0) return failure(`"${text}" needs a modifier such as Alt or Ctrl`);
    if (modifiers.size === 1 && modifiers.has('Shift') && isTyped(key)) {
      return failure(`"${text}" would take "${key}" from typing in every app; add Alt or Ctrl`);
    }
  }
  const ordered = MODIFIERS.filter((modifier) => modifiers.has(modifier));
  return { ok: true, accelerator: [...ordered, key].join('+') };
}

export interface HotkeyProblem {
  command: string;
  message: string;
}

export type HotkeyBindingsCheck =
  { ok: true; bindings: HotkeyBindings } | { ok: false; problems: HotkeyProblem[] };

/** Checks the user's bindings (commands missing from them keep their default) and finds clashes. */
export function validateHotkeyBindings(
  input: Record<string, string | null | undefined>,
): HotkeyBindingsCheck {
  const problems: HotkeyProblem[] = [];
  for (const command of Object.keys(input)) {
    if (!isReplayCommand(command))
      problems.push({ command, message: `"${command}" is not a replay command` });
  }
  const bindings = { ...DEFAULT_HOTKEYS };
  const owner = new Map<string, ReplayCommand>();
  // Defaults claim their keys first, so a clash is reported on the command the user changed.
  const chosenLast = REPLAY_COMMANDS.toSorted(
    (a, b) => Number(Object.hasOwn(input, a)) - Number(Object.hasOwn(input, b)),
  );
  for (const command of chosenLast) {
    const wanted = Object.hasOwn(input, command) ? input[command] : DEFAULT_HOTKEYS[command];
    if (wanted === null || wanted === undefined || wanted.trim() === '') {
      bindings[command] = null;
      continue;
    }
    const checked = normaliseAccelerator(wanted);
    if (!checked.ok) {
      problems.push({ command, message: checked.error });
      continue;
    }
    const taken = owner.get(checked.accelerator);
    if (taken) {
      problems.push({ command, message: `${checked.accelerator} is already bound to ${taken}` });
      continue;
    }
    owner.set(checked.accelerator, command);
    bindings[command] = checked.accelerator;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, bindings };
}

/** The command bound to an accelerator, however it is spelled; null when none is. */
export function commandFor(bindings: HotkeyBindings, accelerator: string): ReplayCommand | null {
  const pressed = normaliseAccelerator(accelerator);
  if (!pressed.ok) return null;
  for (const command of REPLAY_COMMANDS) {
    const bound = bindings[command];
    if (bound !== null && sameAccelerator(bound, pressed.accelerator)) return command;
  }
  return null;
}

function keyOf(part: string): string | null {
  if (/^[a-z0-9]$/i.test(part)) return part.toUpperCase();
  if (/^f([1-9]|1\d|2[0-4])$/i.test(part)) return part.toUpperCase();
  if (/^num[0-9]$/i.test(part)) return part.toLowerCase();
  if (part.length === 1 && PUNCTUATION.has(part)) return part;
  return KEY_ALIASES[part.toLowerCase()] ?? null;
}

const isTyped = (key: string): boolean => key.length === 1 || key === 'Space' || key === 'Plus';

function sameAccelerator(bound: string, pressed: string): boolean {
  const checked = normaliseAccelerator(bound);
  return checked.ok && checked.accelerator === pressed;
}

function isReplayCommand(value: string): value is ReplayCommand {
  return (REPLAY_COMMANDS as readonly string[]).includes(value);
}

function failure(error: string): { ok: false; error: string } {
  return { ok: false, error };
}
