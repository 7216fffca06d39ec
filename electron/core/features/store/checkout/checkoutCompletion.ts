import {
  seenTotalsOf,
  type StoreCheckoutView,
  type StoreCompleteOutcome,
  type StoreHandoff,
  type StoreSeenTotal,
} from '@shared/contract';
import type { FeatureContext } from '../../../platform/feature/feature';
import { checkStoreUrl, type StoreUrlPolicy } from '../storeUrl';
import { orderTerms, sameTotals, type ApprovalGate } from './approvalGate';
import type { CheckoutSlice } from './checkoutSlice';
import { paymentSummaryOf, type ConfirmPayment } from './paymentSummary';
import type { StoreCheckoutOptions } from './storeCheckoutOptions';
import { refuse, StoreFailure } from './storeFailure';
import { storeFinishPage, type StoreProductPages } from './storeFinishPage';
import type { StoreOperations } from './storeOperations';

export interface CheckoutCompletion {
  /** Sends the buyer to the store's page (opened in the browser where it can be) to finish there. */
  handOff(url: string, reason: StoreHandoff['reason'], message: string): Promise<StoreHandoff>;
  /**
   * Hands the buyer to the store's page for the cart or checkout on screen: its continue_url, else a page Sightline
   * finds (see storeFinishPage), never none. `why` leads the message; a page of Sightline's choosing is named.
   */
  finishAtStore(reason: StoreHandoff['reason'], why: string | null): Promise<StoreHandoff>;
  /** Pays with the approval the buyer's "Pay" click minted, for exactly the totals they saw, or hands off. */
  complete(
    checkoutId: string,
    approvalId: string,
    seen: readonly StoreSeenTotal[],
    code: string | undefined,
    pageLocale: string | undefined,
  ): Promise<StoreCompleteOutcome>;
}

/** The end of a checkout: complete_checkout only with a fresh approval and unchanged terms; else the store's page. */
export function createCheckoutCompletion(
  context: Pick<FeatureContext, 'settings' | 'logger'>,
  deps: {
    slice: CheckoutSlice;
    operations: StoreOperations;
    gate: ApprovalGate;
    policy: StoreUrlPolicy;
    sleep: (ms: number) => Promise<void>;
    pages: StoreProductPages;
    options: Pick<StoreCheckoutOptions, 'openExternal' | 'confirmPayment'>;
  },
): CheckoutCompletion {
  const { settings } = context;
  const { slice, operations, gate, policy, sleep, pages, options } = deps;
  const store = () => settings.effective.store;

  const handOff = async (
    url: string,
    reason: StoreHandoff['reason'],
    message: string,
  ): Promise<StoreHandoff> => {
    const checked = checkStoreUrl(url, policy);
    if (!checked.ok)
      throw new StoreFailure('store-error', `The store's continue URL is unsafe: ${checked.reason}`);
    let opened = false;
    if (options.openExternal) {
      try {
        await options.openExternal(checked.url.toString());
        opened = true;
      } catch (error) {
        context.logger.warn('could not open the store in the browser', { error: String(error) });
      }
    }
    const handoff: StoreHandoff = { url: checked.url.toString(), reason, message, opened };
    slice.publish({ handoff });
    return handoff;
  };

  const finishAtStore = (reason: StoreHandoff['reason'], why: string | null): Promise<StoreHandoff> => {
    const { checkout, cart } = slice.state;
    const page = storeFinishPage({ storeUrl: store().url, checkout, cart, pages });
    const message =
      page.kind === 'continue' ? (why ?? page.message) : [why, page.message].filter(Boolean).join(' ');
    return handOff(page.url, reason, message);
  };

  const confirmInDialog = async (
    confirm: ConfirmPayment,
    checkout: StoreCheckoutView,
    pageLocale: string | undefined,
  ): Promise<boolean> => {
    try {
      return await confirm(paymentSummaryOf(checkout, store().url, pageLocale));
    } catch (error) {
      context.logger.warn('the payment confirmation dialog failed', { error: String(error) });
      return false;
    }
  };

  const complete = async (
    checkoutId: string,
    approvalId: string,
    seen: readonly StoreSeenTotal[],
    code: string | undefined,
    pageLocale: string | undefined,
  ): Promise<StoreCompleteOutcome> => {
    const approval = gate.take(approvalId, checkoutId, seen, code);
    if (!approval.ok && approval.codeTriesLeft !== undefined) {
      return { kind: 'not-confirmed', message: approval.reason, retry: approval.codeTriesLeft > 0 };
    }
    if (!approval.ok) refuse('approval-refused', approval.reason);
    slice.currentCheckout(checkoutId);
    const { shopper } = await operations.connect();
    // The store's order now, not the one cached on screen: a change means a new approval.
    const fresh = slice.setCheckout(await shopper.getCheckout(checkoutId));
    if (!sameTotals(seenTotalsOf(fresh), seen)) {
      refuse(
        'approval-refused',
        'The store’s totals changed since you approved: review the order and click "Pay" again.',
      );
    }
    if (orderTerms(fresh) !== approval.terms) {
      refuse(
        'approval-refused',
        'The order changed at the store since you approved (items, address, shipping or payment): review it and click "Pay" again.',
      );
    }
    if (!fresh.agentCanComplete) {
      const reason = fresh.status === 'requires_escalation' ? 'requires_escalation' : 'agent-cannot-complete';
      return {
        kind: 'handoff',
        checkout: fresh,
        handoff: await finishAtStore(reason, fresh.completeBlockedReason),
      };
    }
    if (options.confirmPayment && !(await confirmInDialog(options.confirmPayment, fresh, pageLocale))) {
      gate.cancelled();
      return {
        kind: 'not-confirmed',
        message: 'Payment cancelled in the confirmation dialog.',
        retry: false,
      };
    }
    let placed: StoreCheckoutView;
    try {
      placed = await shopper.completeCheckout(fresh);
    } catch (error) {
      if (!(error instanceof StoreFailure) || error.code !== 'store-error') throw error;
      const message = `${error.message} Finish the order at the store.`;
      return {
        kind: 'handoff',
        checkout: fresh,
        handoff: error.continueUrl
          ? await handOff(error.continueUrl, 'store-refused', message)
          : await finishAtStore('store-refused', message),
      };
    }
    for (let attempt = 0; placed.status === 'complete_in_progress' && attempt < 5; attempt++) {
      await sleep(1000);
      placed = await shopper.getCheckout(checkoutId);
    }
    slice.setCheckout(placed);
    if (placed.status === 'completed' && placed.order) {
      gate.clear();
      gate.lock.paid();
      slice.publish({ order: placed.order, handoff: null });
      return { kind: 'completed', checkout: placed, order: placed.order };
    }
    const url = placed.continueUrl ?? fresh.continueUrl;
    const reason = placed.status === 'requires_escalation' ? 'requires_escalation' : 'store-refused';
    const message =
      placed.messages.find((item) => item.type === 'error')?.content ??
      (url
        ? 'The store needs you to confirm this order on its own page.'
        : `The store left the order ${placed.status.replaceAll('_', ' ')}.`);
    return {
      kind: 'handoff',
      checkout: placed,
      handoff: url ? await handOff(url, reason, message) : await finishAtStore(reason, message),
    };
  };

  return { handOff, finishAtStore, complete };
}
