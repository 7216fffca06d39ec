import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAppApi } from '../../state/AppContext';
import { useStaticDataRevision } from '../../state/useStaticData';

/**
 * The cached arena catalog (champions, items, summoner spells with image URLs); asked again after a sync. The
 * catalog in hand stays while the new one loads, so an overlay's images do not blink back to letters.
 */
export function useArenaCatalog() {
  const api = useAppApi();
  const revision = useStaticDataRevision();
  return useQuery({
    queryKey: ['arena.catalog', revision],
    queryFn: () => api.request('arena.catalog', {}),
    retry: false,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
}
