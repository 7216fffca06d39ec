import { SIM_AGENT_PROFILE, type RunningStoreSimulator } from './storeSimulator';

/** One JSON-RPC request (id 1) POSTed to the fake store's tool endpoint, as an agent sends it; no checks. */
export function postStoreRpc(
  store: RunningStoreSimulator,
  method: string,
  params?: Record<string, unknown>,
): Promise<Response> {
  return fetch(store.mcpEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) }),
  });
}

/** A tools/call that names the simulator's agent profile, and the idempotency key when one is given. */
export function callStoreTool(
  store: RunningStoreSimulator,
  name: string,
  args: Record<string, unknown>,
  idempotencyKey?: string,
): Promise<Response> {
  const meta = {
    'ucp-agent': { profile: SIM_AGENT_PROFILE },
    ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
  };
  return postStoreRpc(store, 'tools/call', { name, arguments: { meta, ...args } });
}

type CheckoutLines = { id: string; lineItems: readonly { id: string; itemId: string; quantity: number }[] };

/**
 * The store changes a checkout on its own side, behind the agent's back (update_checkout needs the lines
 * every time): the agent's copy goes stale.
 */
export function changeCheckoutAtStore(
  store: RunningStoreSimulator,
  checkout: CheckoutLines,
  changes: Record<string, unknown>,
): Promise<Response> {
  return callStoreTool(store, 'update_checkout', {
    id: checkout.id,
    checkout: {
      line_items: checkout.lineItems.map((line) => ({
        id: line.id,
        item: { id: line.itemId },
        quantity: line.quantity,
      })),
      ...changes,
    },
  });
}

/** The store changes a US checkout's shipping option (as a price change would): the totals go stale. */
export function changeShippingAtStore(
  store: RunningStoreSimulator,
  checkout: CheckoutLines,
  optionId: string,
): Promise<Response> {
  return changeCheckoutAtStore(store, checkout, {
    fulfillment: {
      methods: [
        {
          type: 'shipping',
          destinations: [{ address_country: 'US' }],
          groups: [{ id: 'group_1', selected_option_id: optionId }],
        },
      ],
    },
  });
}
