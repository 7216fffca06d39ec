import { useState, type FormEvent } from 'react';
import {
  ACCOUNT_REGIONS,
  accountRegionOf,
  PLATFORM_IDS,
  PLATFORM_LABELS,
  type PlatformId,
  type WebApiSettings,
} from '@shared/contract';
import { useAppState } from '../../../state/AppContext';
import { StaticDataMatchIcons } from '../matches/catalogIcons';
import { ApiKeyPanel } from '../ApiKeyPanel';
import { PlayerResult } from './PlayerResult';
import { navigateWithParams, useSearchParams } from '../../../navigation/searchParams';
import { useSaveSettings, useSettings } from '../../../state/settingsQueries';
import { WebApiNotices } from '../WebApiNotices';
import './players.css';

export const PLAYERS_PAGE_PATH = '/players';

/** Riot ID → account → its platform (unless picked) → summoner → recent matches, with the user's own key. */
export function PlayersPage() {
  const params = useSearchParams();
  const keyPresent = useAppState((state) => state.webApi.key.present);
  const settings = useSettings();
  const riotId = params.get('riotId') ?? '';
  const platform = params.get('platform') ?? '';
  const region = params.get('region') ?? '';
  const defaults = settings.data?.settings.webApi;
  return (
    <StaticDataMatchIcons>
      <div className="web-api-page players-page" data-testid="players-page">
        <WebApiNotices />
        {keyPresent === false ? <ApiKeyPanel /> : null}
        {defaults ? (
          <LookupForm
            key={`${riotId}|${platform}|${region}`}
            defaults={defaults}
            riotId={riotId}
            platform={platform}
            region={region}
          />
        ) : null}
        {riotId && region ? <PlayerResult riotId={riotId} platform={platform} region={region} /> : null}
        {keyPresent ? <ApiKeyPanel compact /> : null}
        <p className="muted policy-note">
          Sightline shows what the API returns about a match: no rank estimates, no predictions, and players
          the game hides stay hidden.
        </p>
      </div>
    </StaticDataMatchIcons>
  );
}

function LookupForm(props: { defaults: WebApiSettings; riotId: string; platform: string; region: string }) {
  const [riotId, setRiotId] = useState(props.riotId);
  // '' finds the platform from the account; a platform picked here overrides it.
  const [platform, setPlatform] = useState(props.platform);
  const [region, setRegion] = useState(props.region || accountRegionOf(props.defaults.platform));
  const remember = useSaveSettings((choice: { platform: PlatformId }) => ({ webApi: choice }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const known = (PLATFORM_IDS as readonly string[]).includes(platform);
    if (known) remember.mutate({ platform: platform as PlatformId });
    navigateWithParams(PLAYERS_PAGE_PATH, { riotId: riotId.trim(), platform, region });
  };
  const choosePlatform = (next: string) => {
    setPlatform(next);
    // The account cluster follows the platform unless the user picks another.
    if ((PLATFORM_IDS as readonly string[]).includes(next)) setRegion(accountRegionOf(next as PlatformId));
  };

  return (
    <section className="panel" aria-labelledby="lookup-title">
      <h2 id="lookup-title">Look up a player</h2>
      <form className="lookup-form" onSubmit={submit}>
        <label className="grow">
          <span>Riot ID</span>
          <input
            value={riotId}
            onChange={(event) => setRiotId(event.target.value)}
            placeholder="name#tag"
            spellCheck={false}
            data-testid="riot-id-input"
          />
        </label>
        <label>
          <span>Platform</span>
          <select
            value={platform}
            onChange={(event) => choosePlatform(event.target.value)}
            data-testid="platform-select"
          >
            <option value="">Where they play (found from the account)</option>
            {PLATFORM_IDS.map((id) => (
              <option key={id} value={id}>
                {PLATFORM_LABELS[id]} ({id})
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Account region</span>
          <select
            value={region}
            onChange={(event) => setRegion(event.target.value)}
            data-testid="region-select"
          >
            {ACCOUNT_REGIONS.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={riotId.trim() === ''} data-testid="lookup-submit">
          Look up
        </button>
      </form>
    </section>
  );
}
