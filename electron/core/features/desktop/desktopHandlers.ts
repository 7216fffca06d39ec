import type { DesktopStatus, DisplayInfo, RefusedShortcut } from '@shared/contract';
import { overlayDisplayOf } from '@shared/desktop/overlayDisplay';
import type { RequestHandlers } from '../../platform/router/requestRouter';
import type { SettingsStore } from '../../platform/settings/settingsStore';

/** What only the desktop app's shell knows (Electron's screen, globalShortcut, login items), asked when a page asks. */
export interface DesktopHost {
  displays(): DisplayInfo[];
  /** The global shortcuts the last registration could not take. */
  refusedShortcuts(): RefusedShortcut[];
  /** Whether the system starts Sightline at login, as the system holds it. */
  startsWithSystem(): Promise<boolean>;
}

/** `desktop.status`: the displays, the shortcuts the system refused, the login item; `available: false` without a shell. */
export function createDesktopHandlers(
  settings: Pick<SettingsStore, 'effective'>,
  host: DesktopHost | undefined,
): Pick<RequestHandlers, 'desktop.status'> {
  return {
    'desktop.status': async (): Promise<DesktopStatus> => {
      if (!host) return { available: false };
      const displays = host.displays();
      const choice = overlayDisplayOf(displays, settings.effective.desktop.overlayDisplayId);
      return {
        available: true,
        displays,
        overlayDisplayId: choice.display?.id ?? null,
        chosenDisplayMissing: choice.chosenMissing,
        refusedShortcuts: host.refusedShortcuts(),
        startsWithSystem: await host.startsWithSystem(),
      };
    },
  };
}
