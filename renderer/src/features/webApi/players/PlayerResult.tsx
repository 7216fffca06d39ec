import { PLATFORM_IDS, PLATFORM_LABELS, type PlatformId, type SummonerView } from '@shared/contract';
import { useContractQuery } from '../../../state/contractQueries';
import { PlatformStatusLine } from '../status/PlatformStatusLine';
import { MatchList } from './MatchList';
import { ProfileIcon } from './ProfileIcon';
import { RankedEntries } from './RankedEntries';

/**
 * One lookup, step by step: the account behind the Riot ID, the platform it plays on (account-v1's region
 * lookup, unless the user picked one), the summoner there, then its ranked entries, the recent matches and
 * the platform's status. Each step waits for the one before; none is retried by the page (the core retries
 * what is safe), and each failure says what to do.
 */
export function PlayerResult({
  riotId,
  platform: picked,
  region,
}: {
  riotId: string;
  /** '' to find it from the account. */
  platform: string;
  region: string;
}) {
  const account = useContractQuery(
    'webApi.account.byRiotId',
    { riotId, region },
    { retry: false, staleTime: 60_000 },
  );
  const puuid = account.data?.puuid ?? '';
  const found = useContractQuery(
    'webApi.account.platform',
    { puuid, region },
    { enabled: puuid !== '' && picked === '', retry: false, staleTime: 60_000 },
  );
  const platform = picked || found.data?.platform || '';
  const summoner = useContractQuery(
    'webApi.summoner.byPuuid',
    { puuid, platform },
    { enabled: puuid !== '' && platform !== '', retry: false, staleTime: 60_000 },
  );
  const accountId = summoner.data?.accountId ?? '';
  const knownPlatform = (PLATFORM_IDS as readonly string[]).includes(platform);

  if (account.isPending) return <Progress text={`Looking up ${riotId}…`} />;
  if (account.isError) return <Failure message={account.error.message} />;
  return (
    <section className="panel player-card" aria-labelledby="player-title" data-testid="player-card">
      <header className="player-head">
        {summoner.data ? (
          <ProfileIcon iconId={summoner.data.profileIconId} />
        ) : (
          <span className="profile-icon" />
        )}
        <div>
          <h2 id="player-title" className="player-name" data-testid="player-name">
            {account.data.gameName}
            <span className="tag">#{account.data.tagLine}</span>
          </h2>
          <SummonerLine summoner={summoner.data} platform={platform} />
        </div>
      </header>
      {picked === '' && found.isPending ? <Progress text="Finding where they play…" /> : null}
      {picked === '' && found.isError ? <Failure message={found.error.message} /> : null}
      {knownPlatform ? <PlatformStatusLine platform={platform as PlatformId} /> : null}
      {summoner.isPending && platform !== '' ? <Progress text="Finding the summoner…" /> : null}
      {summoner.isError ? <Failure message={summoner.error.message} /> : null}
      {summoner.data ? (
        <RankedEntries puuid={puuid} summonerId={summoner.data.id} platform={platform} />
      ) : null}
      {summoner.isSuccess ? <MatchList player={{ puuid, platform, accountId }} /> : null}
    </section>
  );
}

function SummonerLine({ summoner, platform }: { summoner: SummonerView | undefined; platform: string }) {
  if (platform === '') return null;
  const where = PLATFORM_LABELS[platform as PlatformId] ?? platform;
  if (!summoner) return <p className="muted">{where}</p>;
  return (
    <p className="muted" data-testid="summoner-line">
      Level {summoner.summonerLevel} · {where}
    </p>
  );
}

function Progress({ text }: { text: string }) {
  return (
    <p className="muted" role="status">
      {text}
    </p>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <p className="web-api-error" role="alert" data-testid="lookup-error">
      {message}
    </p>
  );
}
