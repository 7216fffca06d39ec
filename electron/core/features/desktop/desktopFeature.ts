import type { Feature } from '../../platform/feature/feature';
import type { SettingsStore } from '../../platform/settings/settingsStore';
import { createDesktopHandlers, type DesktopHost } from './desktopHandlers';

export type { DesktopHost } from './desktopHandlers';

/** The desktop app's machine as pages ask for it; nothing runs in the background. */
export function createDesktopFeature(
  settings: Pick<SettingsStore, 'effective'>,
  host: DesktopHost | undefined,
): Feature<'desktop.status'> {
  return { handlers: createDesktopHandlers(settings, host), pollers: [] };
}
