import { useAppState } from '../../state/AppContext';
import { useContractQuery } from '../../state/contractQueries';

/** Finished arena games, newest first; asked again when the scoreboard sees a game end. */
export function useArenaHistory(limit: number) {
  const lastGameEnded = useAppState((state) => state.live.lastGame?.endedAt) ?? 0;
  return useContractQuery(
    'history.arena.list',
    { limit },
    {
      dependsOn: [lastGameEnded],
      // The game is written just after it ends: one more look shortly after catches it.
      refetchInterval: 10_000,
    },
  );
}
