import { useQuery } from '@tanstack/react-query';
import { useAppApi } from './AppContext';

export const APP_INFO_QUERY_KEY = ['app.info'] as const;

/** The app's version, mode and host links; refetched after a link is replaced. */
export function useAppInfo() {
  const api = useAppApi();
  return useQuery({ queryKey: APP_INFO_QUERY_KEY, queryFn: () => api.request('app.info', {}) });
}
