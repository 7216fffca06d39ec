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
