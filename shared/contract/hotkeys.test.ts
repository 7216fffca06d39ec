import { describe, expect, it } from 'vitest';
import {
  commandFor,
  DEFAULT_HOTKEYS,
  normaliseAccelerator,
  validateHotkeyBindings,
} from '@shared/contract/hotkeys';

describe('accelerators', () => {
  it('spells accelerators one way, whatever aliases and case were used', () => {
    expect(normaliseAccelerator('shift+ctrl+a')).toEqual({ ok: true, accelerator: 'Control+Shift+A' });
    expect(normaliseAccelerator('CmdOrCtrl+Option+esc')).toEqual({
      ok: true,
      accelerator: 'CommandOrControl+Alt+Escape',
    });
    expect(normaliseAccelerator('Alt+Return')).toEqual({ ok: true, accelerator: 'Alt+Enter' });
    expect(normaliseAccelerator('Meta+Plus')).toEqual({ ok: true, accelerator: 'Super+Plus' });
    expect(normaliseAccelerator('Ctrl+num5')).toEqual({ ok: true, accelerator: 'Control+num5' });
    expect(normaliseAccelerator('f9')).toEqual({ ok: true, accelerator: 'F9' });
    expect(normaliseAccelerator('MediaPlayPause')).toEqual({ ok: true, accelerator: 'MediaPlayPause' });
  });

  it.each([
    ['', 'press a key combination'],
    ['Ctrl++', '"Ctrl++": write the + key as "Plus"'],
    ['Ctrl+Shift', '"Ctrl+Shift" has no key, only modifiers'],
    ['Ctrl+Ctrl+A', '"Ctrl+Ctrl+A" names Control twice'],
    ['Ctrl+A+B', '"Ctrl+A+B" has more than one key; use one key after the modifiers'],
    ['Hyper+A', '"Hyper" is not a modifier (use Ctrl, Alt, Shift, Cmd, CmdOrCtrl or Super)'],
    ['Alt+Banana', '"Banana" is not a key Electron knows'],
    ['Space', '"Space" needs a modifier such as Alt or Ctrl'],
    ['Shift+K', '"Shift+K" would take "K" from typing in every app; add Alt or Ctrl'],
    ['F25', '"F25" is not a key Electron knows'],
  ])('refuses %j', (input, error) => {
    expect(normaliseAccelerator(input)).toEqual({ ok: false, error });
  });

  it('allows Shift alone with keys nobody types', () => {
    expect(normaliseAccelerator('Shift+Left')).toEqual({ ok: true, accelerator: 'Shift+Left' });
  });
});

describe('bindings', () => {
  it('are valid by default, and each default maps back to its command', () => {
    expect(validateHotkeyBindings({})).toEqual({ ok: true, bindings: DEFAULT_HOTKEYS });
    for (const [command, accelerator] of Object.entries(DEFAULT_HOTKEYS)) {
      expect(commandFor(DEFAULT_HOTKEYS, accelerator ?? '')).toBe(command);
    }
  });

  it('take the user binding in canonical form, keep defaults for the rest, and allow unbinding', () => {
    const checked = validateHotkeyBindings({ 'toggle-pause': 'ctrl+alt+p', 'speed-up': null });
    expect(checked).toEqual({
      ok: true,
      bindings: { ...DEFAULT_HOTKEYS, 'toggle-pause': 'Control+Alt+P', 'speed-up': null },
    });
    if (!checked.ok) return;
    expect(commandFor(checked.bindings, 'Alt+Control+p')).toBe('toggle-pause');
    expect(commandFor(checked.bindings, DEFAULT_HOTKEYS['speed-up'] ?? '')).toBeNull();
    expect(commandFor(checked.bindings, 'not a key')).toBeNull();
  });

  it('report clashes on the command the user changed, bad accelerators and unknown commands', () => {
    expect(
      validateHotkeyBindings({ 'speed-up': 'Shift+Alt+Left', 'seek-forward': 'Q', rewind: 'Alt+R' }),
    ).toEqual({
      ok: false,
      problems: [
        { command: 'rewind', message: '"rewind" is not a replay command' },
        { command: 'seek-forward', message: '"Q" needs a modifier such as Alt or Ctrl' },
        { command: 'speed-up', message: 'Alt+Shift+Left is already bound to seek-back' },
      ],
    });
  });
});
