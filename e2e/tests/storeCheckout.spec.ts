import type { BrowserContext, Page } from '@playwright/test';
import type { WebSocket } from 'ws';
import {
  DEFAULT_STORE_AGENT_PROFILE,
  OVERLAY_STATE_SHARE,
  type ServerFrame,
  type SettingsView,
  type StoreApproval,
  type StoreCheckoutView,
} from '../../shared/contract';
import { opened, openSocket } from '../../electron/core/tools/testkit/host/hostClients';
import { expect, recordHostFrames, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import { hostRequest } from '../harness/hostRequest';
import { expectImagesLoaded, shootPageWidths } from '../harness/pageShots';
import { saveBuyerContext, startStoreStack, stopStoreStack } from '../harness/storeStack';
import type { StoreCatalogPages } from '../../electron/simulator/store/storeCatalogPages';
import { variantGid } from '../../electron/simulator/store/storeProducts';
import {
  startShopifyMock,
  type RunningShopifyMock,
} from '../../electron/simulator/store/shopifyMockBusiness';
import { changeShippingAtStore } from '../../electron/simulator/store/storeRpc';
import { SIM_AGENT_PROFILE, type RunningStoreSimulator } from '../../electron/simulator/store/storeSimulator';
import type { CompleteMode } from '../../electron/simulator/store/ucpShopping';
import { openFromBar } from '../harness/navigation';

/**
 * The cart and the agent checkout, in Chromium against the real headless host and the fake store: the
 * order is placed only by the buyer's "Pay" click confirmed with the code `serve` prints in its terminal,
 * the store's escalation hands over to its continue_url, the core refuses a complete without approval or
 * code, and a rate limit is waited out and said so.
 */

let store: RunningStoreSimulator;
let catalog: StoreCatalogPages;
let stack: Stack;

const HOODIE_S = variantGid(4510000011);
const SLEEVES_GOLD = variantGid(4510000022);
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

async function must<T>(page: Page, channel: string, input: unknown): Promise<T> {
  const result = await hostRequest(page, channel, input);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
  return result.value as T;
}

/**
 * A fresh store in `mode`, a US buyer paying in dollars, a forgotten cart, and a fresh connection
 * (tools/list is cached per connection).
 */
async function prepare(page: Page, mode: CompleteMode = 'complete'): Promise<void> {
  await page.goto(stack.app.pageUrl('/legal'));
  await must(page, 'settings.update', {
    store: { agentProfile: SIM_AGENT_PROFILE, country: 'US', currency: 'USD' },
  });
  store.control.setCompleteMode(mode);
  await must(page, 'store.checkout.reset', {});
  await must(page, 'store.checkout.discover', { refresh: true });
}

/** A checkout with buyer, address and standard shipping, set up without the UI (the first test drives it). */
/** The totals as `store.checkout.approve` takes them: what the buyer saw, to hold the store to. */
function approvedTotals(checkout: StoreCheckoutView) {
  return checkout.totals.map((total) => ({
    type: total.type,
    minor: total.amount.minor,
    currency: total.amount.currency,
  }));
}

async function readyCheckout(page: Page): Promise<StoreCheckoutView> {
  await must(page, 'store.checkout.createCart', { lines: [{ variantId: PORO_PLUSH, quantity: 1 }] });
  await must(page, 'store.checkout.createCheckout', {});
  await must(page, 'store.checkout.updateCheckout', { buyer: BUYER, shippingAddress: ADDRESS });
  return must<StoreCheckoutView>(page, 'store.checkout.updateCheckout', {
    fulfillment: { groupId: 'group_1', optionId: 'ship_standard' },
  });
}

/** The codes `serve` printed in its terminal, one per "Pay" click: what the person at the machine reads. */
function printedCodes(): Array<{ code: string; total: string }> {
  return stack.app.output.flatMap((line) => {
    const match = /^payment code: ([2-9A-Z]{4}-[2-9A-Z]{4}) \(to pay (\S+) /.exec(line);
    return match?.[1] && match[2] ? [{ code: match[1], total: match[2] }] : [];
  });
}

/** Waits for the code printed for the "Pay" click after `before` codes. */
async function printedCode(before: number): Promise<{ code: string; total: string }> {
  await expect.poll(() => printedCodes().length).toBe(before + 1);
  const printed = printedCodes()[before];
  if (!printed) throw new Error('serve printed no payment code');
  return printed;
}

/** A code other than `code`, of the same form: its last character changed. */
const otherCode = (code: string): string => `${code.slice(0, -1)}${code.endsWith('X') ? 'Y' : 'X'}`;

/** Clicks "Pay" and types the code `serve` printed for it, as the buyer would; returns the code. */
async function payWithPrintedCode(page: Page): Promise<string> {
  const before = printedCodes().length;
  await page.getByTestId('pay-button').click();
  await expect(page.getByTestId('pay-code-form')).toBeVisible();
  const { code } = await printedCode(before);
  await page.getByTestId('pay-code-input').fill(code);
  await page.getByTestId('pay-code-submit').click();
  return code;
}

/** Whether `code` stands alone (not inside a longer number or id) anywhere in `text`. */
const mentions = (text: string, code: string): boolean =>
  new RegExp(`(?<![0-9A-Za-z])${code}(?![0-9A-Za-z])`).test(text);

/** The protocol facts sit in "Store details", closed until the buyer opens it. */
async function expectStoreDetailsClosed(page: Page): Promise<void> {
  const details = page.getByTestId('merchant-profile');
  await expect(page.getByTestId('merchant-profile-summary')).toHaveText('Store details');
  expect(await details.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
  await expect(page.getByTestId('merchant-endpoint')).toBeHidden();
}

/** The pay screen shows one labelled total, the figure the "Pay" button charges; no other total beside it. */
async function expectOneTotalToPay(page: Page, figure: string): Promise<void> {
  await expect(page.getByTestId('cart-panel')).toHaveCount(0);
  const grandTotals = page.locator('[data-testid="checkout-total"][data-type="total"]');
  await expect(grandTotals).toHaveCount(1);
  await expect(grandTotals).toHaveText(`Total to pay${figure}`);
  await expect(page.getByTestId('pay-button')).toHaveText(`Pay ${figure}`);
}

/** A WebSocket client of the host holding `token`, and every frame it has received. */
async function overlaySocket(token: string): Promise<{ ws: WebSocket; frames: string[] }> {
  const ws = openSocket(stack.app.port, { token });
  const frames: string[] = [];
  ws.on('message', (data) => frames.push(String(data)));
  await opened(ws);
  return { ws, frames };
}

async function searchStore(page: Page, query: string): Promise<void> {
  await page.getByTestId('store-search-input').fill(query);
  await page.getByTestId('store-search-submit').click();
}

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const entriesOf = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isJson) : []);

/**
 * What the fake store's discovery document says, read here independently of the app, in either shape:
 * the map-of-arrays (services, capabilities and payment handlers keyed by name) or the older one.
 */
async function publishedProfile(url: string) {
  const document = (await (await fetch(url)).json()) as Json;
  const ucp = isJson(document.ucp) ? document.ucp : {};
  const services = isJson(ucp.services) ? ucp.services : {};
  const shopping = services['dev.ucp.shopping'];
  const mcp = Array.isArray(shopping)
    ? entriesOf(shopping).find((entry) => entry.transport === 'mcp')
    : isJson(shopping) && isJson(shopping.mcp)
      ? shopping.mcp
      : undefined;
  const capabilities: Json[] = Array.isArray(ucp.capabilities)
    ? entriesOf(ucp.capabilities)
    : Object.entries(isJson(ucp.capabilities) ? ucp.capabilities : {}).flatMap(([name, entries]) =>
        entriesOf(entries).map((entry) => ({ ...entry, name })),
      );
  const payment = isJson(document.payment) ? document.payment : {};
  const handlers = isJson(ucp.payment_handlers)
    ? Object.values(ucp.payment_handlers).flatMap(entriesOf)
    : entriesOf(payment.handlers);
  return {
    version: String(ucp.version),
    versions: [
      String(ucp.version),
      ...Object.keys(isJson(ucp.supported_versions) ? ucp.supported_versions : {}),
    ],
    endpoint: String(mcp?.endpoint),
    capabilities: capabilities.map((entry) => ({
      name: String(entry.name),
      version: String(entry.version),
      extends: typeof entry.extends === 'string' ? entry.extends : null,
    })),
    handlers: handlers.map((entry) => ({
      id: String(entry.id),
      version: String(entry.version),
      instruments: entriesOf(entry.available_instruments).map((instrument) => String(instrument.type)),
    })),
  };
}

const discoveryRequests = (): number =>
  store.control.calls().filter((call) => call.method.startsWith('GET /.well-known/ucp')).length;

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

  test('search, cart, checkout, address, confirmation: paid only after clicking "Pay" and typing the printed code', async ({
    page,
  }) => {
    const frames: string[] = [];
    recordHostFrames(page, frames);
    // A fresh data folder names Shopify's sample agent profile in every store call: no form asks for one.
    await page.goto(stack.app.pageUrl('/store/checkout'));
    await expect(page.getByTestId('cart-empty')).toBeVisible();
    await expect(page.getByTestId('merchant-profile')).toHaveAttribute('data-state', 'unknown');
    await expect(page.getByTestId('checkout-links').getByRole('link')).toHaveText([
      'Privacy policy',
      'Terms of service',
      'Refund policy',
      'Shipping policy',
    ]);
    await expect(page.getByTestId('agent-profile-form')).toHaveCount(0);
    const saved = await hostRequest(page, 'settings.get', {});
    expect(saved.ok && (saved.value as SettingsView).settings.store.agentProfile).toBe(
      DEFAULT_STORE_AGENT_PROFILE,
    );
    // The buyer's own profile replaces it (the simulator takes any).
    await must(page, 'settings.update', { store: { agentProfile: SIM_AGENT_PROFILE } });

    // Search through the store's search_catalog tool, and add a hit's variant straight to the cart.
    await openFromBar(page, 'Shop', 'Store');
    await searchStore(page, 'hoodie');
    await expect(page.getByTestId('store-search-results')).toHaveAttribute('data-source', 'search_catalog');
    const hit = page.getByTestId('store-search-hit');
    await expect(hit).toHaveCount(1);
    await expect(hit.getByRole('link')).toHaveText('Arena Champion Hoodie');
    await expect(hit.getByTestId('store-hit-variant').locator('option')).toHaveText([
      'S · $65.00',
      'M · $65.00',
      'L · $65.00 · sold out',
    ]);
    await expect(hit.getByTestId('store-hit-price')).toHaveText('$65.00');
    // Names and the product's picture (fetched by the core from the store's own listing), never an ID.
    await expect(hit.getByTestId('store-hit-choice')).toHaveText('Arena Champion Hoodie — S');
    await expectImagesLoaded(hit.locator('img.store-image'), 1);
    await expect(page.getByTestId('store-search-results')).not.toContainText('gid://');
    await shootPageWidths(page, 'store-search');
    await hit.getByTestId('store-hit-variant').selectOption(variantGid(4510000013));
    await expect(hit.getByTestId('store-hit-availability')).toHaveText('Sold out');
    await expect(hit.getByTestId('store-hit-add')).toBeDisabled();
    await hit.getByTestId('store-hit-variant').selectOption(HOODIE_S);
    await hit.getByTestId('store-hit-add').click();
    await expect(page.getByTestId('cart-summary-count')).toHaveText('1 item');
    await expect(page.getByTestId('cart-summary')).toContainText('Arena Champion Hoodie (S) × 1');
    expect(store.control.toolCalls('search_catalog')).toMatchObject([
      {
        status: 200,
        agentProfile: SIM_AGENT_PROFILE,
        arguments: { catalog: { query: 'hoodie', context: { address_country: 'US', currency: 'USD' } } },
      },
    ]);
    expect(catalog.control.requests().filter((request) => request.path === '/search')).toEqual([]);
    expect(store.control.toolCalls('create_cart')[0]?.arguments?.cart).toMatchObject({
      line_items: [{ item: { id: HOODIE_S }, quantity: 1 }],
      context: { address_country: 'US', currency: 'USD' },
    });

    // The cart: one more of the same line, then check out.
    await page.getByTestId('cart-summary-open').click();
    await expect(page).toHaveURL(/\/store\/checkout\?/);
    // The search negotiated with the store: its profile is on the cart page, in "Store details", closed.
    await expect(page.getByTestId('merchant-version')).toHaveText('2026-04-08');
    await expectStoreDetailsClosed(page);
    const line = page.getByTestId('cart-line');
    await expect(line).toHaveCount(1);
    await line.getByTestId('cart-line-increase').click();
    await expect(line.getByTestId('cart-line-quantity')).toHaveText('2');
    await expect(page.getByTestId('cart-totals')).toContainText('$130.00');
    await page.getByTestId('checkout-start').click();
    await expect(page.getByTestId('checkout-status')).toHaveText('Needs details');
    // Nothing is called missing before the buyer has typed anything.
    await expect(page.getByTestId('step-buyer')).toBeVisible();
    await expect(page.getByTestId('store-messages')).toHaveCount(0);
    await expect(page.locator('.checkout-field-error')).toHaveCount(0);

    // Steps: contact, address, then a shipping option from what the store offers for that address.
    await page.getByTestId('buyer-save').click();
    await expect(page.getByTestId('step-buyer')).toContainText('Fill in the email address.');
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
      /Total to pay\s*\$155\.40/,
    ]);
    // One figure on the pay screen: no cart panel beside the review with a total of its own.
    await expectOneTotalToPay(page, '$155.40');
    await expectStoreDetailsClosed(page);
    await shootPageWidths(page, 'checkout-review');
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

    // "Pay" makes `serve` print a one-time code in its terminal; the page asks for it and never shows it.
    const before = printedCodes().length;
    await page.getByTestId('pay-button').click();
    const codeForm = page.getByTestId('pay-code-form');
    await expect(codeForm).toContainText('Type the 8-character code Sightline printed in the terminal');
    const { code, total } = await printedCode(before);
    // The one-time code is for exactly the figure on the page, and the form says so.
    expect(total).toBe('$155.40');
    await expect(codeForm).toContainText('to pay $155.40');
    await expect(page.getByTestId('pay-code-submit')).toHaveText('Pay $155.40');
    expect(mentions(await page.content(), code)).toBe(false);
    // A mistyped code sends nothing and may be typed again.
    await page.getByTestId('pay-code-input').fill(otherCode(code));
    await page.getByTestId('pay-code-submit').click();
    await expect(page.getByTestId('pay-not-confirmed')).toContainText('2 tries left');
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
    // A wrong code makes the next one wait a second (the wait doubles with each wrong code).
    await page.waitForTimeout(1000);
    await page.getByTestId('pay-code-input').fill(code);
    await page.getByTestId('pay-code-submit').click();
    await expect(page.getByTestId('order-panel')).toBeVisible();
    await expect(page.getByTestId('order-label')).toHaveText('#1001');
    await expect(page.getByTestId('order-label')).toHaveAttribute(
      'title',
      'Order ID: gid://shopify/Order/1001',
    );
    await expect(page.getByTestId('checkout-page')).not.toContainText('gid://');
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
    // The code went to the terminal only: in no state pushed to pages (nor any other frame).
    expect(frames.filter((frame) => frame.includes('"type":"state"')).length).toBeGreaterThan(0);
    expect(frames.filter((frame) => mentions(frame, code))).toEqual([]);
  });

  test('when the store asks for escalation, the buyer is handed to its continue_url', async ({
    page,
    context,
  }) => {
    await prepare(page, 'escalate');
    const checkout = await readyCheckout(page);
    await page.goto(stack.app.pageUrl('/store/checkout'));
    await expect(page.getByTestId('confirmation')).toBeVisible();
    await payWithPrintedCode(page);

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

  test('a crypto-currency handler the store preselected is not used: Sightline pays with the wallet and says why', async ({
    page,
  }) => {
    store.control.setPaymentOffer('crypto-preselected');
    await prepare(page);
    await readyCheckout(page);
    await page.goto(stack.app.pageUrl('/store/checkout'));
    await expect(page.getByTestId('confirmation-payment')).toContainText('Sim Wallet · Visa •••• 4242');
    await expect(page.getByTestId('store-messages')).toContainText(
      'The store chose USDC on Base (CoinPay): Sightline does not pay with crypto-currency',
    );
    await payWithPrintedCode(page);
    await expect(page.getByTestId('order-panel')).toBeVisible();
    expect(store.control.toolCalls('complete_checkout')[0]?.arguments?.checkout).toMatchObject({
      payment: { instruments: [{ id: 'pi_sim_wallet_1', handler_id: 'sim.wallet' }] },
    });
  });

  test('a store that offers only a crypto-currency handler gets no "Pay" button, and the page says why', async ({
    page,
  }) => {
    store.control.setPaymentOffer('crypto-only');
    await prepare(page);
    const checkout = await readyCheckout(page);
    expect(checkout.agentCanComplete).toBe(false);
    await page.goto(stack.app.pageUrl('/store/checkout'));
    await expect(page.getByTestId('handoff-panel')).toBeVisible();
    await expect(page.getByTestId('handoff-reason')).toContainText(
      'The store offers only USDC on Base (CoinPay): Sightline does not pay with crypto-currency, which the publisher’s rules forbid Sightline to use',
    );
    await expect(page.getByTestId('pay-button')).toHaveCount(0);
    const approve = await hostRequest(page, 'store.checkout.approve', {
      checkoutId: checkout.id,
      totals: checkout.totals.map((total) => ({
        type: total.type,
        minor: total.amount.minor,
        currency: total.amount.currency,
      })),
    });
    expect(approve).toMatchObject({ ok: false, error: { message: /crypto-currency/ } });
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
  });

  test('the core refuses to complete without the buyer’s approval, with other totals, or without the printed code', async ({
    page,
  }) => {
    await prepare(page);
    const checkout = await readyCheckout(page);
    const totals = approvedTotals(checkout);

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

    // Holding the URL is enough to click "Pay" but not to pay: the code is printed in the terminal only.
    const before = printedCodes().length;
    const held = await must<StoreApproval>(page, 'store.checkout.approve', {
      checkoutId: checkout.id,
      totals,
    });
    expect(held.confirmation).toBe('terminal-code');
    const { code } = await printedCode(before);
    expect(mentions(JSON.stringify(held), code)).toBe(false);
    const completeWith = (confirmationCode?: string) =>
      hostRequest(page, 'store.checkout.complete', {
        checkoutId: checkout.id,
        approvalId: held.approvalId,
        totals,
        ...(confirmationCode === undefined ? {} : { confirmationCode }),
      });
    expect(await completeWith()).toMatchObject({ ok: true, value: { kind: 'not-confirmed', retry: true } });
    expect(await completeWith(otherCode(code))).toMatchObject({ ok: true, value: { retry: true } });
    // Right after a wrong code, no code is compared, not even the right one.
    expect(await completeWith(code)).toMatchObject({
      ok: true,
      value: { kind: 'not-confirmed', retry: true, message: /^Wait 1 second/ },
    });
    await page.waitForTimeout(1000);
    expect(await completeWith(otherCode(code))).toMatchObject({ ok: true, value: { retry: true } });
    await page.waitForTimeout(2000);
    expect(await completeWith(otherCode(code))).toMatchObject({
      ok: true,
      value: { kind: 'not-confirmed', retry: false, message: /spent/ },
    });
    // Three wrong codes spent the approval: even the right one is too late now.
    expect(await completeWith(code)).toMatchObject({ ok: false, error: { message: /already used/ } });
    // The person at the terminal clears the wrong codes' count, so the next tests start afresh.
    stack.app.type('unlock');
    await expect.poll(() => stack.app.output.at(-1)).toBe('payment codes: not locked');

    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
    expect(store.control.orders()).toHaveLength(0);
    await page.goto(stack.app.pageUrl('/store/checkout'));
    await expect(page.getByTestId('confirmation')).toBeVisible();
    await expect(page.getByTestId('checkout-status')).toHaveText('Ready to pay');
  });

  test('a store’s tool schema whose pattern backtracks cannot freeze the host: a 201-character value is checked at once', async ({
    page,
  }) => {
    // Patterns that take JavaScript's engine exponential (or n^6) time; the store controls its tool schemas.
    const hostile: Array<[string, string]> = [
      ['^(a|a)*$', `${'a'.repeat(200)}!`],
      ['^\\d*\\d*\\d*\\d*\\d*\\d*$', `${'1'.repeat(200)}x`],
    ];
    for (const [pattern, variantId] of hostile) {
      store.control.setToolInputSchema('create_cart', {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: {
          cart: {
            type: 'object',
            properties: {
              line_items: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { item: { type: 'object', properties: { id: { type: 'string', pattern } } } },
                },
              },
            },
          },
        },
      });
      await prepare(page);
      const started = Date.now();
      const [cart, info] = await Promise.all([
        hostRequest(page, 'store.checkout.createCart', { lines: [{ variantId, quantity: 1 }] }),
        hostRequest(page, 'app.info', {}),
      ]);
      // Backtracking took 631 ms at 25 characters and doubled with each one; RE2 reads the value once.
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(info.ok).toBe(true);
      expect(cart).toMatchObject({
        ok: false,
        error: { message: expect.stringContaining(`must match pattern "${pattern}"`) },
      });
      expect(store.control.toolCalls('create_cart')).toHaveLength(0);
    }
  });

  test('when the store’s totals change after the confirmation was shown, "Pay" is refused and the new totals shown', async ({
    page,
  }) => {
    await prepare(page);
    const checkout = await readyCheckout(page);
    await page.goto(stack.app.pageUrl('/store/checkout'));
    await expect(page.getByTestId('confirmation-totals')).toContainText('$37.39');

    // The store changes the order behind Sightline's back (here: express shipping), as a price change would.
    const changed = await changeShippingAtStore(store, checkout, 'ship_express');
    expect(changed.status).toBe(200);

    await payWithPrintedCode(page);
    const notice = page.getByTestId('totals-changed');
    await expect(notice).toContainText('The store’s totals changed since you saw them');
    await expect(notice).toContainText('Total: $37.39 → $47.39');
    await expect(page.getByTestId('confirmation-totals')).toContainText('$47.39');
    await expect(page.getByTestId('pay-button')).toHaveText('Pay $47.39');
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);

    await payWithPrintedCode(page);
    await expect(page.getByTestId('order-panel')).toBeVisible();
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(1);
  });

  test('the cart page shows the store’s merchant profile as published, in both document shapes', async ({
    page,
  }) => {
    await prepare(page);
    await page.goto(stack.app.pageUrl('/store/checkout'));
    const panel = page.getByTestId('merchant-profile');
    await expect(panel).toHaveAttribute('data-state', 'discovered');
    await expectStoreDetailsClosed(page);
    await page.getByTestId('merchant-profile-summary').click();
    await expect(panel.getByTestId('merchant-endpoint')).toBeVisible();

    for (const shape of ['capability-array', 'map-of-arrays'] as const) {
      store.control.setDiscovery({ shape });
      const published = await publishedProfile(`${store.url}/.well-known/ucp`);
      const before = discoveryRequests();
      // The buyer runs discovery again; the panel follows the store's changed document.
      await panel.getByTestId('merchant-profile-discover').click();
      await expect(panel.getByTestId('merchant-shape')).toHaveAttribute('data-shape', shape);
      expect(discoveryRequests()).toBeGreaterThan(before);

      expect(published.endpoint).toBe(store.mcpEndpoint);
      await expect(panel.getByTestId('merchant-version')).toHaveText(published.version);
      await expect(panel.getByTestId('merchant-published-note')).toHaveCount(0);
      await expect(panel.getByTestId('merchant-store-versions').locator('li')).toHaveText(published.versions);
      await expect(panel.getByTestId('merchant-transport')).toHaveText('MCP');
      await expect(panel.getByTestId('merchant-endpoint')).toHaveText(published.endpoint);
      const capabilities = panel.getByTestId('merchant-capability');
      expect(published.capabilities.length).toBeGreaterThan(0);
      await expect(capabilities).toHaveCount(published.capabilities.length);
      for (const [index, capability] of published.capabilities.entries()) {
        const row = capabilities.nth(index);
        await expect(row).toHaveAttribute('data-name', capability.name);
        await expect(row).toContainText(capability.name.replace('dev.ucp.shopping.', ''));
        await expect(row).toContainText(capability.version);
        if (capability.extends) {
          await expect(row).toContainText(`extends ${capability.extends.replace('dev.ucp.shopping.', '')}`);
        }
      }
      const handlers = panel.getByTestId('merchant-payment-handler');
      expect(published.handlers.length).toBeGreaterThan(0);
      await expect(handlers).toHaveCount(published.handlers.length);
      for (const [index, handler] of published.handlers.entries()) {
        const row = handlers.nth(index);
        await expect(row).toHaveAttribute('data-id', handler.id);
        await expect(row).toContainText(handler.version);
        await expect(row).toContainText(handler.instruments.join(', '));
      }
    }

    // A store publishing a newer version: the panel says so and shows the one both sides speak.
    store.control.setDiscovery({ publishedVersion: '2026-08-25', supportedVersions: ['2026-04-08'] });
    await panel.getByTestId('merchant-profile-discover').click();
    await expect(panel.getByTestId('merchant-published-note')).toHaveText(
      'The store publishes 2026-08-25; Sightline follows its 2026-04-08 document.',
    );
    await expect(panel.getByTestId('merchant-version')).toHaveText('2026-04-08');
    await expect(panel.getByTestId('merchant-store-versions').locator('li')).toHaveText([
      '2026-08-25',
      '2026-04-08',
    ]);
    expect(store.control.calls().map((call) => call.method)).toContain('GET /.well-known/ucp/2026-04-08');

    // A store with no tool endpoint: no profile in use, and the reason on screen.
    store.control.setDiscovery({ publishedVersion: '2026-04-08', supportedVersions: [], mcp: false });
    await panel.getByTestId('merchant-profile-discover').click();
    await expect(panel).toHaveAttribute('data-state', 'unknown');
    await expect(page.getByTestId('checkout-error')).toContainText('no MCP endpoint');
  });

  test('the store page searches with search_catalog in the buyer’s currency, and a hit goes to the cart', async ({
    page,
  }) => {
    await prepare(page);
    await page.goto(stack.app.pageUrl('/store'));
    await saveBuyerContext(page, 'DE', 'EUR');

    await searchStore(page, 'sleeves');
    await expect(page.getByTestId('store-search-results')).toHaveAttribute('data-source', 'search_catalog');
    const hit = page.getByTestId('store-search-hit');
    await expect(hit).toHaveCount(1);
    await expect(hit.getByTestId('store-hit-price')).toHaveText('€11.50');
    await hit.getByTestId('store-hit-variant').selectOption(SLEEVES_GOLD);
    await expect(hit.getByTestId('store-hit-choice')).toHaveText('Runeterra Card Sleeves (60) — Gold');
    await hit.getByTestId('store-hit-add').click();
    await expect(page.getByTestId('cart-summary')).toContainText('Runeterra Card Sleeves (60) (Gold) × 1');

    expect(store.control.toolCalls('search_catalog')[0]?.arguments?.catalog).toMatchObject({
      query: 'sleeves',
      context: { address_country: 'DE', currency: 'EUR' },
    });
    expect(store.control.toolCalls('create_cart')[0]?.arguments?.cart).toMatchObject({
      line_items: [{ item: { id: SLEEVES_GOLD }, quantity: 1 }],
    });
    expect(catalog.control.requests().filter((request) => request.path === '/search')).toEqual([]);
  });

  test('a store that lists no tool endpoint is searched on its storefront search page instead', async ({
    page,
  }) => {
    await prepare(page);
    store.control.setDiscovery({ mcp: false });
    expect((await hostRequest(page, 'store.checkout.discover', { refresh: true })).ok).toBe(false);
    await page.goto(stack.app.pageUrl('/store'));
    await searchStore(page, 'poro');
    await expect(page.getByTestId('store-search-results')).toHaveAttribute('data-source', 'storefront');
    await expect(page.getByTestId('store-search-source')).toContainText('no MCP endpoint');
    await expect(page.getByTestId('store-product-card')).toHaveText([/Poro Plush/]);
    expect(store.control.toolCalls('search_catalog')).toEqual([]);
    expect(catalog.control.requests().find((request) => request.path === '/search')?.query).toMatchObject({
      q: 'poro',
      type: 'product',
    });
  });

  test('an overlay link is pushed nothing of the checkout, the order or the data folder: not in its snapshot, not in any patch', async ({
    page,
  }) => {
    const companionFrames: string[] = [];
    recordHostFrames(page, companionFrames);
    await prepare(page);
    const overlayToken = new URL(stack.app.overlayUrls.status ?? '').searchParams.get('token') ?? '';
    // Real WebSocket clients holding the overlay token, as an OBS browser source: one there all along, one
    // joining while a checkout with the buyer's details is open.
    const watching = await overlaySocket(overlayToken);
    const checkout = await readyCheckout(page);
    const joining = await overlaySocket(overlayToken);
    const totals = approvedTotals(checkout);
    const before = printedCodes().length;
    const approval = await must<StoreApproval>(page, 'store.checkout.approve', {
      checkoutId: checkout.id,
      totals,
    });
    const { code } = await printedCode(before);
    await must(page, 'store.checkout.complete', {
      checkoutId: checkout.id,
      approvalId: approval.approvalId,
      totals,
      confirmationCode: code,
    });
    await expect.poll(() => store.control.orders().length).toBe(1);

    // The companion was pushed all of it; the overlays none of it.
    const privateTexts = [
      BUYER.email,
      ADDRESS.streetAddress,
      ADDRESS.lastName,
      '4242',
      checkout.id,
      SIM_AGENT_PROFILE,
      stack.app.dataDir,
    ];
    await expect.poll(() => companionFrames.join('\n')).toContain(BUYER.email);
    expect(companionFrames.join('\n')).toContain('4242');
    for (const socket of [watching, joining]) {
      socket.ws.close();
      const text = socket.frames.join('\n');
      for (const secret of privateTexts) expect(text, secret).not.toContain(secret);
      const messages = socket.frames.flatMap((frame) => {
        const parsed = JSON.parse(frame) as ServerFrame<unknown>;
        return parsed.type === 'state' ? [parsed.message] : [];
      });
      const [snapshot, ...patches] = messages;
      expect(snapshot?.kind).toBe('snapshot');
      expect(Object.keys(snapshot?.kind === 'snapshot' ? (snapshot.state as object) : {}).sort()).toEqual(
        Object.keys(OVERLAY_STATE_SHARE).sort(),
      );
      // Each patch touches only the overlay's slices, and the numbers run on: a withheld change is no gap.
      for (const [index, patch] of patches.entries()) {
        expect(patch.seq).toBe((snapshot?.seq ?? 0) + index + 1);
        if (patch.kind !== 'patch') continue;
        for (const op of patch.ops) expect(Object.keys(OVERLAY_STATE_SHARE)).toContain(op.path[0]);
      }
    }
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

test.describe('store checkout: a page guessing the payment code', () => {
  // Shorter waits after wrong codes (20 ms, doubling), so the lock is reached in seconds, not four minutes.
  test.beforeAll(async () => {
    ({ store, catalog, stack } = await startStoreStack({ SIGHTLINE_PAYMENT_CODE_WAIT_MS: '20' }));
  });
  test.afterAll(() => stopStoreStack({ store, stack }));

  test('with only the companion token, "Pay" and guesses in a loop lock payment codes before anything is paid, until "unlock" is typed in the terminal', async ({
    page,
  }) => {
    await prepare(page);
    const checkout = await readyCheckout(page);
    const totals = approvedTotals(checkout);
    const printedBefore = printedCodes().length;
    // The attack of issue 24: approve, then random codes, again and again, as fast as the host answers.
    const guess = () =>
      Array.from({ length: 8 }, () => '23456789ABCDEFGHJKMNPQRSTVWXYZ'[Math.floor(Math.random() * 30)]).join(
        '',
      );
    let compared = 0;
    let locked = false;
    for (let click = 0; click < 10 && !locked; click++) {
      const approved = await hostRequest(page, 'store.checkout.approve', { checkoutId: checkout.id, totals });
      if (!approved.ok) {
        expect(approved.error.message).toContain('type "unlock" in the terminal');
        locked = true;
        break;
      }
      const { approvalId } = approved.value as StoreApproval;
      // Guess until the approval is spent; a "Wait" answer compared nothing, so try again at once.
      for (;;) {
        const answer = await hostRequest(page, 'store.checkout.complete', {
          checkoutId: checkout.id,
          approvalId,
          totals,
          confirmationCode: guess(),
        });
        if (!answer.ok) break;
        const { message, retry } = answer.value as { message: string; retry: boolean };
        if (!message.startsWith('Wait')) compared += 1;
        if (!retry) break;
      }
    }
    expect(locked).toBe(true);
    // Nine codes compared in all, each with a one in 30^8 chance: the lock, not time, bounds the guessing.
    expect(compared).toBe(9);
    expect(stack.app.output).toContain(
      'payment codes: locked after 9 wrong codes, nothing was paid; type "unlock" and press Enter here to take codes again',
    );
    // Three "Pay" clicks printed codes; once locked, a click prints none and no code is compared.
    expect(printedCodes().length - printedBefore).toBe(3);
    for (let more = 0; more < 5; more++) {
      const approved = await hostRequest(page, 'store.checkout.approve', { checkoutId: checkout.id, totals });
      expect(approved).toMatchObject({ ok: false, error: { message: /Too many wrong codes/ } });
    }
    // A new checkout does not start the count afresh.
    const another = await readyCheckout(page);
    const refused = await hostRequest(page, 'store.checkout.approve', {
      checkoutId: another.id,
      totals: another.totals.map((total) => ({
        type: total.type,
        minor: total.amount.minor,
        currency: total.amount.currency,
      })),
    });
    expect(refused).toMatchObject({ ok: false, error: { message: /Too many wrong codes/ } });
    expect(printedCodes().length - printedBefore).toBe(3);
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
    expect(store.control.orders()).toHaveLength(0);

    // The person at the terminal types "unlock": the next "Pay" gets a code, and the buyer pays with it.
    stack.app.type('unlock');
    await expect.poll(() => stack.app.output.at(-1)).toBe('payment codes: unlocked');
    await page.goto(stack.app.pageUrl('/store/checkout'));
    await payWithPrintedCode(page);
    await expect(page.getByTestId('order-panel')).toBeVisible();
    expect(store.control.orders()).toHaveLength(1);
  });
});

test.describe('store checkout against a Shopify-shaped store', () => {
  let shopify: RunningShopifyMock;
  let shopifyStack: Stack;
  test.beforeAll(async () => {
    shopify = await startShopifyMock();
    shopifyStack = await startStack('idle', {
      SIGHTLINE_STORE_URL: shopify.url,
      SIGHTLINE_ALLOW_INSECURE_LOOPBACK: '1',
    });
  });
  test.afterAll(async () => {
    await stopStack(shopifyStack);
    await shopify.close();
  });

  test('a checkout with no order total ends at the store’s page, said in words, with no complete_checkout sent', async ({
    page,
    context,
  }) => {
    // A fresh data folder: the default agent profile is enough to search with the store's tools.
    await page.goto(shopifyStack.app.pageUrl('/store'));
    await searchStore(page, 'trail map');
    await expect(page.getByTestId('store-search-results')).toHaveAttribute('data-source', 'search_catalog');
    const hit = page.getByTestId('store-search-hit');
    await expect(hit).toHaveCount(1);
    // The store's plain-string description and boolean availability come through.
    await expect(hit).toContainText('Waterproof topo map of Forest Park trails.');
    await expect(hit.getByTestId('store-hit-price')).toHaveText('$24.95');
    await expect(hit.getByTestId('store-hit-availability')).toHaveText('In stock');
    await hit.getByTestId('store-hit-add').click();
    await expect(page.getByTestId('cart-summary-count')).toHaveText('1 item');

    await must(page, 'store.checkout.createCheckout', {});
    await must(page, 'store.checkout.updateCheckout', { buyer: BUYER });
    await must(page, 'store.checkout.updateCheckout', { shippingAddress: ADDRESS });
    await must(page, 'store.checkout.updateCheckout', {
      fulfillment: { groupId: 'gid://mock/FulfillmentGroup/fg_1', optionId: 'standard-free' },
    });
    await page.goto(shopifyStack.app.pageUrl('/store/checkout'));
    await expect(page.getByTestId('handoff-panel')).toBeVisible();
    await expect(page.getByTestId('handoff-reason')).toContainText('no order total');
    await expect(page.getByTestId('pay-button')).toHaveCount(0);
    const tab = await continueInStore(page, context);
    expect(tab.url()).toBe(`${shopify.url}/`);
    await expect(page.getByTestId('handoff-reason')).toContainText('the store’s own site opens');
    await expect(page.getByTestId('handoff-link')).toHaveAttribute('href', `${shopify.url}/`);
    expect(shopify.toolCalls()).not.toContain('complete_checkout');
  });
});
