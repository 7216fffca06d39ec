import { useState, type FormEvent } from 'react';
import type { SettingsPatch, SettingsView } from '@shared/contract';
import { SaveActions } from './SaveActions';
import { HotkeySettings } from './HotkeySettings';
import { StoreSettings } from './StoreSettings';
import { WebApiSettings } from './WebApiSettings';
import { useSaveSettings, useSettings } from './settingsQueries';

/** The few settings a user changes by hand; every value is validated again in main. */
export function SettingsPage() {
  const settings = useSettings();
  if (settings.isPending) return <p className="muted">Loading…</p>;
  if (settings.isError) return <p className="error">{settings.error.message}</p>;
  return (
    <div className="page-grid">
      <SettingsForm view={settings.data} />
      <HotkeySettings view={settings.data} />
      <WebApiSettings view={settings.data} />
      <StoreSettings view={settings.data} />
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
        <label>
          <span>Arena client poll interval (seconds)</span>
          <input
            type="number"
            min={1}
            max={10}
            step={0.5}
            value={pollSeconds}
            onChange={(event) => setPollSeconds(event.target.value)}
            data-testid="setting-poll-seconds"
          />
          <small className="muted">At most once per second, as the publisher asks.</small>
        </label>
        <label>
          <span>Card client port</span>
          <input
            type="number"
            min={1}
            max={65535}
            value={cardPort}
            disabled={locked('card.port')}
            onChange={(event) => setCardPort(event.target.value)}
            data-testid="setting-card-port"
          />
          {locked('card.port') ? (
            <small className="muted">Set by SIGHTLINE_CARD_URL for this run.</small>
          ) : null}
        </label>
        <label>
          <span>Browser host port</span>
          <input
            type="number"
            min={0}
            max={65535}
            value={hostPort}
            disabled={locked('host.port')}
            onChange={(event) => setHostPort(event.target.value)}
            data-testid="setting-host-port"
          />
          <small className="muted">
            {locked('host.port')
              ? 'Set by SIGHTLINE_HOST_PORT for this run.'
              : '0 picks a free port at every start. A fixed port keeps OBS overlay URLs and the sign-on redirect the same; it applies from the next start.'}
          </small>
        </label>
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
