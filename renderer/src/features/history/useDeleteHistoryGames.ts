import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryDelete } from '@shared/contract';
import { useAppApi } from '../../state/AppContext';
import { contractQueryKey } from '../../state/contractQueries';

/**
 * Deletes one game's history rows (some, or every one with those waiting to be saved); that game's list is
 * asked again.
 */
export function useDeleteHistoryGames(game: 'arena' | 'card') {
  const api = useAppApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (which: HistoryDelete) => api.request(`history.${game}.delete`, which),
    onSuccess: () => client.invalidateQueries({ queryKey: contractQueryKey(`history.${game}.list`) }),
  });
}
