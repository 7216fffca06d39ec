import {
  useMutation,
  useQuery,
  type QueryFilters,
  type UseMutationOptions,
  type UseMutationResult,
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

type ContractMutationOptions<C extends RequestChannel, V> = Omit<
  UseMutationOptions<RequestOutput<C>, Error, V>,
  'mutationKey' | 'mutationFn'
>;

/**
 * One request channel as a mutation: pending and error state for the control that sends it. The one way the
 * renderer sends a change (lint keeps `useMutation` in this file). By default `mutate` takes the request's
 * input; with `input`, it takes what the control has (nothing, a name, a row) and `input` makes the request.
 */
export function useContractMutation<C extends RequestChannel>(
  channel: C,
  options?: ContractMutationOptions<C, RequestInput<C>>,
): UseMutationResult<RequestOutput<C>, Error, RequestInput<C>>;
export function useContractMutation<C extends RequestChannel, V = void>(
  channel: C,
  options: ContractMutationOptions<C, V> & { input: (variables: V) => RequestInput<C> },
): UseMutationResult<RequestOutput<C>, Error, V>;
export function useContractMutation<C extends RequestChannel>(
  channel: C,
  {
    input = (variables: unknown) => variables as RequestInput<C>,
    ...options
  }: ContractMutationOptions<C, unknown> & { input?: (variables: unknown) => RequestInput<C> } = {},
): UseMutationResult<RequestOutput<C>, Error, unknown> {
  const api = useAppApi();
  return useMutation<RequestOutput<C>, Error, unknown>({
    ...options,
    mutationKey: [channel],
    mutationFn: (variables) => api.request(channel, input(variables)),
  });
}

/**
 * A change that takes more than one request (create, then its first code; approve, then complete): the steps
 * get the app's API, and the control gets the same pending and error state as a one-request change.
 */
export function useContractSteps<T, V = void, E = Error>({
  steps,
  ...options
}: Omit<UseMutationOptions<T, E, V>, 'mutationFn'> & {
  steps: (api: AppApi, variables: V) => Promise<T>;
}): UseMutationResult<T, E, V> {
  const api = useAppApi();
  return useMutation<T, E, V>({ ...options, mutationFn: (variables) => steps(api, variables) });
}
