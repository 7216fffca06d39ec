import { useState } from 'react';
import {
  INITIAL_STORE_STATE,
  seenTotalsOf,
  type StoreApproval,
  type StoreState,
  type StoreCompleteOutcome,
  type StoreCheckoutView,
  type StoreRateLimitNotice,
  type StoreSeenTotal,
} from '@shared/contract';
import { useAppApi, useAppState } from '../../state/AppContext';
import { useBuyerLocale } from './storePrices';
import { cartChangeFor, cartLinesOf, withAddedLine, type CartLine } from './cartLines';
import { useContractMutation, useContractSteps } from '../../state/contractQueries';

/** The pushed store slice (the initial one until the first snapshot arrives). */
export function useCheckoutState(): StoreState {
  return useAppState((app) => app.store) ?? INITIAL_STORE_STATE;
}

/** Cart edits: each one sends the whole new set of lines (the protocol's update is a replacement). */
export function useCartEditor() {
  const { cart } = useCheckoutState();
  const change = useContractSteps({
    steps: async (api, lines: CartLine[]): Promise<void> => {
      const request = cartChangeFor(cart, lines);
      if (request.channel === 'store.checkout.reset') await api.request(request.channel, {});
      else await api.request(request.channel, { lines: request.lines });
    },
  });
  return {
    lines: cartLinesOf(cart),
    change,
    add: (variantId: string, quantity: number) =>
      change.mutateAsync(withAddedLine(cartLinesOf(cart), variantId, quantity)),
  };
}

/** Why "Pay" did not place the order, with the totals the buyer had approved. */
export class PayRefusal extends Error {
  constructor(
    message: string,
    readonly seen: StoreSeenTotal[],
  ) {
    super(message);
    this.name = 'PayRefusal';
  }
}

/** A "Pay" click waiting for the code Sightline printed in its terminal (browser mode). */
interface AwaitingCode {
  approval: StoreApproval;
  totals: StoreSeenTotal[];
}

type PayStep = { checkout: StoreCheckoutView } | (AwaitingCode & { code: string });
type PayResult = StoreCompleteOutcome | { kind: 'code-needed' };

/**
 * The confirmation screen's "Pay" click, and the only path in the UI to complete_checkout: it mints an
 * approval for exactly this checkout and the totals on screen, then completes with it once the person at
 * this machine confirms outside the page: in Sightline's dialog (desktop, while complete runs), or by typing
 * the code Sightline printed in its terminal (browser mode; a typo may be retyped, up to the core's limit).
 * When the core refuses (stale totals, expired approval), it pushes the store's checkout as it is now, so the
 * screen re-shows what the buyer would pay now; the buyer must click "Pay" again.
 */
export function usePay() {
  const api = useAppApi();
  const locale = useBuyerLocale();
  const [awaiting, setAwaiting] = useState<AwaitingCode | null>(null);
  const [inDialog, setInDialog] = useState(false);
  const complete = async ({ approval, totals }: AwaitingCode, confirmationCode?: string) => {
    const outcome = await api.request('store.checkout.complete', {
      checkoutId: approval.checkoutId,
      approvalId: approval.approvalId,
      totals,
      locale,
      ...(confirmationCode === undefined ? {} : { confirmationCode }),
    });
    setAwaiting(outcome.kind === 'not-confirmed' && outcome.retry ? { approval, totals } : null);
    return outcome;
  };
  const mutation = useContractSteps<PayResult, PayStep, PayRefusal>({
    steps: async (api, step) => {
      const totals = 'checkout' in step ? seenTotalsOf(step.checkout) : step.totals;
      try {
        if (!('checkout' in step)) return await complete(step, step.code);
        const { checkout } = step;
        const approval = await api.request('store.checkout.approve', {
          checkoutId: checkout.id,
          totals,
          // The confirmation outside the page writes the total as this page does.
          locale,
        });
        if (approval.confirmation === 'terminal-code') {
          setAwaiting({ approval, totals });
          return { kind: 'code-needed' };
        }
        setInDialog(true);
        return await complete({ approval, totals });
      } catch (error) {
        // The core has pushed the store's checkout as it is now: the screen shows what the buyer would pay.
        setAwaiting(null);
        throw new PayRefusal(error instanceof Error ? error.message : String(error), totals);
      } finally {
        setInDialog(false);
      }
    },
  });
  const outcome = mutation.data;
  return {
    pay: (checkout: StoreCheckoutView) => mutation.mutate({ checkout }),
    /** Completes the waiting "Pay" with the code the buyer typed. */
    confirmWithCode: (code: string) => {
      if (awaiting) mutation.mutate({ ...awaiting, code });
    },
    /** Drops the waiting "Pay" (its approval expires unused). */
    cancelCode: () => setAwaiting(null),
    awaitingCode: awaiting !== null,
    /** Sightline's own dialog is open (desktop): the page waits for its answer. */
    inDialog,
    isPending: mutation.isPending,
    error: mutation.error,
    /** Why the last confirmation did not go through (Cancel, a wrong code), or null. */
    notConfirmed: outcome?.kind === 'not-confirmed' ? outcome.message : null,
  };
}

/**
 * "Continue in the store": the desktop core opens the system browser; in browser mode the core cannot,
 * so the page opens the store's continue_url itself, without giving it a handle on Sightline.
 */
export function useHandoff() {
  return useContractMutation('store.checkout.handoff', {
    input: () => ({}),
    onSuccess: (handoff) => {
      if (!handoff.opened) window.open(handoff.url, '_blank', 'noopener,noreferrer');
    },
  });
}

export interface RememberedRateLimit {
  /** The wait in progress, or null. */
  active: StoreRateLimitNotice | null;
  /** The last wait that ended (the call then went through or gave up). */
  last: StoreRateLimitNotice | null;
}

/** The store's rate-limit notice, kept after the wait ends so the buyer can read what happened. */
export function useRememberedRateLimit(notice: StoreRateLimitNotice | null): RememberedRateLimit {
  const [last, setLast] = useState<StoreRateLimitNotice | null>(null);
  // Adjusting state while rendering (React's pattern for state derived from changing props).
  if (notice && notice !== last) setLast(notice);
  return { active: notice, last: notice ? null : last };
}
