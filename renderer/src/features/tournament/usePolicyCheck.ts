import { useContractQuery } from '../../state/contractQueries';
import { useDebouncedValue } from '../../ui/time/useDebouncedValue';
import type { PolicyCheckInput } from './deskForms';

/**
 * The core's policy verdict on what the form says (nothing is sent to the API). `settled` is false while
 * the latest input has not been checked, so the form cannot create on an older verdict.
 */
export function usePolicyCheck(input: PolicyCheckInput | null) {
  const key = input ? JSON.stringify(input) : '';
  const checkedKey = useDebouncedValue(key, 200);
  const checked = checkedKey ? (JSON.parse(checkedKey) as PolicyCheckInput) : null;
  const query = useContractQuery('tournament.policy.check', checked ?? { participants: 0 }, {
    enabled: checked !== null,
    staleTime: 60_000,
  });
  return {
    verdict: input ? (query.data ?? null) : null,
    settled: key !== '' && key === checkedKey && query.data !== undefined,
    error: query.error,
  };
}
