import { describe, expect, it } from 'vitest';
import { LEGAL_NOTICE_SHORT } from '@shared/contract';
import { buildTrayMenu, toMenuTemplate, TRAY_TOOLTIP, type TrayAction } from './trayMenu';

const overlays = [
  { name: 'status', title: 'Connection status', visible: true },
  { name: 'board', title: 'Board', visible: false },
];

describe('buildTrayMenu', () => {
  it('offers the companion, the caster panel, one checkbox per overlay, the notice and quit', () => {
    expect(buildTrayMenu(overlays)).toEqual([
      { type: 'normal', label: 'Show Sightline', action: { kind: 'show-companion' } },
      { type: 'normal', label: 'Caster panel', action: { kind: 'show-caster-panel' } },
      { type: 'separator' },
      {
        type: 'checkbox',
        label: 'Overlay: Connection status',
        checked: true,
        action: { kind: 'toggle-overlay', name: 'status' },
      },
      {
        type: 'checkbox',
        label: 'Overlay: Board',
        checked: false,
        action: { kind: 'toggle-overlay', name: 'board' },
      },
      { type: 'separator' },
      { type: 'normal', label: LEGAL_NOTICE_SHORT, enabled: false },
      { type: 'normal', label: 'Quit Sightline', action: { kind: 'quit' } },
    ]);
  });

  it('says so when there are no overlays', () => {
    expect(buildTrayMenu([])).toContainEqual({ type: 'normal', label: 'No overlays', enabled: false });
  });

  it('names the app and carries the notice in the tooltip', () => {
    expect(TRAY_TOOLTIP).toContain('Sightline');
    expect(TRAY_TOOLTIP).toContain(LEGAL_NOTICE_SHORT);
    // The rule's own words (spec 1 §1), not only whatever the constant holds.
    expect(TRAY_TOOLTIP).toContain('Not endorsed by Riot Games');
  });
});

describe('toMenuTemplate', () => {
  it('turns each action into a click handler and leaves the rest as data', () => {
    const actions: TrayAction[] = [];
    const template = toMenuTemplate(buildTrayMenu(overlays), (action) => actions.push(action));
    for (const item of template) item.click?.();
    expect(actions).toEqual([
      { kind: 'show-companion' },
      { kind: 'show-caster-panel' },
      { kind: 'toggle-overlay', name: 'status' },
      { kind: 'toggle-overlay', name: 'board' },
      { kind: 'quit' },
    ]);
    expect(template[3]).toMatchObject({
      type: 'checkbox',
      label: 'Overlay: Connection status',
      checked: true,
    });
    expect(template[2]).toEqual({ type: 'separator' });
    expect(template[6]).toEqual({ type: 'normal', label: LEGAL_NOTICE_SHORT, enabled: false });
    expect(template.every((item) => !('action' in item))).toBe(true);
  });
});
