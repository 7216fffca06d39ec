import { useQuery } from '@tanstack/react-query';
import { useAppApi, useAppState } from '../../app/AppContext';

/** The cached arena catalog (champions, items, summoner spells with image URLs); asked again after a sync. */
export function useArenaCatalog() {
  const api = useAppApi();
  const revision = useAppState((state) => state.staticData.revision);
  return useQuery({
    queryKey: ['arena.catalog', revision],
    queryFn: () => api.request('arena.catalog', {}),
    retry: false,
    staleTime: 10 * 60_000,
  });
}
