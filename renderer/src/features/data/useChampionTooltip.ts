import { useQuery } from '@tanstack/react-query';
import { useAppApi } from '../../state/AppContext';
import { isNothingCached, useStaticDataRevision } from '../../state/useStaticData';

/**
 * A champion's tooltip data (passive and spells with text, cost, cooldown and icons) from the cache; asked again
 * after a sync. An empty id asks nothing. "Not cached" is not retried: the view shows text until a sync.
 */
export function useChampionTooltip(id: string, locale?: string) {
  const api = useAppApi();
  const revision = useStaticDataRevision();
  return useQuery({
    queryKey: ['arena.champion', id, locale, revision],
    queryFn: () => api.request('arena.champion', { id, ...(locale ? { locale } : {}) }),
    enabled: id !== '',
    staleTime: Infinity,
    retry: (failures, error) => !isNothingCached(error) && failures < 2,
  });
}
