import type { BrowserContext, Page } from '@playwright/test';
import type { Result, StoreCheckoutView } from '../../shared/contract';
import { expect, test, type Stack } from '../harness/fixtures';
import { startStoreStack, stopStoreStack } from '../harness/storeStack';
import type { StoreCatalogPages } from '../simulator/store/storeCatalogPages';
import { variantGid } from '../simulator/store/storeProducts';
import { callStoreTool } from '../simulator/store/storeRpc';
import { SIM_AGENT_PROFILE, type RunningStoreSimulator } from '../simulator/store/storeSimulator';
import type { CompleteMode } from '../simulator/store/ucpShopping';

/**
 * The cart and the agent checkout, in Chromium against the real headless host and the fake store: the
 * order is placed only by the buyer's "Pay" click, the store's escalation hands over to its continue_url,
 * the core refuses a complete without approval, and a rate limit is waited out and said so.
 */

let store: RunningStoreSimulator;
let catalog: StoreCatalogPages;
let stack: Stack;

const HOODIE_S = variantGid(4510000011);
const PORO_PLUSH = variantGid(4510000031);
const BUYER = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  streetAddress: '1 Main St',
  locality: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
};

/**
 * One request straight over the host's WebSocket, as any page holding the token could send it: no UI,
 * no click. The page must already be on the app's origin.
 */
async function hostRequest(page: Page, channel: string, input: unknown): Promise<Result<unknown>> {
  return page.evaluate(
    ({ channel, input }) =>
      new Promise<Result<unknown>>((resolve, reject) => {
        const token = new URLSearchParams(window.location.search).get('token') ?? '';
        const ws = new WebSocket(`ws://${window.location.host}/ws?token=${encodeURIComponent(token)}`);
        ws.onopen = () => ws.send(JSON.stringify({ type: 'request', id: 1, channel, input }));
        ws.onmessage = (event: MessageEvent<string>) => {
          const frame = JSON.parse(event.data) as { type: string; id?: number; result?: Result<unknown> };
          if (frame.type === 'response' && frame.id === 1 && frame.result) {
            ws.close();
            resolve(frame.result);
          }
        };
        ws.onerror = () => reject(new Error('could not reach the host'));
      }),
    { channel, input },
  );
}

async function must<T>(page: Page, channel: string, input: unknown): Promise<T> {
  const result = await hostRequest(page, channel, input);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
  return result.value as T;
}

/** A fresh store in `mode`, a forgotten cart, and a fresh connection (tools/list is cached per connection). */
async function prepare(page: Page, mode: CompleteMode = 'complete'): Promise<void> {
  await page.goto(stack.app.pageUrl('/legal'));
  await must(page, 'settings.update', { store: { agentProfile: SIM_AGENT_PROFILE } });
  store.control.setCompleteMode(mode);
  await must(page, 'store.checkout.reset', {});
  await must(page, 'store.checkout.discover', { refresh: true });
}

/** A checkout with buyer, address and standard shipping, set up without the UI (the first test drives it). */
async function readyCheckout(page: Page): Promise<StoreCheckoutView> {
  await must(page, 'store.checkout.createCart', { lines: [{ variantId: PORO_PLUSH, quantity: 1 }] });
  await must(page, 'store.checkout.createCheckout', {});
  await must(page, 'store.checkout.updateCheckout', { buyer: BUYER, shippingAddress: ADDRESS });
  return must<StoreCheckoutView>(page, 'store.checkout.updateCheckout', {
    fulfillment: { groupId: 'group_1', optionId: 'ship_standard' },
  });
}

async function continueInStore(page: Page, context: BrowserContext): Promise<Page> {
  // The tab opens with noopener, so it is the context's new page rather than this page's popup.
  const opened = context.waitForEvent('page');
  await page.getByTestId('handoff-continue').click();
  const tab = await opened;
  await tab.waitForLoadState();
  return tab;
}

