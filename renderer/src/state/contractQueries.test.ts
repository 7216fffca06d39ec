import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ContractBridge } from '@shared/contract';
import { createAppApi } from '../bridge/appApi';
import { contractQueriesOf, contractQueryKey, contractQueryOptions } from './contractQueries';

/** A bridge that answers every request with what it was asked, and remembers the requests. */
function echoBridge() {
  const sent: { channel: string; input: unknown }[] = [];
  const bridge: ContractBridge = {
    request: (channel, input) => {
      sent.push({ channel, input });
      return Promise.resolve({ ok: true, value: { channel, input, answer: sent.length } });
    },
    onState: () => () => undefined,
    resync: () => undefined,
  };
  return { api: createAppApi(bridge), sent };
}

function client(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

function isInvalidated(queries: QueryClient, key: readonly unknown[]): boolean | undefined {
  return queries.getQueryState(key)?.isInvalidated;
}

describe('contractQueryKey', () => {
  it('is the channel, then the input when one is given', () => {
    expect(contractQueryKey('history.card.list')).toEqual(['history.card.list']);
    expect(contractQueryKey('tournament.code.details', { code: 'EUW-1' })).toEqual([
      'tournament.code.details',
      { code: 'EUW-1' },
    ]);
  });
});

describe('contractQueryOptions', () => {
  it('keys the query by channel, input and dependencies, and sends the input on that channel', async () => {
    const { api, sent } = echoBridge();
    const options = contractQueryOptions(
      api,
      'staticData.arena.item',
      { id: '1001' },
      { dependsOn: [7], staleTime: 5 },
    );
    expect(options.queryKey).toEqual(['staticData.arena.item', { id: '1001' }, 7]);
    expect(options.staleTime).toBe(5);
    expect('dependsOn' in options).toBe(false);

    await client().fetchQuery(options);
    expect(sent).toEqual([{ channel: 'staticData.arena.item', input: { id: '1001' } }]);
  });

  it('caches two inputs under two keys, and one input once', async () => {
    const { api, sent } = echoBridge();
    const queries = client();
    const euw = contractQueryOptions(api, 'tournament.code.details', { code: 'EUW-1' });
    const na = contractQueryOptions(api, 'tournament.code.details', { code: 'NA-1' });
    expect(euw.queryKey).not.toEqual(na.queryKey);

    await queries.fetchQuery(euw);
    await queries.fetchQuery(na);
    await queries.fetchQuery(contractQueryOptions(api, 'tournament.code.details', { code: 'EUW-1' }));
    expect(sent.map((request) => request.input)).toEqual([{ code: 'EUW-1' }, { code: 'NA-1' }]);
    expect(queries.getQueryData(euw.queryKey)).toMatchObject({ input: { code: 'EUW-1' } });
    expect(queries.getQueryData(na.queryKey)).toMatchObject({ input: { code: 'NA-1' } });
  });

  it('asks again when a dependency changes, though the input is the same', async () => {
    const { api, sent } = echoBridge();
    const queries = client();
    await queries.fetchQuery(contractQueryOptions(api, 'staticData.arena.catalog', {}, { dependsOn: [1] }));
    await queries.fetchQuery(contractQueryOptions(api, 'staticData.arena.catalog', {}, { dependsOn: [1] }));
    await queries.fetchQuery(contractQueryOptions(api, 'staticData.arena.catalog', {}, { dependsOn: [2] }));
    expect(sent).toHaveLength(2);
  });

  it('is what setQueryData reaches through contractQueryKey with the same input', async () => {
    const { api } = echoBridge();
    const queries = client();
    const stored = { code: 'EUW-1', refresh: false };
    const options = contractQueryOptions(api, 'tournament.lobby.events', stored);
    await queries.fetchQuery(options);
    queries.setQueryData(contractQueryKey('tournament.lobby.events', { code: 'EUW-1', refresh: false }), {
      code: 'EUW-1',
      events: [],
      fetchedAt: 1,
    });
    expect(queries.getQueryData(options.queryKey)).toEqual({ code: 'EUW-1', events: [], fetchedAt: 1 });
  });
});

describe('invalidating by contract key', () => {
  async function threeQueries() {
    const { api } = echoBridge();
    const queries = client();
    const euw = contractQueryOptions(api, 'tournament.code.details', { code: 'EUW-1' });
    const na = contractQueryOptions(api, 'tournament.code.details', { code: 'NA-1' });
    const catalog = contractQueryOptions(api, 'staticData.arena.catalog', {}, { dependsOn: [3] });
    await Promise.all([queries.fetchQuery(euw), queries.fetchQuery(na), queries.fetchQuery(catalog)]);
    return { queries, euw: euw.queryKey, na: na.queryKey, catalog: catalog.queryKey };
  }

  it('reaches every input of the channel, and no other channel', async () => {
    const { queries, euw, na, catalog } = await threeQueries();
    await queries.invalidateQueries({ queryKey: contractQueryKey('tournament.code.details') });
    expect([euw, na, catalog].map((key) => isInvalidated(queries, key))).toEqual([true, true, false]);
  });

  it('reaches one input alone, whatever its dependencies', async () => {
    const { queries, euw, na, catalog } = await threeQueries();
    await queries.invalidateQueries({
      queryKey: contractQueryKey('tournament.code.details', { code: 'NA-1' }),
    });
    await queries.invalidateQueries({ queryKey: contractQueryKey('staticData.arena.catalog', {}) });
    expect([euw, na, catalog].map((key) => isInvalidated(queries, key))).toEqual([false, true, true]);
  });

  it('reaches a whole channel group with contractQueriesOf', async () => {
    const { api } = echoBridge();
    const queries = client();
    const product = contractQueryOptions(api, 'store.catalog.product', { handle: 'mug' });
    const agents = contractQueryOptions(api, 'store.catalog.agents', {});
    const settings = contractQueryOptions(api, 'settings.get', {});
    await Promise.all([
      queries.fetchQuery(product),
      queries.fetchQuery(agents),
      queries.fetchQuery(settings),
    ]);
    queries.setQueryData(contractQueryKey('store.checkout.searchCatalog', { query: 'mug', limit: 12 }), {
      pages: [],
      pageParams: [],
    });

    await queries.invalidateQueries(contractQueriesOf('store'));
    const keys = [
      product.queryKey,
      agents.queryKey,
      contractQueryKey('store.checkout.searchCatalog', { query: 'mug', limit: 12 }),
      settings.queryKey,
    ];
    expect(keys.map((key) => isInvalidated(queries, key))).toEqual([true, true, true, false]);
  });
});
