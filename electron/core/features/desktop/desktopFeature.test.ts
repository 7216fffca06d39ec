import { describe, expect, it } from 'vitest';
import { settingsSchema, type DisplayInfo } from '@shared/contract';
import { createDesktopFeature, type DesktopHost } from './desktopFeature';

const display = (id: number, primary: boolean): DisplayInfo => ({
  id,
  label: `Display ${id}`,
  primary,
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 0, width: 1920, height: 1040 },
  scaleFactor: 1,
});

function hostWith(displays: DisplayInfo[]): DesktopHost {
  return {
    displays: () => displays,
    refusedShortcuts: () => [
      { id: 'seek-back', accelerator: 'Alt+Shift+Left', reason: 'taken by another app' },
    ],
    startsWithSystem: async () => true,
  };
}

const settingsWith = (overlayDisplayId: number | null) => ({
  effective: settingsSchema.parse({ desktop: { overlayDisplayId } }),
});

describe('desktop.status', () => {
  it('says the desktop app alone knows it in browser mode', async () => {
    const feature = createDesktopFeature(settingsWith(null), undefined);
    expect(await feature.handlers['desktop.status']({})).toEqual({ available: false });
  });

  it('names the display the overlays are on, the refused shortcuts and the login item', async () => {
    const displays = [display(1, true), display(2, false)];
    const feature = createDesktopFeature(settingsWith(2), hostWith(displays));
    expect(await feature.handlers['desktop.status']({})).toEqual({
      available: true,
      displays,
      overlayDisplayId: 2,
      chosenDisplayMissing: false,
      refusedShortcuts: [{ id: 'seek-back', accelerator: 'Alt+Shift+Left', reason: 'taken by another app' }],
      startsWithSystem: true,
    });
  });

  it('falls back to the primary while the chosen display is not connected, and says so', async () => {
    const feature = createDesktopFeature(settingsWith(2), hostWith([display(5, false), display(1, true)]));
    expect(await feature.handlers['desktop.status']({})).toMatchObject({
      overlayDisplayId: 1,
      chosenDisplayMissing: true,
    });
  });
});
