import type { TournamentResultView } from '@shared/contract';

/** One side of a result by Riot ID: "looking up players…" until the game is looked up, the reason if it failed. */
export function ResultPlayers({
  result,
  side,
}: {
  result: TournamentResultView;
  side: 'winners' | 'losers';
}) {
  const names = result[side];
  if (names.length > 0) {
    return (
      <ul className="result-players" data-testid={`result-${side}`}>
        {names.map((name, index) => (
          <li key={`${index}-${name}`}>{name}</li>
        ))}
      </ul>
    );
  }
  if (result.players === 'looking-up') return <span className="muted">looking up players…</span>;
  if (result.players === 'failed') {
    return (
      <span className="muted" data-testid={`result-${side}`} title={result.playersError ?? undefined}>
        {side === 'winners' ? (result.playersError ?? 'not looked up') : '—'}
      </span>
    );
  }
  // Known, and nobody on this side (a game with no winner).
  return (
    <span className="muted" data-testid={`result-${side}`}>
      none
    </span>
  );
}
