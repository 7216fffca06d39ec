import { describe, expect, it } from 'vitest';
import { INITIAL_STORE_STATE, type StoreState } from '@shared/contract';
import { BUYER, checkout, fulfillment } from '../../tools/testkit/checkoutFixtures';
import { checkoutStage, firstOpenStep, stepCompleteness } from './checkoutSteps';

function state(overrides: Partial<StoreState>): StoreState {
  return { ...INITIAL_STORE_STATE, ...overrides };
}

describe('step completeness', () => {
  it('goes buyer, then address, then shipping option', () => {
    const empty = stepCompleteness(checkout());
    expect(empty).toEqual({ buyer: false, address: false, shipping: false });
    expect(firstOpenStep(empty)).toBe('buyer');

    const withBuyer = stepCompleteness(checkout({ buyer: BUYER }));
    expect(firstOpenStep(withBuyer)).toBe('address');

    const withAddress = stepCompleteness(checkout({ buyer: BUYER, fulfillment: fulfillment(null) }));
    expect(withAddress).toEqual({ buyer: true, address: true, shipping: false });
    expect(firstOpenStep(withAddress)).toBe('shipping');

    const done = stepCompleteness(checkout({ buyer: BUYER, fulfillment: fulfillment('ship_standard') }));
    expect(done).toEqual({ buyer: true, address: true, shipping: true });
    expect(firstOpenStep(done)).toBeNull();
  });

  it('does not count a buyer without an email, or an address the store has not offered options for', () => {
    expect(stepCompleteness(checkout({ buyer: { ...BUYER, email: '' } })).buyer).toBe(false);
    const noOptions = { ...fulfillment(null), groups: [] };
    expect(stepCompleteness(checkout({ fulfillment: noOptions })).shipping).toBe(false);
  });
});

describe('checkout stage', () => {
  it('follows the cart and the store statuses', () => {
    expect(checkoutStage(INITIAL_STORE_STATE)).toBe('empty');
    const cart = {
      id: 'cart_1',
      currency: 'USD',
      lineItems: [
        { id: 'li', itemId: 'v', title: 'Hoodie', quantity: 1, unitPrice: null, imageUrl: null, total: null },
      ],
      totals: [],
      messages: [],
      links: [],
      continueUrl: null,
    };
    expect(checkoutStage(state({ cart }))).toBe('cart');
    expect(checkoutStage(state({ cart, checkout: checkout() }))).toBe('details');
    expect(checkoutStage(state({ checkout: checkout({ status: 'complete_in_progress' }) }))).toBe('placing');
    expect(checkoutStage(state({ checkout: checkout({ status: 'canceled' }) }))).toBe('canceled');
    const order = { id: 'gid://shopify/Order/1001', label: '#1001', permalinkUrl: null };
    expect(checkoutStage(state({ checkout: checkout({ status: 'completed', order }), order }))).toBe(
      'completed',
    );
  });

  it('confirms only a checkout the agent may complete; everything else is handed to the store', () => {
    const ready = checkout({
      status: 'ready_for_complete',
      agentCanComplete: true,
      completeBlockedReason: null,
    });
    expect(checkoutStage(state({ checkout: ready }))).toBe('confirm');
    const notAllowed = { ...ready, agentCanComplete: false, completeBlockedReason: 'no agents' };
    expect(checkoutStage(state({ checkout: notAllowed }))).toBe('handoff');
    expect(checkoutStage(state({ checkout: checkout({ status: 'requires_escalation' }) }))).toBe('handoff');
    const refused = {
      url: 'https://store.test/continue',
      reason: 'store-refused' as const,
      message: 'Forbidden',
      opened: false,
    };
    expect(checkoutStage(state({ checkout: ready, handoff: refused }))).toBe('handoff');
  });
});
