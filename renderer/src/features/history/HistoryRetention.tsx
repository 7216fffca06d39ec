import { useState, type FormEvent } from 'react';
import type { SettingsView } from '@shared/contract';
import { useSaveSettings, useSettings } from '../../state/settingsQueries';
import { TickField } from '../../ui/forms/LabelledFields';
import { SaveActions } from '../settings/SaveActions';

/** The history's retention period (`history.retentionDays`): off keeps every game. */
export function HistoryRetention() {
  const settings = useSettings();
  if (!settings.data) return null;
  return <RetentionForm view={settings.data} />;
}

const DEFAULT_DAYS = 90;

function RetentionForm({ view }: { view: SettingsView }) {
  const saved = view.settings.history.retentionDays;
  const [enabled, setEnabled] = useState(saved !== null);
  const [days, setDays] = useState(String(saved ?? DEFAULT_DAYS));
  const save = useSaveSettings((retentionDays: number | null) => ({ history: { retentionDays } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Main validates it again: a number out of range or not whole comes back as the error beside Save.
    save.mutate(enabled ? Number(days) : null);
  };

  return (
    <form className="panel history-retention" onSubmit={submit} noValidate data-testid="history-retention">
      <TickField
        className="history-retention-choice"
        label="Delete games that started more than"
        checked={enabled}
        onChange={setEnabled}
        testId="history-retention-enabled"
      />
      <input
        type="number"
        min={1}
        max={3650}
        value={days}
        disabled={!enabled}
        aria-label="Days to keep games"
        onChange={(event) => setDays(event.target.value)}
        data-testid="history-retention-days"
      />
      <span>days ago</span>
      <SaveActions label="Save" state={save} errorTestId="history-retention-error" />
      <small className="muted">
        Both games’ history, checked at once and every hour. Off keeps every game until you delete it.
      </small>
    </form>
  );
}
