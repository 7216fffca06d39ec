import type { TournamentResultView } from '@shared/contract';

/**
 * The tournament code a match is opened through: the one typed (or carried by a result link), else the
 * code of the desk's result for that match. Through its code a game's players are named (spec 1 §4),
 * and the core takes only codes the desk created; '' opens it through the standard endpoint.
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
