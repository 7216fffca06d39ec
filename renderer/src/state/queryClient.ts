import { QueryClient } from '@tanstack/react-query';

/** The request cache of a page: one failed request is retried once, an answer is fresh for 5 s. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, staleTime: 5_000 } } });
}
