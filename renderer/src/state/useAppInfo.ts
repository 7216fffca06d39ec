import { useContractQuery } from './contractQueries';

/** The app's version, mode and host links; refetched after a link is replaced. */
export function useAppInfo() {
  return useContractQuery('app.info', {});
}
