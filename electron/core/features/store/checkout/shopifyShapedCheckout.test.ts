import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppRequestError } from '@shared/contract';
import {
  SHOPIFY_MOCK_ESCALATION_URL,
  SHOPIFY_MOCK_VARIANT_ID,
  startShopifyMock,
  type RunningShopifyMock,
} from '../../../../simulator/store/shopifyMockBusiness';
import { createHttpClient } from '../../../platform/net/httpClient';
import { openTestFeatureContext } from '../../../tools/testkit/testFeatureContext';
import { createStoreFeature } from '../storeFeature';

/**
 * The checkout against a store shaped like Shopify's mock UCP business (electron/simulator/store/shopifyMockBusiness.ts:
 * a 2026-04-08 profile with a 2026-01-23 MCP service, decimal-string prices, checkouts with no totals). Every way
 * it can go ends at a page of the store or in a payment the buyer approved, never in a dead end.
 */

let dataDir: string;
const http = createHttpClient();
const mocks: RunningShopifyMock[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-shopify-shaped-'));
});
afterEach(async () => {
  await Promise.all(mocks.splice(0).map((mock) => mock.close()));
});
afterAll(async () => {
  http.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function setup(options: Parameters<typeof startShopifyMock>[0] = {}) {
  const mock = await startShopifyMock(options);
  mocks.push(mock);
  const context = await openTestFeatureContext({ dataDir: await mkdtemp(join(dataDir, 'run-')), http });
  // A fresh data folder: only the store's address is set, the agent profile is the default one.
  await context.settings.update({ store: { url: mock.url } });
  const opened: string[] = [];
  const feature = createStoreFeature(context, {
    policy: { allowInsecureLoopback: true },
    openExternal: async (url) => void opened.push(url),
    confirmPayment: async () => true,
  });
  return { mock, handlers: feature.handlers, opened, state: () => context.hub.state.store };
}

type Handlers = Awaited<ReturnType<typeof setup>>['handlers'];

const BUYER = { firstName: 'Test', lastName: 'Agent', email: 'test@example.com', phoneNumber: '' };
const ADDRESS = {
  firstName: 'Test',
  lastName: 'Agent',
  streetAddress: '123 Main St',
  extendedAddress: '',
  locality: 'Portland',
  region: 'OR',
  postalCode: '97201',
  country: 'US',
  phoneNumber: '',
};

/** search, cart, checkout and three updates, as the run did. */
async function shop(handlers: Handlers) {
  const found = await handlers['store.checkout.searchCatalog']({ query: 'trail map', limit: 10 });
  if (found.kind !== 'results') throw new Error(found.reason);
  await handlers['store.checkout.createCart']({
    lines: [{ variantId: SHOPIFY_MOCK_VARIANT_ID, quantity: 1 }],
  });
  await handlers['store.checkout.createCheckout']({});
  await handlers['store.checkout.updateCheckout']({ buyer: BUYER });
  const addressed = await handlers['store.checkout.updateCheckout']({ shippingAddress: ADDRESS });
  const group = addressed.fulfillment?.groups[0];
  const option = group?.options[0];
  if (!group || !option) throw new Error('no shipping option');
  const ready = await handlers['store.checkout.updateCheckout']({
    fulfillment: { groupId: group.id, optionId: option.id },
  });
  return { found, ready };
}

async function rejection(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppRequestError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.error.message;
}

describe('checkout against a Shopify-shaped store', () => {
  it('reads the service’s own version, a plain-string description and a boolean available', async () => {
    const { mock, handlers } = await setup();
    const profile = await handlers['store.checkout.discover']({ refresh: false });
    expect(profile).toMatchObject({
      version: '2026-04-08',
      services: [
        { name: 'dev.ucp.shopping', version: '2026-01-23', transport: 'mcp', endpoint: mock.mcpEndpoint },
      ],
    });
    const found = await handlers['store.checkout.searchCatalog']({ query: 'trail map', limit: 10 });
    expect(found).toMatchObject({
      kind: 'results',
      products: [
        {
          description: 'Waterproof topo map of Forest Park trails.',
          variants: [
            { id: SHOPIFY_MOCK_VARIANT_ID, price: { minor: 2495, currency: 'USD' }, available: true },
          ],
        },
      ],
    });
  });

  it('with no order total, hands the buyer to the store’s site, says so, and never sends complete_checkout', async () => {
    const { mock, handlers, opened, state } = await setup();
    const { ready } = await shop(handlers);
    expect(ready).toMatchObject({ status: 'ready_for_complete', totals: [], agentCanComplete: false });
    expect(ready.completeBlockedReason).toContain('no order total');
    // "Pay" cannot be approved without exact totals…
    expect(
      await rejection(handlers['store.checkout.approve']({ checkoutId: ready.id, totals: [] })),
    ).toContain('no order total');
    // …so the buyer finishes at the store: it named no page for this order nor its items, so its own site.
    const handoff = await handlers['store.checkout.handoff']({});
    expect(handoff).toEqual({
      url: `${mock.url}/`,
      reason: 'agent-cannot-complete',
      message: expect.stringMatching(/no order total.*the store’s own site opens/),
      opened: true,
    });
    expect(opened).toEqual([`${mock.url}/`]);
    expect(state().handoff?.url).toBe(`${mock.url}/`);
    expect(mock.toolCalls()).not.toContain('complete_checkout');
    expect(mock.toolCalls()).toEqual([
      'search_catalog',
      'create_cart',
      'create_checkout',
      'update_checkout',
      'update_checkout',
      'update_checkout',
      // The refused "Pay" re-reads the checkout so the page shows it as it is now; a read, never a payment.
      'get_checkout',
    ]);
  });

  it('when the store asks for escalation, hands the buyer to its continue_url', async () => {
    const { mock, handlers, opened } = await setup({ checkoutStatus: 'requires_escalation' });
    const { ready } = await shop(handlers);
    expect(ready).toMatchObject({ status: 'requires_escalation', continueUrl: SHOPIFY_MOCK_ESCALATION_URL });
    const handoff = await handlers['store.checkout.handoff']({});
    expect(handoff).toMatchObject({ url: SHOPIFY_MOCK_ESCALATION_URL, reason: 'requires_escalation' });
    expect(opened).toEqual([SHOPIFY_MOCK_ESCALATION_URL]);
    expect(mock.toolCalls()).not.toContain('complete_checkout');
  });
});
