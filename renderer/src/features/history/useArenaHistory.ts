import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryDelete } from '@shared/contract';
import { useAppApi, useAppState } from '../../state/AppContext';
import { contractQueryKey, useContractQuery } from '../../state/contractQueries';

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

/** Deletes arena games (one, or every one with those waiting to be saved); the list is asked again. */
export function useDeleteArenaGames() {
  const api = useAppApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (which: HistoryDelete) => api.request('history.arena.delete', which),
    onSuccess: () => client.invalidateQueries({ queryKey: contractQueryKey('history.arena.list') }),
  });
}
