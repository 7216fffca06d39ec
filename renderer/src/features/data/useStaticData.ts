import { AppRequestError } from '@shared/contract';
import { useAppState } from '../../app/AppContext';

/** Goes up whenever the cached data changes; part of every static-data query key, so syncs and clears refetch. */
export function useStaticDataRevision(): number {
  return useAppState((state) => state.staticData.revision) ?? 0;
}

/** The core said there is no data cached for this yet (as opposed to a real failure). */
export function isNothingCached(error: unknown): boolean {
  return error instanceof AppRequestError && error.error.code === 'not-found';
}
