import { useQuery } from '@tanstack/react-query';
import { useAppApi, useAppState } from '../../state/AppContext';

/** Finished arena games, newest first; asked again when the scoreboard sees a game end. */
export function useArenaHistory(limit: number) {
  const api = useAppApi();
  const lastGameEnded = useAppState((state) => state.live.lastGame?.endedAt) ?? 0;
  return useQuery({
    queryKey: ['live.history', limit, lastGameEnded],
    queryFn: () => api.request('live.history', { limit }),
    // The game is written just after it ends: one more look shortly after catches it.
    refetchInterval: 10_000,
  });
}
