import { useQueryClient } from '@tanstack/react-query';
import { OVERLAY_AREAS, type DisplayInfo, type OverlayArea, type SettingsView } from '@shared/contract';
import { contractQueryKey, useContractQuery } from '../../state/contractQueries';
import { ChoiceSetting, TickSetting } from './SettingFields';
import { useAutosavedSetting } from './useAutosavedSetting';

const AREA_LABELS: Record<OverlayArea, string> = {
  auto: 'Automatic: over the taskbar while a game runs',
  display: 'Whole display (the game runs fullscreen or borderless)',
  'work-area': 'Above the taskbar (the game runs in a window)',
};

/** The value of "the primary display" in the drop-down (the setting's null). */
const PRIMARY = 'primary';

function displayName(display: DisplayInfo, index: number): string {
  const size = `${display.bounds.width}×${display.bounds.height}`;
  const name = display.label.trim() || `Display ${index + 1}`;
  return `${name} (${size}${display.primary ? ', primary' : ''})`;
}

/**
 * The desktop app's own settings: the display the overlay windows go on and where on it, and starting with the
 * system. The displays are the desktop app's to know; a browser gets a note instead.
 */
export function DesktopSettings({ view }: { view: SettingsView }) {
  const status = useContractQuery('desktop.status', {});
  const saved = view.settings.desktop;
  const queries = useQueryClient();
  // Where the overlays are and whether the system starts the app are read back from the desktop.
  const refreshStatus = () => queries.invalidateQueries({ queryKey: contractQueryKey('desktop.status') });
  const display = useAutosavedSetting(
    saved.overlayDisplayId === null ? PRIMARY : String(saved.overlayDisplayId),
    (next) => ({ desktop: { overlayDisplayId: next === PRIMARY ? null : Number(next) } }),
    refreshStatus,
  );
  const area = useAutosavedSetting<OverlayArea>(
    saved.overlayArea,
    (next) => ({ desktop: { overlayArea: next } }),
    refreshStatus,
  );
  const startWithSystem = useAutosavedSetting(
    saved.startWithSystem,
    (next) => ({ desktop: { startWithSystem: next } }),
    refreshStatus,
  );

  const known = status.data?.available ? status.data : null;
  // A chosen display that is not connected stays chosen (the overlays go back to it when it returns).
  const displayIds = [
    PRIMARY,
    ...(known?.displays.map((entry) => String(entry.id)) ?? []),
    ...(known?.chosenDisplayMissing && saved.overlayDisplayId !== null
      ? [String(saved.overlayDisplayId)]
      : []),
  ];
  const displayLabels: Record<string, string> = {
    [PRIMARY]: 'Primary display',
    ...Object.fromEntries(
      known?.displays.map((entry, index) => [String(entry.id), displayName(entry, index)]) ?? [],
    ),
    ...(saved.overlayDisplayId !== null && known?.chosenDisplayMissing
      ? { [String(saved.overlayDisplayId)]: 'The chosen display (not connected)' }
      : {}),
  };

  return (
    <section className="panel settings" aria-labelledby="desktop-settings-title">
      <h2 id="desktop-settings-title">Desktop app</h2>
      {status.data && !status.data.available ? (
        <p className="muted" data-testid="desktop-only">
          Desktop app only: the display the overlay windows go on and starting with the system are set in the
          desktop app. Browser sources (OBS) are placed by OBS.
        </p>
      ) : known ? (
        <div className="settings-fields">
          <ChoiceSetting
            label="Overlays on"
            options={displayIds}
            labels={displayLabels}
            setting={display}
            testId="setting-overlay-display"
            hint={
              known.chosenDisplayMissing
                ? 'The chosen display is not connected: the overlays are on the primary display until it is back.'
                : 'A display that is unplugged moves its overlays to the primary display.'
            }
          />
          <ChoiceSetting
            label="Overlays cover"
            options={OVERLAY_AREAS}
            labels={AREA_LABELS}
            setting={area}
            testId="setting-overlay-area"
            hint="A fullscreen or borderless game covers the taskbar, so the overlays do too; over a game in a window they keep clear of it."
          />
          <TickSetting
            label="Start with the system (to the tray, without opening this window)"
            setting={startWithSystem}
            testId="setting-start-with-system"
          />
          {known.startsWithSystem !== saved.startWithSystem ? (
            <small className="error" data-testid="start-with-system-state">
              The system {known.startsWithSystem ? 'still starts' : 'does not start'} Sightline at login: the
              change could not be made (see sightline.log in the data folder).
            </small>
          ) : known.startsWithSystem ? (
            <small className="muted" data-testid="start-with-system-state">
              The system starts Sightline when you log in.
            </small>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
