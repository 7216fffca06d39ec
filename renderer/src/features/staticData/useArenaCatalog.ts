import { keepPreviousData } from '@tanstack/react-query';
import { useContractQuery } from '../../state/contractQueries';
import { useStaticDataRevision } from '../../state/useStaticData';

/**
 * The cached arena catalog (champions, items, summoner spells with image URLs); asked again after a sync. The
 * catalog in hand stays while the new one loads, so an overlay's images do not blink back to letters.
 */
export function useArenaCatalog() {
  const revision = useStaticDataRevision();
  return useContractQuery(
    'staticData.arena.catalog',
    {},
    { dependsOn: [revision], retry: false, staleTime: 10 * 60_000, placeholderData: keepPreviousData },
  );
}
