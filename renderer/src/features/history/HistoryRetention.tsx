import { useState } from 'react';
import { historySettingsPatchSchema, type SettingsView } from '@shared/contract';
import { useSaveSettings, useSettings } from '../../state/settingsQueries';
import { ConfirmChoice } from '../../ui/ConfirmChoice';
import { TickField } from '../../ui/forms/LabelledFields';
import { SaveStatus } from '../settings/SaveStatus';

/**
 * The history's retention period (`history.retentionDays`): off keeps every game. Saved the way every setting is
 * (a tick at once, the days when the box is left or Enter is pressed), except that a change that can delete games
 * (turning it on, or a shorter period) waits for the user's yes: autosave never deletes history by itself.
 */
export function HistoryRetention() {
  const settings = useSettings();
  if (!settings.data) return null;
  return <RetentionForm view={settings.data} />;
}

const DEFAULT_DAYS = 90;

/** A typed period as the setting takes it, or why it is not one (checked as main checks it again). */
function parseDays(text: string): { ok: true; days: number } | { ok: false; error: Error } {
  const days = text.trim() === '' ? Number.NaN : Number(text);
  return historySettingsPatchSchema.safeParse({ retentionDays: days }).success
    ? { ok: true, days }
    : { ok: false, error: new Error('Enter a whole number of days from 1 to 3650.') };
}

function RetentionForm({ view }: { view: SettingsView }) {
  const saved = view.settings.history.retentionDays;
  const [enabled, setEnabled] = useState(saved !== null);
  const [days, setDays] = useState(String(saved ?? DEFAULT_DAYS));
  /** A period that deletes more games than the saved one, waiting for the user's yes. */
  const [asking, setAsking] = useState<number | null>(null);
  const [invalid, setInvalid] = useState<Error | null>(null);
  const save = useSaveSettings((retentionDays: number | null) => ({ history: { retentionDays } }));

  /** Saves what the form now says, asking first when it would delete games the saved period keeps. */
  const commit = (nextEnabled: boolean, nextDays: string) => {
    setAsking(null);
    save.reset();
    if (!nextEnabled) {
      setInvalid(null);
      if (saved !== null) save.mutate(null);
      return;
    }
    const parsed = parseDays(nextDays);
    setInvalid(parsed.ok ? null : parsed.error);
    if (!parsed.ok || parsed.days === saved) return;
    if (saved === null || parsed.days < saved) setAsking(parsed.days);
    else save.mutate(parsed.days);
  };

  /** Backs out of a change that would delete games: the form shows the saved period again. */
  const keep = () => {
    setAsking(null);
    setEnabled(saved !== null);
    setDays(String(saved ?? DEFAULT_DAYS));
  };

  return (
    <div className="panel history-retention" data-testid="history-retention">
      <TickField
        className="history-retention-choice"
        label="Delete games that started more than"
        checked={enabled}
        onChange={(next) => {
          setEnabled(next);
          commit(next, days);
        }}
        testId="history-retention-enabled"
      />
      <input
        type="number"
        min={1}
        max={3650}
        value={days}
        disabled={!enabled}
        aria-label="Days to keep games"
        aria-invalid={invalid || save.error ? true : undefined}
        onChange={(event) => setDays(event.target.value)}
        onBlur={() => commit(enabled, days)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(enabled, days);
        }}
        data-testid="history-retention-days"
      />
      <span>days ago</span>
      <SaveStatus
        state={invalid ? { isPending: false, isSuccess: false, error: invalid } : save}
        testId="history-retention-days"
      />
      {asking !== null ? (
        <div className="form-actions" role="group" data-testid="history-retention-ask">
          <span>
            Games of both kinds that started more than {asking} days ago are deleted now, and every hour from
            then on.
          </span>
          <ConfirmChoice
            className="danger"
            pending={save.isPending}
            onConfirm={() => {
              setAsking(null);
              save.mutate(asking);
            }}
            onKeep={keep}
            testId="history-retention-confirm"
          >
            Delete them
          </ConfirmChoice>
        </div>
      ) : null}
      <small className="muted">
        Both games’ history, checked at once and every hour. Off keeps every game until you delete it.
      </small>
    </div>
  );
}
