import { useQueryClient } from '@tanstack/react-query';
import { contractQueryKey, useContractMutation } from '../../state/contractQueries';

/**
 * Deletes one game's history rows (some, or every one with those waiting to be saved); that game's list is
 * asked again.
 */
export function useDeleteHistoryGames(game: 'arena' | 'card') {
  const client = useQueryClient();
  return useContractMutation(`history.${game}.delete`, {
    onSuccess: () => client.invalidateQueries({ queryKey: contractQueryKey(`history.${game}.list`) }),
  });
}
