import { CALLBACK_FALLBACK_MS, type TournamentState } from '@shared/contract';
import { AwaitingResults } from './AwaitingResults';
import { ReceiverStatus } from './ReceiverStatus';
import { ResultReviewList } from './ResultReviewList';
import { ResultRow } from './ResultRow';

/** Results as they arrive, by callback or by the fallback, with the receiver's audit of what it refused. */
export function ResultsPanel({ desk }: { desk: TournamentState }) {
  const names = new Map(desk.tournaments.map((tournament) => [tournament.tournamentId, tournament.name]));
  const apis = new Map(desk.tournaments.map((tournament) => [tournament.tournamentId, tournament.api]));
  return (
    <section className="panel" aria-labelledby="results-title" data-testid="results-panel">
      <h2 id="results-title">Results</h2>
      <p className="muted desk-hint">
        A result arrives by callback when the game ends. If none has come {CALLBACK_FALLBACK_MS / 60_000}{' '}
        minutes after the game ended, it is fetched by tournament code instead. Once the lobby showed the game
        begin, its end is seen through games/by-code (v5) or the match IDs by code (v4); with the stub, mark
        the game ended. Only callbacks whose metaData carries Sightline&apos;s signature are trusted, and with
        v5 only once games/by-code lists their game for their code.
      </p>
      <AwaitingResults codes={desk.codes} apiOf={(code) => apis.get(code.tournamentId) ?? desk.api} />
      <ResultReviewList results={desk.results} />
      {desk.results.length === 0 ? (
        <p className="muted">No result yet.</p>
      ) : (
        <table className="desk-table" data-testid="result-list">
          <thead>
            <tr>
              <th>Match</th>
              <th>Arrived</th>
              <th>Code</th>
              <th>Tournament</th>
              <th>Game</th>
              <th>Winners</th>
              <th>Losers</th>
              <th>Length</th>
              <th>Metadata</th>
              <th>Received</th>
            </tr>
          </thead>
          <tbody>
            {desk.results.map((result) => (
              <ResultRow
                key={`${result.code}|${result.gameId}`}
                result={result}
                tournamentName={
                  result.tournamentId === 0
                    ? 'not this desk'
                    : (names.get(result.tournamentId) ?? `#${result.tournamentId}`)
                }
              />
            ))}
          </tbody>
        </table>
      )}
      <ReceiverStatus receiver={desk.receiver} />
    </section>
  );
}
