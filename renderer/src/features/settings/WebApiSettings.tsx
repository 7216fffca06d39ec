import {
  API_VERSIONS,
  AUTH_MODES,
  type ApiVersion,
  type AuthMode,
  type SettingsView,
} from '@shared/contract';
import { KeyRules } from '../webApi/KeyRules';
import { ChoiceSetting, TickSetting } from './SettingFields';
import { useAutosavedSetting } from './useAutosavedSetting';

const AUTH_MODE_LABELS: Record<AuthMode, string> = {
  header: 'X-Riot-Token header (default)',
  query: 'api_key query parameter',
};

const API_VERSION_LABELS: Record<ApiVersion, string> = {
  v5: 'v5: today’s paths (default)',
  v4: 'v4: the spec’s paths',
};

const LOCKED_NOTE = 'Set by the environment for this run.';

/**
 * How the core calls the game's web API with the user's key: where the key goes and which paths, with the
 * publisher's rules for keys. Protocol detail: the page shows it in its Advanced section.
 */
export function WebApiSettings({ view }: { view: SettingsView }) {
  const saved = view.settings.webApi;
  const authModeLocked = view.overridden.includes('webApi.authMode');
  const apiVersionLocked = view.overridden.includes('webApi.apiVersion');
  const authMode = useAutosavedSetting(saved.authMode, (next) => ({ webApi: { authMode: next } }));
  const apiVersion = useAutosavedSetting(saved.apiVersion, (next) => ({ webApi: { apiVersion: next } }));

  return (
    <section className="panel settings" aria-labelledby="web-api-settings-title">
      <h2 id="web-api-settings-title">Web API</h2>
      <div className="settings-fields">
        <ChoiceSetting
          label="Send the key as"
          options={AUTH_MODES}
          labels={AUTH_MODE_LABELS}
          setting={authMode}
          disabled={authModeLocked}
          testId="setting-web-api-auth-mode"
          hint={
            authModeLocked
              ? LOCKED_NOTE
              : 'The header keeps the key out of URLs. The api_key parameter, as the spec has it, puts the key in every URL; Sightline redacts it from its logs.'
          }
        />
        <ChoiceSetting
          label="API version"
          options={API_VERSIONS}
          labels={API_VERSION_LABELS}
          setting={apiVersion}
          disabled={apiVersionLocked}
          testId="setting-web-api-version"
          hint={
            apiVersionLocked
              ? LOCKED_NOTE
              : 'v5: matches on the regional cluster (europe…), tournament results by code (games/by-code). v4: the spec’s paths, matches on the platform (euw1…) and by tournament code; the live API no longer serves them, so pick v4 only for a stand-in that does.'
          }
        />
      </div>
      <KeyRules />
    </section>
  );
}

/** Whether the organizer's key may call the real tournament API; the desk uses the stub until it is ticked. */
export function TournamentKeySetting({ view }: { view: SettingsView }) {
  const confirmed = useAutosavedSetting(view.settings.webApi.tournamentKeyConfirmed, (next) => ({
    webApi: { tournamentKeyConfirmed: next },
  }));
  return (
    <section className="panel settings" aria-labelledby="tournament-key-title">
      <h2 id="tournament-key-title">Tournament desk: your key</h2>
      <div className="settings-fields">
        <TickSetting
          label="My key is tournament-enabled"
          setting={confirmed}
          testId="setting-tournament-key"
        />
        <small className="muted">
          Off by default: the tournament desk calls the tournament stub until you tick this for a key the
          publisher enabled for tournaments. A development key always uses the stub.
        </small>
      </div>
    </section>
  );
}