test.describe('store checkout', () => {
  test.beforeAll(async () => {
    ({ store, catalog, stack } = await startStoreStack());
  });
  test.afterAll(() => stopStoreStack({ store, stack }));
  test.afterEach(() => {
    store.control.reset();
    catalog.control.reset();
  });

  test('search, cart, checkout, address, confirmation: paid only after clicking "Pay"', async ({ page }) => {
    // Before anything, the buyer is asked for the agent profile every store call must name.
    await page.goto(stack.app.pageUrl('/store/checkout'));
    await expect(page.getByTestId('cart-empty')).toBeVisible();
    await expect(page.getByTestId('checkout-links').getByRole('link')).toHaveText([
      'Privacy policy',
      'Terms of service',
      'Refund policy',
      'Shipping policy',
    ]);
    const profileForm = page.getByTestId('agent-profile-form');
    await expect(profileForm).toBeVisible();
    await page.getByTestId('agent-profile-input').fill(SIM_AGENT_PROFILE);
    await page.getByTestId('agent-profile-save').click();
    await expect(profileForm).toBeHidden();

    // Search the catalog, open the product, add it to the cart.
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Store' }).click();
    await page.getByTestId('store-search-input').fill('hoodie');
    await page.getByTestId('store-search-submit').click();
    await page
      .getByTestId('store-product-card')
      .filter({ hasText: 'Arena Champion Hoodie' })
      .getByRole('link')
      .first()
      .click();
    await expect(page.getByTestId('store-product-title')).toHaveText('Arena Champion Hoodie');
    await page.getByTestId('store-add-to-cart').click();
    await expect(page.getByTestId('cart-summary-count')).toHaveText('1 item');
    await expect(page.getByTestId('cart-summary')).toContainText('Arena Champion Hoodie (S) × 1');
    expect(store.control.toolCalls('create_cart')[0]?.arguments?.cart).toMatchObject({
      line_items: [{ item: { id: HOODIE_S }, quantity: 1 }],
      context: { address_country: 'US', currency: 'USD' },
    });

    // The cart: one more of the same line, then check out.
    await page.getByTestId('cart-summary-open').click();
    await expect(page).toHaveURL(/\/store\/checkout\?/);
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await line.getByTestId('cart-line-increase').click();
    await expect(line.getByTestId('cart-line-quantity')).toHaveText('2');
    await expect(page.getByTestId('cart-totals')).toContainText('$130.00');
    await page.getByTestId('checkout-start').click();
    await expect(page.getByTestId('checkout-status')).toHaveText('Needs details');
    await expect(page.getByTestId('store-messages')).toContainText('Buyer details are required.');

    // Steps: contact, address, then a shipping option from what the store offers for that address.
    await page.getByTestId('buyer-save').click();
    await expect(page.getByTestId('step-buyer')).toContainText('Fill in email address.');
    await page.getByTestId('buyer-email').fill(BUYER.email);
    await page.getByTestId('buyer-first-name').fill(BUYER.firstName);
    await page.getByTestId('buyer-last-name').fill(BUYER.lastName);
    await page.getByTestId('buyer-save').click();
    await expect(page.getByTestId('buyer-summary')).toHaveText('Ada Lovelace · ada@example.com');
    await expect(page.getByTestId('address-first-name')).toHaveValue('Ada');
    await page.getByTestId('address-street').fill(ADDRESS.streetAddress);
    await page.getByTestId('address-city').fill(ADDRESS.locality);
    await page.getByTestId('address-region').fill(ADDRESS.region);
    await page.getByTestId('address-postal-code').fill(ADDRESS.postalCode);
    await expect(page.getByTestId('address-country')).toHaveValue('US');
    await page.getByTestId('address-save').click();
    const options = page.getByTestId('shipping-option');
    await expect(options).toHaveCount(2);
    await expect(options.nth(1)).toContainText('Express');
    await expect(options.nth(1)).toContainText('$15.00');
    // The choice is the store's to confirm: the radio follows the checkout the core pushes back.
    await options.nth(1).getByRole('radio').click();

    // The confirmation at the moment of payment: items, totals by type, shipping, payment, links.
    const confirmation = page.getByTestId('confirmation');
    await expect(confirmation).toBeVisible();
    await expect(page.getByTestId('checkout-status')).toHaveText('Ready to pay');
    await expect(confirmation.getByTestId('confirmation-line')).toHaveText([
      /Arena Champion Hoodie \(S\)\s*\$65\.00\s*2\s*\$130\.00/,
    ]);
    const totals = confirmation.getByTestId('checkout-total');
    await expect(totals).toHaveText([
      /Subtotal\s*\$130\.00/,
      /Shipping \(Express\)\s*\$15\.00/,
      /Tax\s*\$10\.40/,
      /Total\s*\$155\.40/,
    ]);
    await expect(page.getByTestId('confirmation-shipping')).toHaveText('Express · UPS · $15.00');
    await expect(page.getByTestId('confirmation-address')).toContainText('1 Main St');
    await expect(page.getByTestId('confirmation-payment')).toContainText('Sim Wallet · Visa •••• 4242');
    await expect(page.getByTestId('checkout-links').getByRole('link')).toHaveText([
      'Privacy policy',
      'Terms of service',
      'Refund policy',
    ]);
    await expect(page.getByTestId('checkout-links').getByRole('link').first()).toHaveAttribute(
      'href',
      `${store.url}/policies/privacy-policy`,
    );
    await expect(page.getByText('Sightline never sees card details')).toBeVisible();
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);

    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('order-panel')).toBeVisible();
    await expect(page.getByTestId('order-label')).toHaveText('#1001');
    await expect(page.getByTestId('order-id')).toHaveText('gid://shopify/Order/1001');
    await expect(page.getByTestId('order-link')).toHaveAttribute('href', `${store.url}/orders/1001`);
    await expect(page.getByTestId('checkout-status')).toHaveText('Order placed');

    const completes = store.control.toolCalls('complete_checkout');
    expect(completes).toHaveLength(1);
    expect(completes[0]?.agentProfile).toBe(SIM_AGENT_PROFILE);
    expect(completes[0]?.idempotencyKey).toMatch(/\S/);
    expect(completes[0]?.arguments?.checkout).toMatchObject({
      payment: { instruments: [{ id: 'pi_sim_wallet_1', handler_id: 'sim.wallet' }] },
    });
    expect(store.control.orders()).toHaveLength(1);
  });

  test('when the store asks for escalation, the buyer is handed to its continue_url', async ({
    page,
    context,
  }) => {
    await prepare(page, 'escalate');
    const checkout = await readyCheckout(page);
    await page.goto(stack.app.pageUrl('/store/checkout'));
    await expect(page.getByTestId('confirmation')).toBeVisible();
    await page.getByTestId('pay-button').click();

    const handoff = page.getByTestId('handoff-panel');
    await expect(handoff).toBeVisible();
    await expect(page.getByTestId('checkout-status')).toHaveText('The store needs you on its page');
    await expect(page.getByTestId('store-messages')).toContainText(
      'Please review and confirm this order on the store’s page.',
    );
    const continueUrl = `${store.url}/checkouts/${checkout.id}/continue`;
    await expect(page.getByTestId('handoff-link')).toHaveAttribute('href', continueUrl);
    const tab = await continueInStore(page, context);
    expect(tab.url()).toBe(continueUrl);
    await expect(tab.getByRole('heading')).toHaveText(`Finish checkout ${checkout.id}`);
    await expect(page.getByTestId('handoff-opened')).toBeVisible();
    expect(store.control.orders()).toHaveLength(0);
  });

  test('a store that does not let agents complete gets no "Pay" button, only the hand-over', async ({
    page,
    context,
  }) => {
    await prepare(page, 'agents-cannot-complete');
    const checkout = await readyCheckout(page);
    expect(checkout.agentCanComplete).toBe(false);
    await page.goto(stack.app.pageUrl('/store/checkout'));
    await expect(page.getByTestId('handoff-panel')).toBeVisible();
    await expect(page.getByTestId('handoff-reason')).toContainText('does not let agents place orders');
    await expect(page.getByTestId('pay-button')).toHaveCount(0);
    const tab = await continueInStore(page, context);
    expect(tab.url()).toBe(`${store.url}/checkouts/${checkout.id}/continue`);
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
  });

  test('the core refuses to complete without the buyer’s approval, or with other totals', async ({
    page,
  }) => {
    await prepare(page);
    const checkout = await readyCheckout(page);
    const totals = checkout.totals.map((total) => ({
      type: total.type,
      minor: total.amount.minor,
      currency: total.amount.currency,
    }));

    const noApproval = await hostRequest(page, 'store.checkout.complete', {
      checkoutId: checkout.id,
      totals,
    });
    expect(noApproval.ok).toBe(false);
    const forged = await hostRequest(page, 'store.checkout.complete', {
      checkoutId: checkout.id,
      approvalId: 'made-up-approval',
      totals,
    });
    expect(forged).toMatchObject({ ok: false, error: { code: 'bad-input', message: /no such approval/ } });
    const cheaper = totals.map((total) => (total.type === 'total' ? { ...total, minor: 1 } : total));
    const stale = await hostRequest(page, 'store.checkout.approve', {
      checkoutId: checkout.id,
      totals: cheaper,
    });
    expect(stale).toMatchObject({ ok: false, error: { code: 'bad-input', message: /out of date/ } });
    // An approval is for the totals it was given with, and for one use.
    const approval = await must<{ approvalId: string }>(page, 'store.checkout.approve', {
      checkoutId: checkout.id,
      totals,
    });
    const swapped = await hostRequest(page, 'store.checkout.complete', {
      checkoutId: checkout.id,
      approvalId: approval.approvalId,
      totals: cheaper,
    });
    expect(swapped).toMatchObject({ ok: false, error: { code: 'bad-input' } });

    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
    expect(store.control.orders()).toHaveLength(0);
    await page.goto(stack.app.pageUrl('/store/checkout'));
    await expect(page.getByTestId('confirmation')).toBeVisible();
    await expect(page.getByTestId('checkout-status')).toHaveText('Ready to pay');
  });

  test('when the store’s totals change after the confirmation was shown, "Pay" is refused and the new totals shown', async ({
    page,
  }) => {
    await prepare(page);
    const checkout = await readyCheckout(page);
    await page.goto(stack.app.pageUrl('/store/checkout'));
    await expect(page.getByTestId('confirmation-totals')).toContainText('$37.39');

    // The store changes the order behind Sightline's back (here: express shipping), as a price change would.
    const changed = await callStoreTool(store, 'update_checkout', {
      id: checkout.id,
      checkout: {
        line_items: checkout.lineItems.map((line) => ({
          id: line.id,
          item: { id: line.itemId },
          quantity: line.quantity,
        })),
        fulfillment: {
          methods: [
            {
              type: 'shipping',
              destinations: [{ address_country: 'US' }],
              groups: [{ id: 'group_1', selected_option_id: 'ship_express' }],
            },
          ],
        },
      },
    });
    expect(changed.status).toBe(200);

    await page.getByTestId('pay-button').click();
    const notice = page.getByTestId('totals-changed');
    await expect(notice).toContainText('The store’s totals changed since you saw them');
    await expect(notice).toContainText('Total: $37.39 → $47.39');
    await expect(page.getByTestId('confirmation-totals')).toContainText('$47.39');
    await expect(page.getByTestId('pay-button')).toHaveText('Pay $47.39');
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);

    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('order-panel')).toBeVisible();
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(1);
  });

  test('a 429 with retry_after is waited out, said so, and the call then succeeds', async ({ page }) => {
    await prepare(page);
    await must(page, 'store.checkout.createCart', { lines: [{ variantId: PORO_PLUSH, quantity: 1 }] });
    await page.goto(stack.app.pageUrl('/store/checkout'));
    await expect(page.getByTestId('checkout-start')).toBeVisible();

    store.control.rateLimitNext({ status: 429, retryAfterSeconds: 2, via: 'data' });
    await page.getByTestId('checkout-start').click();
    const notice = page.getByTestId('checkout-rate-limit');
    await expect(notice).toHaveAttribute('data-state', 'waiting');
    await expect(notice).toContainText(
      'The store asked Sightline to wait 2 s before retrying create checkout',
    );
    await expect(page.getByTestId('step-buyer')).toBeVisible();
    await expect(notice).toHaveAttribute('data-state', 'done');
    await expect(notice).toContainText('waited as asked');

    const calls = store.control.toolCalls('create_checkout');
    expect(calls.map((call) => call.status)).toEqual([429, 200]);
    expect(calls[0]?.idempotencyKey).toBeTruthy();
    expect(calls[1]?.idempotencyKey).toBe(calls[0]?.idempotencyKey);
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(1900);
  });
});
