import type { StoreAddress, StoreBuyer, StoreCheckoutView, StoreFulfillment } from '@shared/contract';

/** Checkout records for the view-model tests. */

export const ADDRESS: StoreAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  streetAddress: '1 Main St',
  extendedAddress: '',
  locality: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phoneNumber: '',
};

export const BUYER: StoreBuyer = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '',
};

/** Shipping to ADDRESS with one group offering standard shipping, chosen or not. */
export function fulfillment(selectedOptionId: string | null): StoreFulfillment {
  return {
    methodId: 'method_shipping',
    type: 'shipping',
    destination: ADDRESS,
    groups: [
      {
        id: 'group_1',
        lineItemIds: ['li_1'],
        options: [{ id: 'ship_standard', title: 'Standard', description: '', carrier: null, total: null }],
        selectedOptionId,
      },
    ],
  };
}

export function checkout(overrides: Partial<StoreCheckoutView> = {}): StoreCheckoutView {
  return {
    id: 'chk_1',
    status: 'incomplete',
    currency: 'USD',
    lineItems: [],
    totals: [],
    buyer: null,
    fulfillment: null,
    payment: null,
    messages: [],
    links: [],
    continueUrl: 'https://store.test/checkouts/chk_1/continue',
    expiresAt: null,
    order: null,
    agentCanComplete: false,
    completeBlockedReason: 'incomplete',
    ...overrides,
  };
}
