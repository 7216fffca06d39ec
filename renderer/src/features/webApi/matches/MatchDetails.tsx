import type { MatchView } from '@shared/contract';
import { useContractQuery } from '../../../state/contractQueries';
import { useDisplayLocale } from '../../../ui/locale/useDisplayLocale';
import { ABORTED_LABEL, formatDuration, formatMatchDate, patchLabel } from './matchFormat';
import { ArenaTeamTable } from './ArenaTeamTable';
import { MatchTeamTable } from './MatchTeamTable';

/**
 * Requests are never retried by the page: the core already retries what is safe to retry. With a
 * tournament code the match comes through that code, which never anonymises (spec 1 §4).
 */
export function useMatch(matchId: string, routing = '', code = '') {
  const options = { retry: false, staleTime: Infinity } as const;
  // One query per channel; only the one that applies is enabled, so only it is ever sent.
  const byCode = useContractQuery(
    'webApi.match.byCode',
    { matchId, code, routing },
    { ...options, enabled: matchId !== '' && code !== '' },
  );
  const plain = useContractQuery(
    'webApi.match.get',
    { matchId, routing },
    { ...options, enabled: matchId !== '' && code === '' },
  );
  return code ? byCode : plain;
}

export function MatchDetails({
  matchId,
  routing,
  code,
  highlight,
}: {
  matchId: string;
  routing: string;
  /** The tournament code that made the game, or ''. */
  code: string;
  highlight: string;
}) {
  const match = useMatch(matchId, routing, code);
  if (match.isPending) {
    return (
      <p className="muted" role="status">
        Loading {matchId}…
      </p>
    );
  }
  if (match.isError) {
    return (
      <p className="web-api-error" role="alert" data-testid="match-error">
        {match.error.message}
      </p>
    );
  }
  return <MatchSummary match={match.data} highlight={highlight} />;
}

function MatchSummary({ match, highlight }: { match: MatchView; highlight: string }) {
  const locale = useDisplayLocale();
  const facts = [
    // An aborted record's map and length are zeros, not facts.
    match.aborted ? '' : match.mapLabel,
    match.gameMode && match.gameMode !== 'CLASSIC' ? match.gameMode : '',
    formatMatchDate(match.startedAt, locale),
    patchLabel(match.gameVersion),
    match.tournamentCode ? `Tournament code ${match.tournamentCode}` : '',
  ].filter(Boolean);
  return (
    <div className="match-details" data-testid="match-details">
      <header className="panel match-head">
        <div>
          <h2 className="match-title" data-testid="match-queue">
            {match.aborted ? ABORTED_LABEL : match.queueLabel}
          </h2>
          <p className="muted">{facts.join(' · ')}</p>
        </div>
        <div className="match-duration">
          <span className="value" data-testid="match-duration">
            {match.aborted ? '—' : formatDuration(match.durationSeconds)}
          </span>
          <span className="muted">{match.matchId}</span>
        </div>
      </header>
      {match.aborted ? (
        <p className="web-api-notice waiting" role="note" data-testid="aborted-note">
          {ABORTED_LABEL}: the game stopped before it completed, so the record has no players, stats or
          result.
        </p>
      ) : null}
      {match.source === 'tournament-code' ? (
        <p className="web-api-notice info" role="note" data-testid="tournament-code-note">
          Fetched through the tournament code {match.tournamentCode}, which never hides who played.
        </p>
      ) : null}
      {match.anonymised ? (
        <p className="web-api-notice info" role="note" data-testid="anonymised-note">
          The standard match endpoint hides who played in non-ranked games, so players are shown as hidden.
          Sightline shows the record as the API returns it and never tries to find out who they were.
        </p>
      ) : null}
      {match.teams.map((team) => (
        <MatchTeamTable
          key={team.teamId}
          team={team}
          durationSeconds={match.durationSeconds}
          mapId={match.mapId}
          highlight={highlight}
        />
      ))}
      {match.subteams.map((team) => (
        <ArenaTeamTable
          key={team.subteamId}
          team={team}
          durationSeconds={match.durationSeconds}
          mapId={match.mapId}
          highlight={highlight}
        />
      ))}
    </div>
  );
}
