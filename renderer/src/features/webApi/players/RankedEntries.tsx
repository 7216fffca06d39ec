import { useContractQuery } from '../../../state/contractQueries';
import { leagueEntryLine } from './leagueFormat';

/**
 * The player's ranked entries on the platform, as league-v4 returns them: one row per queue. No
 * rating is estimated or inferred from them.
 */
export function RankedEntries({
  puuid,
  summonerId,
  platform,
}: {
  puuid: string;
  summonerId: string;
  platform: string;
}) {
  const league = useContractQuery(
    'webApi.league.entries',
    { puuid, summonerId, platform },
    { retry: false, staleTime: 60_000 },
  );
  if (league.isPending)
    return (
      <p className="muted" role="status">
        Reading ranked entries…
      </p>
    );
  if (league.isError)
    return (
      <p className="web-api-error" role="alert" data-testid="ranked-error">
        {league.error.message}
      </p>
    );
  return (
    <>
      <h3 className="section-title">Ranked</h3>
      {league.data.entries.length === 0 ? (
        <p className="muted" data-testid="ranked-none">
          No ranked entries on {league.data.platform}.
        </p>
      ) : (
        <ul className="ranked-entries" data-testid="ranked-entries">
          {league.data.entries.map((entry) => {
            const line = leagueEntryLine(entry);
            return (
              <li key={`${entry.queueType}-${entry.leagueId}`} data-testid="ranked-entry">
                <span className="ranked-queue" title={line.queueType}>
                  {line.queue}
                </span>
                <span className="ranked-tier">{line.tier}</span>
                <span className="ranked-points">{line.points}</span>
                <span className="ranked-record">{line.record}</span>
                {line.flags.map((flag) => (
                  <span key={flag} className="ranked-flag">
                    {flag}
                  </span>
                ))}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
