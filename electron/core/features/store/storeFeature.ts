import { randomUUID } from 'node:crypto';
import type { StoreCatalogRequestOutputs, StoreCheckoutRequestOutputs } from '@shared/contract';
import type { Feature, FeatureContext } from '../../platform/feature/feature';
import { createStoreCatalogHandlers } from './catalog/storeCatalogHandlers';
import { createApprovalGate } from './checkout/approvalGate';
import { createCheckoutCompletion } from './checkout/checkoutCompletion';
import { createCheckoutSlice } from './checkout/checkoutSlice';
import { createPaymentLock } from './checkout/paymentLock';
import { createStoreCheckoutHandlers } from './checkout/storeCheckoutHandlers';
import type { StoreCheckoutOptions } from './checkout/storeCheckoutOptions';
import { createStoreProductPages } from './checkout/storeFinishPage';
import { createStoreOperations } from './checkout/storeOperations';
import { readStoreUrlPolicy } from './storeUrl';

export type { PaymentLock } from './checkout/paymentLock';
export { createPaymentLock, readPaymentLockEnvironment, STRIKES_BEFORE_LOCK } from './checkout/paymentLock';
export type { ConfirmPayment, PaymentSummary, ShowPaymentCode } from './checkout/paymentSummary';
export { createStoreImageAllowlist } from './storeImageAllowlist';
export { readStoreUrlPolicy } from './storeUrl';

/** The store's options: its address policy and the images both halves show apply to the catalog too. */
export type StoreFeatureOptions = StoreCheckoutOptions;

type StoreChannels = keyof StoreCatalogRequestOutputs | keyof StoreCheckoutRequestOutputs;

/**
 * The merch store: its read-only catalog, and the agent checkout: discovery, search, cart and checkout through
 * the store's tools, and complete_checkout only with a one-time approval minted by the buyer's "Pay" click for
 * exactly the checkout and totals on screen, confirmed by the person at this machine outside the page
 * (Sightline's dialog, or the code printed in the terminal). Everything else ends at the store's page
 * (storeFinishPage).
 */
export function createStoreFeature(
  context: FeatureContext,
  options: StoreFeatureOptions = {},
): Feature<StoreChannels> {
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
    handlers: {
      ...createStoreCatalogHandlers(context, {
        urlPolicy: policy,
        ...(options.images ? { images: options.images } : {}),
      }),
      ...createStoreCheckoutHandlers(context, { slice, operations, completion, gate, pages, options }),
    },
    pollers: [],
    stop: async () => {
      operations.stop();
    },
  };
}
