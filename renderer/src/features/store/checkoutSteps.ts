import type { StoreState, StoreCheckoutView } from '@shared/contract';

/**
 * Where the buyer is in the purchase, from the pushed store slice alone (so a reload shows the same
 * screen):
 * - empty / cart: no checkout yet;
 * - details: the checkout still needs the buyer, the shipping address or a shipping option;
 * - confirm: everything is in and Sightline may place the order once the buyer clicks "Pay";
 * - handoff: the store asked for it, refused the agent's complete, or does not let agents complete;
 * - placing / completed / canceled: the store's own states.
 */
export type CheckoutStage =
  'empty' | 'cart' | 'details' | 'confirm' | 'handoff' | 'placing' | 'completed' | 'canceled';

export type CheckoutStep = 'buyer' | 'address' | 'shipping';

export const CHECKOUT_STEPS: readonly CheckoutStep[] = ['buyer', 'address', 'shipping'];

export type StepCompleteness = Record<CheckoutStep, boolean>;

export function stepCompleteness(
  checkout: Pick<StoreCheckoutView, 'buyer' | 'fulfillment'>,
): StepCompleteness {
  const buyer = checkout.buyer;
  const fulfillment = checkout.fulfillment;
  const groups = fulfillment?.groups ?? [];
  return {
    buyer: Boolean(buyer && buyer.email && buyer.firstName && buyer.lastName),
    address: Boolean(fulfillment?.destination?.streetAddress && fulfillment.destination.country),
    shipping:
      fulfillment?.type === 'pickup' ||
      (groups.length > 0 && groups.every((group) => group.selectedOptionId !== null)),
  };
}

/** The first step still missing, in order, or null when all are done. */
export function firstOpenStep(steps: StepCompleteness): CheckoutStep | null {
  return CHECKOUT_STEPS.find((step) => !steps[step]) ?? null;
}

export function checkoutStage(state: StoreState): CheckoutStage {
  const { checkout, cart } = state;
  if (checkout?.status === 'completed' || (state.order && !checkout)) return 'completed';
  if (!checkout) return cart && cart.lineItems.length > 0 ? 'cart' : 'empty';
  switch (checkout.status) {
    case 'canceled':
      return 'canceled';
    case 'complete_in_progress':
      return 'placing';
    case 'requires_escalation':
      return 'handoff';
    case 'ready_for_complete':
      // A store that refused the agent's complete wants the buyer on its own page, whatever it lists.
      return checkout.agentCanComplete && state.handoff?.reason !== 'store-refused' ? 'confirm' : 'handoff';
    case 'incomplete':
      return 'details';
  }
}
