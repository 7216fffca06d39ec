import { useContractQuery } from '../../state/contractQueries';
import { isNothingCached, useStaticDataRevision } from '../../state/useStaticData';

/**
 * A champion's tooltip data (passive and spells with text, cost, cooldown and icons) from the cache; asked again
 * after a sync. An empty id asks nothing. "Not cached" is not retried: the view shows text until a sync.
 */
export function useChampionTooltip(id: string, locale?: string) {
  const revision = useStaticDataRevision();
  return useContractQuery(
    'staticData.arena.champion',
    { id, ...(locale ? { locale } : {}) },
    {
      dependsOn: [revision],
      enabled: id !== '',
      staleTime: Infinity,
      retry: (failures, error) => !isNothingCached(error) && failures < 2,
    },
  );
}
