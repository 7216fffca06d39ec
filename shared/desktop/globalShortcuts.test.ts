import { describe, expect, it } from 'vitest';
import { bindingsFromBoxes, checkGlobalShortcuts, DEFAULT_GLOBAL_SHORTCUTS } from './globalShortcuts';

describe('checkGlobalShortcuts', () => {
  it('lists the replay shortcuts and the overlay toggle as one list, in canonical spelling', () => {
    const checked = checkGlobalShortcuts({
      replay: { 'seek-back': 'ctrl+alt+left' },
      desktop: { toggleOverlays: 'shift+ALT+h' },
    });
    expect(
      checked.ok && checked.shortcuts.map(({ id, group, accelerator }) => [id, group, accelerator]),
    ).toEqual([
      ['toggle-pause', 'replay', 'Alt+Shift+Space'],
      ['seek-back', 'replay', 'Control+Alt+Left'],
      ['seek-forward', 'replay', 'Alt+Shift+Right'],
      ['speed-down', 'replay', 'Alt+Shift+Down'],
      ['speed-up', 'replay', 'Alt+Shift+Up'],
      ['toggleOverlays', 'desktop', 'Alt+Shift+H'],
    ]);
    expect(DEFAULT_GLOBAL_SHORTCUTS.map((shortcut) => shortcut.id)).toContain('toggleOverlays');
  });

  it('refuses one key for two shortcuts across groups, on the one the user changed', () => {
    expect(checkGlobalShortcuts({ replay: {}, desktop: { toggleOverlays: 'Alt+Shift+Space' } })).toEqual({
      ok: false,
      problems: [{ id: 'toggleOverlays', message: 'Alt+Shift+Space is already bound to toggle-pause' }],
    });
    expect(checkGlobalShortcuts({ replay: { 'speed-up': 'Alt+Shift+O' }, desktop: {} })).toEqual({
      ok: false,
      problems: [{ id: 'speed-up', message: 'Alt+Shift+O is already bound to "Hide / show every overlay"' }],
    });
    // A saved default counts as no change: the blame stays on the key the user did change.
    expect(
      checkGlobalShortcuts({
        replay: { 'speed-up': 'Alt+Shift+O' },
        desktop: { toggleOverlays: 'alt+shift+o' },
      }),
    ).toMatchObject({ ok: false, problems: [{ id: 'speed-up' }] });
  });

  it('refuses a clash within a group and a key nobody could hold, and lets a shortcut be turned off', () => {
    expect(checkGlobalShortcuts({ replay: { 'seek-back': 'Alt+Shift+Right' }, desktop: {} })).toMatchObject({
      ok: false,
      problems: [{ id: 'seek-back', message: 'Alt+Shift+Right is already bound to seek-forward' }],
    });
    expect(checkGlobalShortcuts({ replay: {}, desktop: { toggleOverlays: 'H' } })).toMatchObject({
      ok: false,
      problems: [{ id: 'toggleOverlays', message: '"H" needs a modifier such as Alt or Ctrl' }],
    });
    const off = checkGlobalShortcuts({ replay: { 'toggle-pause': null }, desktop: { toggleOverlays: '' } });
    expect(
      off.ok && off.shortcuts.filter((shortcut) => shortcut.accelerator === null).map((s) => s.id),
    ).toEqual(['toggle-pause', 'toggleOverlays']);
  });
});

describe('checkGlobalShortcuts for a save of one group', () => {
  it('blames the group being saved, the other being settled', () => {
    const both = { replay: { 'speed-up': 'Control+Alt+H' }, desktop: { toggleOverlays: 'Ctrl+Alt+H' } };
    expect(checkGlobalShortcuts(both, 'desktop')).toMatchObject({
      ok: false,
      problems: [{ id: 'speed-up' }],
    });
    expect(checkGlobalShortcuts(both, 'replay')).toMatchObject({
      ok: false,
      problems: [{ id: 'toggleOverlays' }],
    });
  });
});

describe('checkGlobalShortcuts with a faulty replay key', () => {
  it('still checks the desktop keys against the sound replay keys', () => {
    const checked = checkGlobalShortcuts({
      replay: { 'seek-back': 'Alt+Shift+Right' },
      desktop: { toggleOverlays: 'alt+shift+space' },
    });
    expect(checked).toEqual({
      ok: false,
      problems: [
        { id: 'seek-back', message: 'Alt+Shift+Right is already bound to seek-forward' },
        { id: 'toggleOverlays', message: 'Alt+Shift+Space is already bound to toggle-pause' },
      ],
    });
  });
});

describe('bindingsFromBoxes', () => {
  it('keeps only what differs from the defaults, an emptied box as none', () => {
    expect(
      bindingsFromBoxes({
        'toggle-pause': 'alt+shift+space',
        'seek-back': 'Ctrl+Alt+Left',
        'speed-up': ' ',
        toggleOverlays: 'Alt+Shift+O',
      }),
    ).toEqual({ replay: { 'seek-back': 'Ctrl+Alt+Left', 'speed-up': null }, desktop: {} });
  });
});
