import { formatGameTime, type TournamentResultView } from '@shared/contract';
import { RequestError } from '../../ui/RequestError';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { formatTime } from './tournamentFormat';
import { useContractMutation } from '../../state/contractQueries';

/** The results of codes with more than one game and no choice yet, by code, oldest game first. */
function codesUnderReview(results: readonly TournamentResultView[]): [string, TournamentResultView[]][] {
  const byCode = new Map<string, TournamentResultView[]>();
  for (const result of results) {
    if (result.review) byCode.set(result.code, [result, ...(byCode.get(result.code) ?? [])]);
  }
  return [...byCode.entries()];
}

/**
 * A code played more than once (a remake, a replayed lobby): every game is kept, and the organizer says
 * which one counts.
 */
export function ResultReviewList({ results }: { results: readonly TournamentResultView[] }) {
  const locale = useDisplayLocale();
  const choose = useContractMutation('tournament.result.choose');
  const codes = codesUnderReview(results);
  if (codes.length === 0) return null;
  return (
    <div className="result-review" data-testid="result-review">
      <h3>To review</h3>
      {codes.map(([code, games]) => (
        <section key={code} className="result-review-code" data-testid="result-review-code" data-code={code}>
          <p>
            Code <span className="mono">{code}</span> has {games.length} games: which counts?
          </p>
          <ul>
            {games.map((game) => (
              <li key={game.gameId} data-testid="result-review-game" data-game-id={game.gameId}>
                <span className="mono">{game.matchId}</span> · started {formatTime(game.startTime, locale)}
                {game.durationSeconds === null ? null : <> · {formatGameTime(game.durationSeconds)}</>} · won
                by{' '}
                {game.winners.length > 0
                  ? game.winners.join(', ')
                  : game.players === 'looking-up'
                    ? 'looking up players…'
                    : 'not known'}{' '}
                <button
                  type="button"
                  onClick={() => choose.mutate({ code, gameId: game.gameId })}
                  disabled={choose.isPending}
                  data-testid="result-choose"
                >
                  This game counts
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <RequestError error={choose.error} testId="result-choose-error" />
    </div>
  );
}
