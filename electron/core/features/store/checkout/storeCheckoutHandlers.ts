import {
  seenTotalsOf,
  type StoreCatalogSearchOutcome,
  type StoreCheckoutErrorCode,
  type StoreCheckoutRequestOutputs,
} from '@shared/contract';
import type { RequestHandlers } from '../../../platform/router/requestRouter';
import type { FeatureContext } from '../../../platform/feature/feature';
import {
  LOCKED_MESSAGE,
  newConfirmationCode,
  orderTerms,
  sameTotals,
  type ApprovalGate,
} from './approvalGate';
import type { CheckoutCompletion } from './checkoutCompletion';
import type { CheckoutSlice } from './checkoutSlice';
import { paymentSummaryOf } from './paymentSummary';
import type { StoreCheckoutOptions } from './storeCheckoutOptions';
import { refuse, StoreFailure } from './storeFailure';
import type { StoreProductPages } from './storeFinishPage';
import type { StoreOperations } from './storeOperations';

/** Failures that mean the store has no agent interface Sightline can search with (not that a call failed). */
const NO_AGENT_INTERFACE: ReadonlySet<StoreCheckoutErrorCode> = new Set([
  'discovery-failed',
  'version-unsupported',
  'no-endpoint',
  'tool-missing',
]);

/** The buyer's requests: search, cart, checkout, approval and payment, each one store operation at a time. */
export function createStoreCheckoutHandlers(
  context: Pick<FeatureContext, 'settings'>,
  deps: {
    slice: CheckoutSlice;
    operations: StoreOperations;
    completion: CheckoutCompletion;
    gate: ApprovalGate;
    pages: StoreProductPages;
    options: Pick<StoreCheckoutOptions, 'confirmPayment' | 'confirmUnlock' | 'showPaymentCode' | 'images'>;
  },
): Pick<RequestHandlers, keyof StoreCheckoutRequestOutputs> {
  const { settings } = context;
  const { slice, operations, completion, gate, pages, options } = deps;
  const store = () => settings.effective.store;
  // Desktop: once the person at this machine answers "keep locked", no page gets another dialog from them.
  let unlockDeclined = false;
  /** Refuses while payments are locked, unless the person at this machine re-enables them (desktop's dialog). */
  const refuseWhileLocked = async (): Promise<void> => {
    if (!gate.lock.locked) return;
    if (!options.confirmUnlock) refuse('approval-refused', LOCKED_MESSAGE);
    if (!unlockDeclined) {
      let unlock = false;
      try {
        unlock = await options.confirmUnlock();
      } catch {
        unlock = false;
      }
      if (unlock) {
        gate.lock.unlock();
        return;
      }
      unlockDeclined = true;
    }
    refuse(
      'approval-refused',
      'Payments are locked after three cancelled confirmations. Restart Sightline to pay from it, or finish the order at the store.',
    );
  };
  /**
   * A refused "Pay" (stale totals, an expired approval, a changed order) leaves the store's checkout as it is now
   * in the pushed state, so the page shows what the buyer would pay without asking for it.
   */
  const showingStoreCheckoutOnRefusal = async <T>(checkoutId: string, step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      if (slice.state.checkout?.id === checkoutId) {
        const { shopper } = await operations.connect();
        await shopper.getCheckout(checkoutId).then(slice.setCheckout, () => undefined);
      }
      throw error;
    }
  };
  return {
    'store.checkout.discover': ({ refresh }) =>
      operations.run('discovery', async () => (await operations.connect(refresh)).profile),
    'store.checkout.searchCatalog': ({ query, limit, cursor }) =>
      operations.run('search_catalog', async (): Promise<StoreCatalogSearchOutcome> => {
        // Every tool call must name the agent's profile; without one only the storefront can be searched.
        if (store().agentProfile === '') {
          return {
            kind: 'no-agent-interface',
            reason:
              'Sightline’s shopping profile is not set (Settings, Advanced), so it cannot use the store’s shopping tools.',
          };
        }
        try {
          const { shopper } = await operations.connect();
          const found = await shopper.search(query, { limit, ...(cursor ? { cursor } : {}) });
          options.images?.remember(found.products.map((product) => product.imageUrl));
          pages.remember(store().url, found.products);
          return { kind: 'results', ...found };
        } catch (error) {
          if (error instanceof StoreFailure && NO_AGENT_INTERFACE.has(error.code)) {
            return { kind: 'no-agent-interface', reason: error.message };
          }
          throw error;
        }
      }),
    'store.checkout.createCart': ({ lines }) =>
      operations.run('create_cart', async () => {
        const cart = await (await operations.connect()).shopper.createCart(lines);
        gate.clear();
        slice.publish({ cart, checkout: null, order: null, handoff: null });
        return cart;
      }),
    'store.checkout.updateCart': ({ lines }) =>
      operations.run('update_cart', async () => {
        const cart = await (await operations.connect()).shopper.updateCart(slice.currentCart(), lines);
        gate.clear();
        slice.publish({ cart, checkout: null, handoff: null });
        return cart;
      }),
    'store.checkout.createCheckout': () =>
      operations.run('create_checkout', async () => {
        const checkout = await (await operations.connect()).shopper.createCheckout(slice.currentCart());
        gate.clear();
        return slice.setCheckout(checkout);
      }),
    'store.checkout.updateCheckout': (changes) =>
      operations.run('update_checkout', async () => {
        const current = slice.currentCheckout();
        if (current.status === 'completed' || current.status === 'canceled') {
          refuse('no-checkout', `The checkout is ${current.status}; start a new one.`);
        }
        const checkout = await (await operations.connect()).shopper.updateCheckout(current, changes);
        return slice.setCheckout(checkout);
      }),
    'store.checkout.getCheckout': () =>
      operations.run('get_checkout', async () =>
        slice.setCheckout(await (await operations.connect()).shopper.getCheckout(slice.currentCheckout().id)),
      ),
    'store.checkout.approve': ({ checkoutId, totals, locale }) =>
      operations.run('approval', () =>
        showingStoreCheckoutOnRefusal(checkoutId, async () => {
          const checkout = slice.currentCheckout(checkoutId);
          if (!checkout.agentCanComplete) {
            refuse(
              'approval-refused',
              checkout.completeBlockedReason ?? 'This checkout cannot be paid from here.',
            );
          }
          if (!sameTotals(seenTotalsOf(checkout), totals)) {
            refuse(
              'approval-refused',
              'The totals shown are out of date: review the order and click "Pay" again.',
            );
          }
          await refuseWhileLocked();
          if (options.confirmPayment) {
            return {
              ...gate.mint(checkoutId, totals, orderTerms(checkout)),
              confirmation: 'dialog' as const,
            };
          }
          if (!options.showPaymentCode) {
            refuse(
              'approval-refused',
              'This Sightline has no way to confirm a payment: finish the order at the store.',
            );
          }
          // The code goes only where the person at this machine sees it: not in this answer, not in pushed slice.state.
          const code = newConfirmationCode();
          const approval = gate.mint(checkoutId, totals, orderTerms(checkout), code);
          options.showPaymentCode(code, paymentSummaryOf(checkout, store().url, locale));
          return { ...approval, confirmation: 'terminal-code' as const };
        }),
      ),
    'store.checkout.complete': ({ checkoutId, approvalId, totals, confirmationCode, locale }) =>
      operations.run('complete_checkout', () =>
        showingStoreCheckoutOnRefusal(checkoutId, () =>
          completion.complete(checkoutId, approvalId, totals, confirmationCode, locale),
        ),
      ),
    'store.checkout.handoff': () =>
      operations.run('handoff', async () => {
        const { checkout, cart } = slice.state;
        if (!checkout && !cart) refuse('no-checkout', 'There is no cart yet: add something first.');
        const escalated = checkout?.status === 'requires_escalation';
        return completion.finishAtStore(
          escalated ? 'requires_escalation' : 'agent-cannot-complete',
          escalated
            ? 'The store needs you to finish this order on its own page.'
            : (checkout?.completeBlockedReason ?? null),
        );
      }),
    'store.checkout.reset': () =>
      operations.run('reset', async () => {
        gate.clear();
        slice.publish({ cart: null, checkout: null, order: null, handoff: null, rateLimit: null });
        return slice.state;
      }),
  };
}
