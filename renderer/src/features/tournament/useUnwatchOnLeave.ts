import { useEffect, useRef } from 'react';
import { useAppApi } from '../../state/AppContext';

/** The lobby is polled while its view is open: leaving the page stops the watch, so no poll runs unseen. */
export function useUnwatchOnLeave(watchedCode: string | null): void {
  const api = useAppApi();
  const watched = useRef(watchedCode);
  useEffect(() => {
    watched.current = watchedCode;
  }, [watchedCode]);
  useEffect(
    () => () => {
      if (watched.current !== null) void api.request('tournament.lobby.unwatch', {}).catch(() => undefined);
    },
    [api],
  );
}
