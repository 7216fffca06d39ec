import { useContractQuery } from '../../state/contractQueries';
import { useDebouncedValue } from '../../ui/time/useDebouncedValue';

/**
 * The core's check of a callback URL as it is typed (nothing is sent anywhere). `settled` is false while
 * the typed URL has not been checked yet, so a form never submits on an earlier URL's verdict.
 */
export function useUrlCheck(url: string) {
  const typed = url.trim();
  const checked = useDebouncedValue(typed, 200);
  const query = useContractQuery(
    'tournament.checkUrl',
    { url: checked },
    { enabled: checked !== '', staleTime: Infinity },
  );
  const settled = typed === checked && query.data !== undefined;
  return { verdict: typed === '' ? null : (query.data ?? null), settled, error: query.error };
}
