import { randomUUID } from 'node:crypto';
import type { StoreCheckoutRequestOutputs } from '@shared/contract';
import type { Feature, FeatureContext } from '../../../platform/feature/feature';
import { readStoreUrlPolicy } from '../storeUrl';
import { createApprovalGate } from './approvalGate';
import { createCheckoutCompletion } from './checkoutCompletion';
import { createCheckoutSlice } from './checkoutSlice';
import { createStoreCheckoutHandlers } from './storeCheckoutHandlers';
import type { StoreCheckoutFeatureOptions } from './storeCheckoutOptions';
import { createPaymentLock } from './paymentLock';
import { createStoreProductPages } from './storeFinishPage';
import { createStoreOperations } from './storeOperations';

/**
 * The merch store's agent checkout: discovery, search, cart and checkout through the store's tools,
 * and complete_checkout only with a one-time approval minted by the buyer's "Pay" click for exactly
 * the checkout and totals on screen, confirmed by the person at this machine outside the page (Sightline's
 * dialog, or the code printed in the terminal). Everything else ends at the store's page (storeFinishPage).
 */
export function createStoreCheckoutFeature(
  context: FeatureContext,
  options: StoreCheckoutFeatureOptions = {},
): Feature<keyof StoreCheckoutRequestOutputs> {
  const { scheduler } = context;
  const policy = options.policy ?? readStoreUrlPolicy(process.env);
  const newId = options.newId ?? randomUUID;
  const gate = createApprovalGate({
    now: () => scheduler.now(),
    newId,
    ...(options.approvalTtlMs ? { ttlMs: options.approvalTtlMs } : {}),
    lock: options.paymentLock ?? createPaymentLock(),
  });
  const sleep = (ms: number): Promise<void> => new Promise((resolve) => scheduler.setTimeout(resolve, ms));
  const slice = createCheckoutSlice(context, options.images);
  const operations = createStoreOperations(context, { slice, gate, policy, newId, sleep });
  const pages = createStoreProductPages();
  const completion = createCheckoutCompletion(context, {
    slice,
    operations,
    gate,
    policy,
    sleep,
    pages,
    options,
  });
  return {
    handlers: createStoreCheckoutHandlers(context, { slice, operations, completion, gate, pages, options }),
    pollers: [],
    stop: async () => {
      operations.stop();
    },
  };
}
