import type { MouseEvent } from 'react';
import { useMatch } from '../matches/MatchDetails';
import { ABORTED_LABEL } from '../matches/matchFormat';
import { MATCH_PAGE_PATH } from '../matches/MatchPage';
import { findPlayer, formatDuration, formatKda, formatMatchDate } from '../matches/matchFormat';
import { ChampionIcon } from '../matches/matchIcons';
import { useDisplayLocale } from '../../../ui/locale/useDisplayLocale';
import { hrefWithParams, navigateWithParams } from '../../../navigation/searchParams';

/** A recent match in one line, from the looked-up player's side when the record names them. */
export function RecentMatchRow({ matchId, puuid }: { matchId: string; puuid: string }) {
  const match = useMatch(matchId);
  const locale = useDisplayLocale();
  const open = (event: MouseEvent) => {
    event.preventDefault();
    navigateWithParams(MATCH_PAGE_PATH, { match: matchId, routing: '', code: '', player: puuid });
  };
  const href = hrefWithParams(MATCH_PAGE_PATH, { match: matchId, routing: '', code: '', player: puuid });

  if (match.isPending) {
    return (
      <li className="recent-match pending">
        <span className="muted">{matchId}</span>
      </li>
    );
  }
  if (match.isError) {
    return (
      <li className="recent-match failed">
        <span className="muted">{matchId}</span>
        <span className="web-api-error">{match.error.message}</span>
      </li>
    );
  }
  if (match.data.aborted) {
    return (
      <li className="recent-match unknown" data-testid="recent-match">
        <a href={href} onClick={open} className="recent-match-link" aria-label={`Open match ${matchId}`}>
          <span className="outcome">—</span>
          <span className="champion muted" data-testid="recent-match-aborted">
            {ABORTED_LABEL}
          </span>
          <span className="kda" />
          <span className="queue" />
          <span className="duration" />
          <span className="date muted">{formatMatchDate(match.data.startedAt, locale)}</span>
        </a>
      </li>
    );
  }
  const found = findPlayer(match.data, puuid);
  return (
    <li
      className={`recent-match ${found ? (found.win ? 'win' : 'loss') : 'unknown'}`}
      data-testid="recent-match"
    >
      <a href={href} onClick={open} className="recent-match-link" aria-label={`Open match ${matchId}`}>
        <span className="outcome">{found ? found.outcome : '—'}</span>
        {found ? (
          <ChampionIcon championId={found.player.championId} championName={found.player.championName} />
        ) : (
          <span className="champion muted">Players hidden by the API</span>
        )}
        <span className="kda">{found ? formatKda(found.player) : ''}</span>
        <span className="queue">{match.data.queueLabel}</span>
        <span className="duration">{formatDuration(match.data.durationSeconds)}</span>
        <span className="date muted">{formatMatchDate(match.data.startedAt, locale)}</span>
      </a>
    </li>
  );
}
