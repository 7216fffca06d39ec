import type { SettingsView } from '@shared/contract';
import { SetupGuideLink } from '../firstRun/SetupGuideLink';
import { AdvancedSection } from '../../ui/AdvancedSection';
import { HostLinksPanel } from './HostLinksPanel';
import { DesktopSettings } from './DesktopSettings';
import { StoreAdvancedSettings, StoreSettings } from './StoreSettings';
import { TournamentDatabaseSettings } from './TournamentDatabaseSettings';
import { TournamentKeySetting, WebApiSettings } from './WebApiSettings';
import { TypedSetting } from './SettingFields';
import { useAutosavedSetting } from './useAutosavedSetting';
import { useSettings } from '../../state/settingsQueries';

/**
 * The settings a user changes by hand, each saved on its own as it is changed (the page's one way to save);
 * every value is validated again in main. What only an organizer or a protocol-minded user needs is in the
 * Organizer and Advanced sections, closed until opened. Secrets keep their own write-only forms.
 */
export function SettingsPage() {
  const settings = useSettings();
  if (settings.isPending) return <p className="muted">Loading…</p>;
  if (settings.isError) return <p className="error">{settings.error.message}</p>;
  const view = settings.data;
  return (
    <div className="page-grid">
      <GeneralSettings view={view} />
      <DesktopSettings view={view} />
      <StoreSettings view={view} />
      <HostLinksPanel />
      <SetupGuideLink />
      <AdvancedSection
        id="settings-organizer"
        title="Organizer"
        summary="Tournament desk: the tournament key and a database shared between machines."
      >
        <TournamentKeySetting view={view} />
        <TournamentDatabaseSettings />
      </AdvancedSection>
      <AdvancedSection
        id="settings-advanced"
        title="Advanced"
        summary="How Sightline talks to the web API and to the store."
      >
        <WebApiSettings view={view} />
        <StoreAdvancedSettings view={view} />
      </AdvancedSection>
    </div>
  );
}

function GeneralSettings({ view }: { view: SettingsView }) {
  const locked = (path: string) => view.overridden.includes(path);
  const pollSeconds = useAutosavedSetting(String(view.settings.live.pollIntervalMs / 1000), (seconds) => ({
    live: { pollIntervalMs: Math.round(typedNumber(seconds) * 1000) },
  }));
  const cardPort = useAutosavedSetting(String(view.settings.card.port), (port) => ({
    card: { port: typedNumber(port) },
  }));
  const hostPort = useAutosavedSetting(String(view.settings.host.port), (port) => ({
    host: { port: typedNumber(port) },
  }));

  return (
    <section className="panel settings" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <p className="muted">Each setting is saved as soon as you change it.</p>
      <div className="settings-fields">
        <TypedSetting
          label="Arena client poll interval (seconds)"
          type="number"
          min={1}
          max={10}
          step={0.5}
          setting={pollSeconds}
          testId="setting-poll-seconds"
          hint="At most once per second, as the publisher asks."
        />
        <TypedSetting
          label="Card client port"
          type="number"
          min={1}
          max={65535}
          setting={cardPort}
          disabled={locked('card.port')}
          testId="setting-card-port"
          hint={locked('card.port') ? 'Set by SIGHTLINE_CARD_URL for this run.' : null}
        />
        <TypedSetting
          label="Browser host port"
          type="number"
          min={0}
          max={65535}
          setting={hostPort}
          disabled={locked('host.port')}
          testId="setting-host-port"
          hint={
            locked('host.port')
              ? 'Set by SIGHTLINE_HOST_PORT for this run.'
              : '0 picks a free port at every start. A fixed port keeps OBS overlay URLs and the sign-in return address the same; it applies from the next start.'
          }
        />
      </div>
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

/** A number box's text as a number; an empty box is no number (main refuses it) rather than 0. */
function typedNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}
