import { useState, type FormEvent } from 'react';
import {
  API_VERSIONS,
  AUTH_MODES,
  type ApiVersion,
  type AuthMode,
  type SettingsView,
} from '@shared/contract';
import { OptionSelect } from '../../ui/forms/OptionSelect';
import { TickField } from '../../ui/forms/LabelledFields';
import { KeyRules } from '../webApi/KeyRules';
import { SaveActions } from './SaveActions';
import { useSaveSettings } from '../../state/settingsQueries';

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
 * How the core calls the game's web API with the user's key: where the key goes, which paths, and whether
 * the key may call the real tournament API; with the publisher's rules for keys.
 */
export function WebApiSettings({ view }: { view: SettingsView }) {
  const saved = view.settings.webApi;
  const authModeLocked = view.overridden.includes('webApi.authMode');
  const apiVersionLocked = view.overridden.includes('webApi.apiVersion');
  const [authMode, setAuthMode] = useState(saved.authMode);
  const [apiVersion, setApiVersion] = useState(saved.apiVersion);
  const [tournamentKeyConfirmed, setTournamentKeyConfirmed] = useState(saved.tournamentKeyConfirmed);
  const save = useSaveSettings(() => ({
    webApi: {
      ...(authModeLocked ? {} : { authMode }),
      ...(apiVersionLocked ? {} : { apiVersion }),
      tournamentKeyConfirmed,
    },
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <section className="panel settings" aria-labelledby="web-api-settings-title">
      <h2 id="web-api-settings-title">Web API</h2>
      <form onSubmit={submit} noValidate>
        <OptionSelect
          label="Send the key as"
          options={AUTH_MODES}
          labels={AUTH_MODE_LABELS}
          value={authMode}
          onChange={setAuthMode}
          disabled={authModeLocked}
          testId="setting-web-api-auth-mode"
          hint={
            authModeLocked
              ? LOCKED_NOTE
              : 'The header keeps the key out of URLs. The api_key parameter, as the spec has it, puts the key in every URL; Sightline redacts it from its logs.'
          }
        />
        <OptionSelect
          label="API version"
          options={API_VERSIONS}
          labels={API_VERSION_LABELS}
          value={apiVersion}
          onChange={setApiVersion}
          disabled={apiVersionLocked}
          testId="setting-web-api-version"
          hint={
            apiVersionLocked
              ? LOCKED_NOTE
              : 'v5: matches on the regional cluster (europe…), tournament results by code (games/by-code). v4: the spec’s paths, matches on the platform (euw1…) and by tournament code; the live API no longer serves them, so pick v4 only for a stand-in that does.'
          }
        />
        <TickField
          label="My key is tournament-enabled"
          checked={tournamentKeyConfirmed}
          onChange={setTournamentKeyConfirmed}
          testId="setting-tournament-key"
        />
        <small className="muted">
          Off by default: the tournament desk calls the tournament stub until you tick this for a key the
          publisher enabled for tournaments. A development key always uses the stub.
        </small>
        <SaveActions label="Save web API" state={save} errorTestId="web-api-settings-error" />
      </form>
      <KeyRules />
    </section>
  );
}
