import { useState } from 'react';
import { AppRequestError } from '@shared/contract/errors';
import { useOverlayState } from './AppContext';

/** Goes up whenever the cached data changes; part of every static-data query key, so syncs and clears refetch. */
export function useStaticDataRevision(): number {
  return useOverlayState((state) => state.staticData.revision) ?? 0;
}

/**
 * Whether the image at `src` failed to load. A failure holds until the cached data changes: then the image is
 * tried again, so a view opened before a sync (an OBS source) fills in by itself.
 */
export function useImageFailure(src: string | null): { failed: boolean; onError: () => void } {
  const attempt = `${useStaticDataRevision()}:${src ?? ''}`;
  const [failed, setFailed] = useState<string | null>(null);
  return { failed: failed === attempt, onError: () => setFailed(attempt) };
}

/** The core said there is no data cached for this yet (as opposed to a real failure). */
export function isNothingCached(error: unknown): boolean {
  return error instanceof AppRequestError && error.error.code === 'not-found';
}
