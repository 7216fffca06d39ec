import { useState, type FormEvent } from 'react';
import type { SettingsPatch, SettingsView } from '@shared/contract';
import { SetupGuideLink } from '../firstRun/SetupGuideLink';
import { SaveActions } from './SaveActions';
import { HostLinksPanel } from './HostLinksPanel';
import { DesktopSettings } from './DesktopSettings';
import { StoreSettings } from './StoreSettings';
import { TournamentDatabaseSettings } from './TournamentDatabaseSettings';
import { WebApiSettings } from './WebApiSettings';
import { useSaveSettings, useSettings } from '../../state/settingsQueries';

/** The few settings a user changes by hand; every value is validated again in main. */
export function SettingsPage() {
  const settings = useSettings();
  if (settings.isPending) return <p className="muted">Loading…</p>;
  if (settings.isError) return <p className="error">{settings.error.message}</p>;
  return (
    <div className="page-grid">
      <SettingsForm view={settings.data} />
      <DesktopSettings view={settings.data} />
      <WebApiSettings view={settings.data} />
      <TournamentDatabaseSettings />
      <StoreSettings view={settings.data} />
      <HostLinksPanel />
      <SetupGuideLink />
    </div>
  );
}

function SettingsForm({ view }: { view: SettingsView }) {
  const [pollSeconds, setPollSeconds] = useState(String(view.settings.live.pollIntervalMs / 1000));
  const [cardPort, setCardPort] = useState(String(view.settings.card.port));
  const [hostPort, setHostPort] = useState(String(view.settings.host.port));
  const save = useSaveSettings((patch: SettingsPatch) => patch);
  const locked = (path: string) => view.overridden.includes(path);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      live: { pollIntervalMs: Math.round(Number(pollSeconds) * 1000) },
      card: { port: Number(cardPort) },
      ...(locked('host.port') ? {} : { host: { port: Number(hostPort) } }),
    });
  };

  return (
    <section className="panel settings" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <form onSubmit={submit} noValidate>
        <NumberField
          label="Arena client poll interval (seconds)"
          min={1}
          max={10}
          step={0.5}
          value={pollSeconds}
          onChange={setPollSeconds}
          testId="setting-poll-seconds"
          hint="At most once per second, as the publisher asks."
        />
        <NumberField
          label="Card client port"
          min={1}
          max={65535}
          value={cardPort}
          onChange={setCardPort}
          disabled={locked('card.port')}
          testId="setting-card-port"
          hint={locked('card.port') ? 'Set by SIGHTLINE_CARD_URL for this run.' : null}
        />
        <NumberField
          label="Browser host port"
          min={0}
          max={65535}
          value={hostPort}
          onChange={setHostPort}
          disabled={locked('host.port')}
          testId="setting-host-port"
          hint={
            locked('host.port')
              ? 'Set by SIGHTLINE_HOST_PORT for this run.'
              : '0 picks a free port at every start. A fixed port keeps OBS overlay URLs and the sign-on redirect the same; it applies from the next start.'
          }
        />
        <SaveActions label="Save" state={save} errorTestId="settings-error" />
      </form>
      <dl className="settings-readonly">
        <dt>Arena live client</dt>
        <dd>
          {view.settings.live.url}
          {locked('live.url') ? ' (SIGHTLINE_LIVE_URL)' : ''}
        </dd>
        <dt>Replay API</dt>
        <dd>
          {view.settings.replay.url}
          {locked('replay.url') ? ' (SIGHTLINE_REPLAY_URL)' : ''}
        </dd>
      </dl>
    </section>
  );
}

/** A labelled number box, kept as typed (the save converts it), with an optional note under it. */
function NumberField({
  label,
  value,
  onChange,
  testId,
  hint,
  ...bounds
}: {
  label: string;
  value: string;
  onChange(next: string): void;
  testId: string;
  min: number;
  max: number;
  step?: number;
  /** A value set by the environment for this run. */
  disabled?: boolean;
  hint?: string | null;
}) {
  return (
    <label>
      <span>{label}</span>
      <input
        type="number"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
        {...bounds}
      />
      {hint ? <small className="muted">{hint}</small> : null}
    </label>
  );
}
