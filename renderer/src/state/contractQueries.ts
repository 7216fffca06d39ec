import {
  useMutation,
  useQuery,
  type QueryFilters,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { RequestChannel, RequestInput, RequestOutput } from '@shared/contract';
import type { AppApi } from '../bridge/appApi';
import { useAppApi } from './AppContext';

/**
 * Every request query is cached under its contract channel and the input it sends, then whatever else must
 * fetch it again when it changes (a data revision). Keys are derived here and nowhere else, so a feature
 * cannot cache one channel under two names, and invalidating a channel reaches every page that asked it.
 */
export type ContractQueryKey<C extends RequestChannel> = readonly [C, RequestInput<C>, ...unknown[]];

/** TanStack's own options for a request query, without the key and fetch this module derives. */
export type ContractQueryOptions<C extends RequestChannel> = Omit<
  UseQueryOptions<RequestOutput<C>, Error, RequestOutput<C>, ContractQueryKey<C>>,
  'queryKey' | 'queryFn'
> & {
  /** Values that are not sent but must refetch the answer when they change (a revision of the data behind it). */
  dependsOn?: readonly unknown[];
};

/** The first words of the channel names (`store` for `store.catalog.product`): a feature's requests. */
export type RequestChannelGroup = RequestChannel extends infer C
  ? C extends `${infer Group}.${string}`
    ? Group
    : never
  : never;

/**
 * The key prefix of a channel's queries, or of one input's: what `invalidateQueries` and `setQueryData` take.
 * With the input and no `dependsOn`, it is the whole key of that query.
 */
export function contractQueryKey<C extends RequestChannel>(channel: C): readonly [C];
export function contractQueryKey<C extends RequestChannel>(
  channel: C,
  input: RequestInput<C>,
): readonly [C, RequestInput<C>];
export function contractQueryKey<C extends RequestChannel>(
  channel: C,
  ...input: [] | [RequestInput<C>]
): readonly [C] | readonly [C, RequestInput<C>] {
  return [channel, ...input];
}

/** A filter for every query of a channel group (`store`), for `invalidateQueries` after a change they all follow. */
export function contractQueriesOf(group: RequestChannelGroup): QueryFilters {
  return {
    predicate: (query) => {
      const [channel] = query.queryKey;
      return typeof channel === 'string' && channel.startsWith(`${group}.`);
    },
  };
}

/** The options `useContractQuery` hands to TanStack: its key and fetch, and the caller's options. */
export function contractQueryOptions<C extends RequestChannel>(
  api: AppApi,
  channel: C,
  input: RequestInput<C>,
  { dependsOn = [], ...options }: ContractQueryOptions<C> = {},
): UseQueryOptions<RequestOutput<C>, Error, RequestOutput<C>, ContractQueryKey<C>> {
  const queryKey: ContractQueryKey<C> = [channel, input, ...dependsOn];
  return { ...options, queryKey, queryFn: () => api.request(channel, input) };
}

/** One request to main as a query, cached under its channel and input. */
export function useContractQuery<C extends RequestChannel>(
  channel: C,
  input: RequestInput<C>,
  options?: ContractQueryOptions<C>,
) {
  return useQuery(contractQueryOptions(useAppApi(), channel, input, options));
}

/** One request channel as a mutation: pending and error state for the control that sends it. */
export function useContractMutation<C extends RequestChannel>(
  channel: C,
  options: Omit<
    UseMutationOptions<RequestOutput<C>, Error, RequestInput<C>>,
    'mutationKey' | 'mutationFn'
  > = {},
) {
  const api = useAppApi();
  return useMutation<RequestOutput<C>, Error, RequestInput<C>>({
    ...options,
    mutationKey: [channel],
    mutationFn: (input) => api.request(channel, input),
  });
}
