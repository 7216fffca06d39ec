import { useState } from 'react';
import { useSaveSettings, useSettings } from '../../state/settingsQueries';

/**
 * The `staticData.autoSync` setting, saved as it is clicked: with it, the app downloads the game data of the
 * user's language by itself, picks up a new patch or card release at start, and retries a failed download.
 */
export function AutoSyncToggle() {
  const settings = useSettings();
  const save = useSaveSettings((autoSync: boolean) => ({ staticData: { autoSync } }));
  // Set in the click's own render: a controlled checkbox would otherwise flip back until the save is pending.
  const [asked, setAsked] = useState<boolean | null>(null);
  const checked = asked ?? settings.data?.settings.staticData.autoSync ?? false;
  return (
    <div className="sd-auto-sync">
      <label className="sd-check">
        <input
          type="checkbox"
          checked={checked}
          disabled={!settings.data || save.isPending}
          onChange={(event) => {
            setAsked(event.target.checked);
            save.mutate(event.target.checked, { onSettled: () => setAsked(null) });
          }}
          data-testid="auto-sync"
        />
        <span>Keep it up to date in the background</span>
      </label>
      <small className="muted">
        At every start Sightline checks for a new patch or card release, and fetches what your language still
        lacks. A download that fails is tried again after 30 s, then less and less often, at least every 30
        minutes.
      </small>
      {save.isError ? (
        <p className="sd-error" role="alert">
          {save.error.message}
        </p>
      ) : null}
    </div>
  );
}
