import { LEGAL_NOTICE_SHORT } from '@shared/contract';
import type { OverlayVisibility } from '../windows/overlayWindows';

export type TrayAction =
  | { kind: 'show-companion' }
  | { kind: 'show-caster-panel' }
  | { kind: 'toggle-overlay'; name: string }
  | { kind: 'quit' };

/** The tray menu as plain data; the Electron side only adds click handlers. */
export type TrayMenuItem =
  | { type: 'normal'; label: string; action: TrayAction }
  | { type: 'checkbox'; label: string; checked: boolean; action: TrayAction }
  | { type: 'normal'; label: string; enabled: false }
  | { type: 'separator' };

export const TRAY_TOOLTIP = `Sightline. ${LEGAL_NOTICE_SHORT}`;

export function buildTrayMenu(overlays: readonly OverlayVisibility[]): TrayMenuItem[] {
  const overlayItems: TrayMenuItem[] =
    overlays.length === 0
      ? [{ type: 'normal', label: 'No overlays', enabled: false }]
      : overlays.map((overlay) => ({
          type: 'checkbox',
          label: `Overlay: ${overlay.title}`,
          checked: overlay.visible,
          action: { kind: 'toggle-overlay', name: overlay.name },
        }));
  return [
    { type: 'normal', label: 'Show Sightline', action: { kind: 'show-companion' } },
    { type: 'normal', label: 'Caster panel', action: { kind: 'show-caster-panel' } },
    { type: 'separator' },
    ...overlayItems,
    { type: 'separator' },
    // The publisher's notice stays one click away from every surface, the tray included.
    { type: 'normal', label: LEGAL_NOTICE_SHORT, enabled: false },
    { type: 'normal', label: 'Quit Sightline', action: { kind: 'quit' } },
  ];
}

/** A menu item in the shape Menu.buildFromTemplate takes. */
export interface MenuTemplateItem {
  type: 'normal' | 'checkbox' | 'separator';
  label?: string;
  checked?: boolean;
  enabled?: boolean;
  click?: () => void;
}

export function toMenuTemplate(
  items: readonly TrayMenuItem[],
  onAction: (action: TrayAction) => void,
): MenuTemplateItem[] {
  return items.map((item) => {
    if (item.type === 'separator') return { type: 'separator' };
    if ('action' in item) {
      const { action, ...rest } = item;
      return { ...rest, click: () => onAction(action) };
    }
    return { ...item };
  });
}
