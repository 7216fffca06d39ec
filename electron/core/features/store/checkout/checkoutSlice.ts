import { INITIAL_STORE_STATE, type StoreState, type StoreCheckoutView } from '@shared/contract';
import type { FeatureContext } from '../../../platform/feature/feature';
import type { StoreImageAllowlist } from '../storeImageAllowlist';
import { refuse } from './storeFailure';

/** The `store` slice of the app state: the cart, checkout and order on screen, and what the store is doing. */
export interface CheckoutSlice {
  readonly state: StoreState;
  publish(patch: Partial<StoreState>): void;
  currentCart(): NonNullable<StoreState['cart']>;
  /** The checkout on screen; refused when there is none or it is not `checkoutId`. */
  currentCheckout(checkoutId?: string): StoreCheckoutView;
  /** Shows the store's checkout, and its page to finish it when the store asks for escalation. */
  setCheckout(checkout: StoreCheckoutView): StoreCheckoutView;
}

export function createCheckoutSlice(
  context: Pick<FeatureContext, 'hub'>,
  images: StoreImageAllowlist | undefined,
): CheckoutSlice {
  const { hub } = context;
  let state: StoreState = INITIAL_STORE_STATE;
  const publish = (patch: Partial<StoreState>): void => {
    state = { ...state, ...patch };
    images?.remember(
      [...(state.cart?.lineItems ?? []), ...(state.checkout?.lineItems ?? [])].map((line) => line.imageUrl),
    );
    hub.set('store', state);
  };
  const currentCart = () => state.cart ?? refuse('no-checkout', 'There is no cart yet: add something first.');
  const currentCheckout = (checkoutId?: string): StoreCheckoutView => {
    const checkout =
      state.checkout ?? refuse('no-checkout', 'There is no checkout yet: check out the cart first.');
    if (checkoutId !== undefined && checkout.id !== checkoutId) {
      refuse('approval-refused', 'That is not the current checkout: review the order again.');
    }
    return checkout;
  };
  const setCheckout = (checkout: StoreCheckoutView): StoreCheckoutView => {
    const escalation =
      checkout.status === 'requires_escalation' && checkout.continueUrl
        ? {
            url: checkout.continueUrl,
            reason: 'requires_escalation' as const,
            message: 'The store needs you to finish this order on its own page.',
            opened: false,
          }
        : null;
    publish({ checkout, order: checkout.order ?? state.order, handoff: escalation ?? state.handoff });
    return checkout;
  };

  return {
    get state() {
      return state;
    },
    publish,
    currentCart,
    currentCheckout,
    setCheckout,
  };
}
