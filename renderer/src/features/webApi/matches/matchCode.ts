import type { TournamentResultView } from '@shared/contract';

/**
 * The tournament code a match is opened through: the one typed (or carried by a result link), else the
 * code of the desk's result for that match. Through its code a game is never anonymised (spec 1 §4);
 * '' opens it through the standard endpoint.
 */
export function tournamentCodeFor(
  matchId: string,
  typedCode: string,
  results: readonly Pick<TournamentResultView, 'matchId' | 'code'>[],
): string {
  if (typedCode.trim()) return typedCode.trim();
  const id = matchId.trim().toUpperCase();
  return results.find((result) => result.matchId === id)?.code ?? '';
}
