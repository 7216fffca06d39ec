import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callStoreTool, postStoreRpc } from './storeRpc';
import { startStoreSimulator, type RunningStoreSimulator } from './storeSimulator';

let store: RunningStoreSimulator;

beforeAll(async () => {
  store = await startStoreSimulator({
    extraRoutes: (req, res) => {
      if (req.url !== '/extra') return false;
      res.end('extra');
      return true;
    },
  });
});
afterEach(() => store.control.reset());
afterAll(() => store.close());

type Json = Record<string, unknown>;
interface Resource {
  id: string;
  status?: string;
  continue_url?: string;
  line_items: { id: string; item: { id: string } }[];
}
const resourceOf = (body: Json): Resource =>
  (body as { result: { structuredContent: Resource } }).result.structuredContent;

async function call(
  name: string,
  args: Json,
  key = `key-${Math.random()}`,
): Promise<{ status: number; body: Json }> {
  const response = await callStoreTool(store, name, args, key);
  return { status: response.status, body: (await response.json()) as Json };
}

const HOODIE = 'gid://shopify/ProductVariant/4510000011';

describe('store simulator', () => {
  it('moves a checkout from incomplete to ready_for_complete to completed', async () => {
    const cart = resourceOf(
      (await call('create_cart', { cart: { line_items: [{ item: { id: HOODIE }, quantity: 1 }] } })).body,
    );
    const created = resourceOf(
      (await call('create_checkout', { checkout: { cart_id: cart.id, line_items: [] } })).body,
    );
    expect(created.status).toBe('incomplete');
    expect(created.continue_url).toContain(`/checkouts/${created.id}/continue`);
    const lineItems = created.line_items.map((line) => ({
      id: line.id,
      item: { id: line.item.id },
      quantity: 1,
    }));
    const ready = resourceOf(
      (
        await call('update_checkout', {
          id: created.id,
          checkout: {
            line_items: lineItems,
            buyer: { first_name: 'A', last_name: 'B', email: 'a@b.example' },
            fulfillment: {
              methods: [
                {
                  type: 'shipping',
                  destinations: [{ address_country: 'US' }],
                  groups: [{ id: 'group_1', selected_option_id: 'ship_standard' }],
                },
              ],
            },
          },
        })
      ).body,
    );
    expect(ready.status).toBe('ready_for_complete');
    const payment = { instruments: [{ id: 'pi_sim_wallet_1', handler_id: 'sim.wallet', type: 'wallet' }] };
    const done = resourceOf(
      (await call('complete_checkout', { id: created.id, checkout: { payment } }, 'same-key-1')).body,
    );
    expect(done).toMatchObject({ status: 'completed', order: { label: '#1001' } });
    expect(done.continue_url).toBeUndefined();

    // Same key, same request: the same answer, not a second order. Same key, other request: 409.
    const again = await call('complete_checkout', { id: created.id, checkout: { payment } }, 'same-key-1');
    expect(resourceOf(again.body)).toEqual(done);
    expect(store.control.toolCalls('complete_checkout').map((entry) => entry.replayed)).toEqual([
      false,
      true,
    ]);
    const conflict = await call('complete_checkout', { id: 'other', checkout: { payment } }, 'same-key-1');
    expect(conflict.status).toBe(409);
    expect(store.control.orders()).toHaveLength(1);
  });

  it('refuses a call without an agent profile the way Shopify does', async () => {
    const response = await postStoreRpc(store, 'tools/call', {
      name: 'search_catalog',
      arguments: { catalog: {} },
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: { code: -32001, data: { code: 'invalid_profile_url' } },
    });
  });

  it('answers a burst with 429, Retry-After and error.data.retry_after', async () => {
    store.control.rateLimitNext({ count: 1, retryAfterSeconds: 9 });
    const response = await postStoreRpc(store, 'tools/list');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('9');
    expect(await response.json()).toMatchObject({ error: { code: -32000, data: { retry_after: 9 } } });
  });

  it('hides complete_checkout from agents in agents-cannot-complete mode, and serves extra routes', async () => {
    store.control.setCompleteMode('agents-cannot-complete');
    const list = await postStoreRpc(store, 'tools/list');
    const listed = (await list.json()) as { result: { tools: { name: string }[] } };
    const names = listed.result.tools.map((tool) => tool.name);
    expect(names).toEqual([
      'search_catalog',
      'create_cart',
      'update_cart',
      'create_checkout',
      'update_checkout',
      'get_checkout',
    ]);
    expect(await (await fetch(`${store.url}/extra`)).text()).toBe('extra');
  });

  it('prices search_catalog results in the buyer context currency', async () => {
    const search = async (context?: Json) => {
      const { body } = await call('search_catalog', {
        catalog: { query: 'hoodie', ...(context ? { context } : {}) },
      });
      return (body as { result: { structuredContent: { products: Json[] } } }).result.structuredContent
        .products[0];
    };
    expect(await search()).toMatchObject({
      price_range: { min: { amount: 6500, currency: 'USD' } },
      variants: [{ price: { amount: 6500, currency: 'USD' } }, {}, {}],
    });
    expect(await search({ address_country: 'DE', currency: 'EUR' })).toMatchObject({
      price_range: { min: { amount: 5980, currency: 'EUR' }, max: { amount: 5980, currency: 'EUR' } },
      variants: [{ price: { amount: 5980, currency: 'EUR' } }, {}, {}],
    });
    expect(await search({ currency: 'JPY' })).toMatchObject({
      price_range: { min: { amount: 9750, currency: 'JPY' } },
    });
    expect(await search({ currency: 'XXX' })).toMatchObject({
      price_range: { min: { amount: 6500, currency: 'USD' } },
    });
  });

  it('lists no MCP endpoint in either discovery shape when told', async () => {
    for (const shape of ['map-of-arrays', 'capability-array'] as const) {
      store.control.setDiscovery({ shape, mcp: false });
      const text = await (await fetch(`${store.url}/.well-known/ucp`)).text();
      expect(text, shape).toContain('/api/ucp/rest');
      expect(text, shape).not.toContain('/api/ucp/mcp');
      store.control.setDiscovery({ mcp: true });
      expect(await (await fetch(`${store.url}/.well-known/ucp`)).text(), shape).toContain('/api/ucp/mcp');
    }
  });
});
