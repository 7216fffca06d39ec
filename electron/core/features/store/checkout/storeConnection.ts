import { randomUUID } from 'node:crypto';
import type { StoreMerchantProfile, StoreRateLimitNotice } from '@shared/contract';
import type { HttpClient } from '../../../platform/net/httpClient';
import type { StoreUrlPolicy } from '../storeUrl';
import { createMcpToolClient, type McpToolClient } from './mcpToolClient';
import { discoverStore } from './storeDiscovery';
import { createStoreShopper, type BuyerContext, type StoreShopper } from './storeShopper';

export interface StoreConnectionOptions {
  http: HttpClient;
  policy: StoreUrlPolicy;
  agentProfile: () => string;
  buyer: () => BuyerContext;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  newIdempotencyKey?: () => string;
  onRateLimit?: (notice: StoreRateLimitNotice | null) => void;
}

export interface StoreConnection {
  profile: StoreMerchantProfile;
  client: McpToolClient;
  shopper: StoreShopper;
}

/** Discovery, negotiation and a tool client on the chosen endpoint: the one path the app and the CLI share. */
export async function connectStore(
  storeUrl: string,
  options: StoreConnectionOptions,
): Promise<StoreConnection> {
  const profile = await discoverStore(storeUrl, {
    http: options.http,
    policy: options.policy,
    now: options.now,
  });
  const client = createMcpToolClient({
    http: options.http,
    endpoint: profile.endpoint,
    agentProfile: options.agentProfile,
    newIdempotencyKey: options.newIdempotencyKey ?? randomUUID,
    now: options.now,
    sleep: options.sleep,
    ...(options.onRateLimit ? { onRateLimit: options.onRateLimit } : {}),
  });
  return { profile, client, shopper: createStoreShopper(client, options.buyer, profile.paymentHandlers) };
}
