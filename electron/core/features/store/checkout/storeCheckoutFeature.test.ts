import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AppRequestError,
  seenTotalsOf,
  type StoreCheckoutView,
  type StoreSearchResult,
} from '@shared/contract';
import { changeCheckoutAtStore, changeShippingAtStore } from '../../../../simulator/store/storeRpc';
import {
  SIM_AGENT_PROFILE,
  startStoreSimulator,
  type RunningStoreSimulator,
} from '../../../../simulator/store/storeSimulator';
import { createHttpClient } from '../../../platform/net/httpClient';
import type { Scheduler } from '../../../platform/polling/poller';
import { openTestFeatureContext } from '../../../tools/testkit/testFeatureContext';
import type { PaymentSummary } from './paymentSummary';
import { createStoreImageAllowlist, type StoreImageAllowlist } from '../storeImageAllowlist';
import { createStoreFeature } from '../storeFeature';
import { createPaymentLock, type PaymentLock } from './paymentLock';

let store: RunningStoreSimulator;
let dataDir: string;
const http = createHttpClient();

beforeAll(async () => {
  store = await startStoreSimulator();
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-store-checkout-'));
});
afterEach(() => store.control.reset());
afterAll(async () => {
  http.close();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A clock that only moves when something waits: waits are recorded and pass at once. */
function fakeScheduler() {
  let now = 1_000_000;
  const waits: number[] = [];
  const scheduler: Scheduler = {
    now: () => now,
    setTimeout: (callback, ms) => {
      waits.push(ms);
      now += ms;
      queueMicrotask(callback);
      return null;
    },
    clearTimeout: () => undefined,
  };
  return { scheduler, waits, advance: (ms: number) => void (now += ms) };
}

/**
 * How the person at this machine confirms a payment: desktop's dialog (answering `dialog.answer`), browser
 * mode's code printed in the terminal (recorded in `codes`), or nothing at all.
 */
type Confirmation = 'dialog' | 'terminal-code' | 'none';

async function setup(
  options: {
    agentProfile?: string;
    openExternal?: boolean;
    confirmation?: Confirmation;
    images?: StoreImageAllowlist;
    paymentLock?: PaymentLock;
  } = {},
) {
  const clock = fakeScheduler();
  const context = await openTestFeatureContext({
    dataDir: await mkdtemp(join(dataDir, 'run-')),
    http,
    scheduler: clock.scheduler,
  });
  const { hub } = context;
  await context.settings.update({
    store: { url: store.url, agentProfile: options.agentProfile ?? SIM_AGENT_PROFILE },
  });
  const opened: string[] = [];
  const summaries: PaymentSummary[] = [];
  const codes: string[] = [];
  const dialog = { answer: true };
  /** The desktop's "allow payments again?" dialog: its answer, and how often it was asked. */
  const unlockDialog = { answer: false, asked: 0 };
  const confirmation = options.confirmation ?? 'dialog';
  let ids = 0;
  const feature = createStoreFeature(context, {
    policy: { allowInsecureLoopback: true },
    newId: () => `id-${String(++ids).padStart(8, '0')}`,
    ...(options.images ? { images: options.images } : {}),
    ...(options.openExternal === false ? {} : { openExternal: async (url: string) => void opened.push(url) }),
    ...(options.paymentLock ? { paymentLock: options.paymentLock } : {}),
    ...(confirmation === 'dialog'
      ? {
          confirmPayment: async (summary: PaymentSummary) => (summaries.push(summary), dialog.answer),
          confirmUnlock: async () => ((unlockDialog.asked += 1), unlockDialog.answer),
        }
      : {}),
    ...(confirmation === 'terminal-code'
      ? {
          showPaymentCode: (code: string, summary: PaymentSummary) => {
            codes.push(code);
            summaries.push(summary);
          },
        }
      : {}),
  });
  return {
    handlers: feature.handlers,
    hub,
    settings: context.settings,
    clock,
    opened,
    summaries,
    codes,
    dialog,
    unlockDialog,
    state: () => hub.state.store,
  };
}

/** Another code of the same form: its last character changed. */
function otherCode(code: string): string {
  const last = code.at(-1) === 'X' ? 'Y' : 'X';
  return `${code.slice(0, -1)}${last}`;
}

type Handlers = Awaited<ReturnType<typeof setup>>['handlers'];

const BUYER = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phoneNumber: '+15551234567',
};
const ADDRESS = {
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

/** search_catalog's results (the store's agent interface was used). */
async function search(handlers: Handlers, query: string): Promise<StoreSearchResult> {
  const outcome = await handlers['store.checkout.searchCatalog']({ query, limit: 10 });
  if (outcome.kind !== 'results') throw new Error(`no search_catalog results: ${outcome.reason}`);
  return outcome;
}

/** search → cart → checkout → buyer → address → shipping option: a checkout ready to pay. */
async function readyCheckout(handlers: Handlers): Promise<StoreCheckoutView> {
  const found = await search(handlers, 'hoodie');
  const variant = found.products[0]?.variants[0];
  if (!variant) throw new Error('no hoodie');
  await handlers['store.checkout.createCart']({ lines: [{ variantId: variant.id, quantity: 2 }] });
  const created = await handlers['store.checkout.createCheckout']({});
  expect(created.status).toBe('incomplete');
  await handlers['store.checkout.updateCheckout']({ buyer: BUYER });
  const addressed = await handlers['store.checkout.updateCheckout']({ shippingAddress: ADDRESS });
  expect(addressed.status).toBe('incomplete');
  const group = addressed.fulfillment?.groups[0];
  const option = group?.options.find((candidate) => candidate.id === 'ship_standard');
  if (!group || !option) throw new Error('no shipping options');
  return handlers['store.checkout.updateCheckout']({
    fulfillment: { groupId: group.id, optionId: option.id },
  });
}

/** The buyer's "Pay": an approval for the totals on screen, then complete with it. */
async function approveAndComplete(handlers: Handlers, checkout: StoreCheckoutView) {
  const totals = seenTotalsOf(checkout);
  const approval = await handlers['store.checkout.approve']({ checkoutId: checkout.id, totals });
  return handlers['store.checkout.complete']({
    checkoutId: checkout.id,
    approvalId: approval.approvalId,
    totals,
  });
}

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppRequestError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.error;
}

describe('store checkout feature', () => {
  it('shops and pays only after approval: search → cart → checkout → address → approve → paid', async () => {
    const { handlers, state } = await setup();
    const ready = await readyCheckout(handlers);
    expect(ready).toMatchObject({ status: 'ready_for_complete', agentCanComplete: true, currency: 'USD' });
    expect(ready.lineItems).toMatchObject([
      {
        title: 'Arena Champion Hoodie (S)',
        quantity: 2,
        unitPrice: { minor: 6500, currency: 'USD' },
        total: { minor: 13000, currency: 'USD' },
      },
    ]);
    expect(ready.totals.map((total) => [total.type, total.amount.minor])).toEqual([
      ['subtotal', 13000],
      ['fulfillment', 500],
      ['tax', 1040],
      ['total', 14540],
    ]);
    expect(ready.payment?.description).toContain('4242');
    expect(ready.links.map((link) => link.type)).toEqual([
      'privacy_policy',
      'terms_of_service',
      'refund_policy',
    ]);
    expect(state().checkout?.id).toBe(ready.id);
    expect(state().profile?.version).toBe('2026-04-08');

    const outcome = await approveAndComplete(handlers, ready);
    expect(outcome).toMatchObject({
      kind: 'completed',
      order: { label: '#1001' },
      checkout: { status: 'completed' },
    });
    expect(state().order?.label).toBe('#1001');
    expect(store.control.orders()).toHaveLength(1);

    // Buyer context went with every call that takes it; the agent profile and a key with every call.
    for (const tool of ['search_catalog', 'create_cart', 'create_checkout', 'update_checkout']) {
      const [call] = store.control.toolCalls(tool);
      const body =
        call?.arguments?.[
          tool === 'search_catalog' ? 'catalog' : tool.includes('cart') ? 'cart' : 'checkout'
        ];
      expect(body, tool).toMatchObject({ context: { address_country: 'US', currency: 'USD' } });
    }
    for (const call of store.control.calls().filter((entry) => entry.tool)) {
      expect(call.agentProfile).toBe(SIM_AGENT_PROFILE);
      expect(call.idempotencyKey).toMatch(/^id-\d+$/);
    }
    // Never any card data in what was sent (the arguments only: a timestamp may hold the digits 4242).
    const sent = store.control.toolCalls('complete_checkout').map((call) => call.arguments);
    expect(JSON.stringify(sent)).not.toMatch(/number|cvc|4242/);
  });

  it('refuses complete without an approval, with a reused one, with stale totals or for another checkout, and sends nothing', async () => {
    const { handlers, state } = await setup();
    const ready = await readyCheckout(handlers);
    const totals = seenTotalsOf(ready);

    const none = await rejection(
      handlers['store.checkout.complete']({ checkoutId: ready.id, approvalId: 'made-up', totals }),
    );
    expect(none).toMatchObject({ code: 'bad-input', message: expect.stringContaining('no such approval') });
    expect(state().lastError).toMatchObject({ code: 'approval-refused' });

    const stale = totals.map((total) =>
      total.type === 'total' ? { ...total, minor: total.minor - 100 } : total,
    );
    const staleApproval = await rejection(
      handlers['store.checkout.approve']({ checkoutId: ready.id, totals: stale }),
    );
    expect(staleApproval.message).toContain('out of date');

    const approval = await handlers['store.checkout.approve']({ checkoutId: ready.id, totals });
    const staleComplete = await rejection(
      handlers['store.checkout.complete']({
        checkoutId: ready.id,
        approvalId: approval.approvalId,
        totals: stale,
      }),
    );
    expect(staleComplete.message).toContain('totals differ');
    // The refused attempt used the approval up.
    const reused = await rejection(
      handlers['store.checkout.complete']({ checkoutId: ready.id, approvalId: approval.approvalId, totals }),
    );
    expect(reused.message).toContain('already used');

    const other = await handlers['store.checkout.approve']({ checkoutId: ready.id, totals });
    const wrong = await rejection(
      handlers['store.checkout.complete']({ checkoutId: 'chk_other', approvalId: other.approvalId, totals }),
    );
    expect(wrong.message).toContain('another checkout');

    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
    expect(store.control.orders()).toHaveLength(0);
  });

  it('refuses an approval that expired, and one given before the store changed its totals', async () => {
    const { handlers, clock } = await setup();
    const ready = await readyCheckout(handlers);
    const totals = seenTotalsOf(ready);
    const approval = await handlers['store.checkout.approve']({ checkoutId: ready.id, totals });
    clock.advance(10 * 60_000);
    const expired = await rejection(
      handlers['store.checkout.complete']({ checkoutId: ready.id, approvalId: approval.approvalId, totals }),
    );
    expect(expired.message).toContain('expired');

    // The shipping choice changes behind the screen's back: the store's fresh totals differ.
    const fresh = await handlers['store.checkout.approve']({ checkoutId: ready.id, totals });
    const group = ready.fulfillment?.groups[0];
    await handlers['store.checkout.updateCheckout']({
      fulfillment: { groupId: group?.id ?? '', optionId: 'ship_express' },
    });
    const changed = await rejection(
      handlers['store.checkout.complete']({ checkoutId: ready.id, approvalId: fresh.approvalId, totals }),
    );
    expect(changed.message).toMatch(/totals/);
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
  });

  it('a refused "Pay" leaves the store’s checkout as it is now in the state, without the page asking for it', async () => {
    const { handlers, state, clock } = await setup();
    const ready = await readyCheckout(handlers);
    const totals = seenTotalsOf(ready);
    const approval = await handlers['store.checkout.approve']({ checkoutId: ready.id, totals });
    // The store changes the shipping option on its side, and the approval expires before "Pay" completes.
    expect((await changeShippingAtStore(store, ready, 'ship_express')).status).toBe(200);
    clock.advance(10 * 60_000);
    const expired = await rejection(
      handlers['store.checkout.complete']({ checkoutId: ready.id, approvalId: approval.approvalId, totals }),
    );
    expect(expired.message).toContain('expired');
    const total = (view: StoreCheckoutView | null | undefined) =>
      (view ? seenTotalsOf(view) : []).find((line) => line.type === 'total')?.minor ?? 0;
    expect(total(state().checkout)).toBe(total(ready) + 1000);
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
  });

  it('refuses complete when the store changed the totals after "Pay" was approved, and needs a fresh approval', async () => {
    const { handlers, state } = await setup();
    const ready = await readyCheckout(handlers);
    const totals = seenTotalsOf(ready);
    const approval = await handlers['store.checkout.approve']({ checkoutId: ready.id, totals });

    // The store changes the shipping option on its side after the approval (Sightline's copy is stale).
    const changed = await changeShippingAtStore(store, ready, 'ship_express');
    expect(changed.status).toBe(200);
    expect(state().checkout?.totals).toEqual(ready.totals);

    const refused = await rejection(
      handlers['store.checkout.complete']({ checkoutId: ready.id, approvalId: approval.approvalId, totals }),
    );
    expect(refused).toMatchObject({ code: 'bad-input', message: expect.stringContaining('totals changed') });
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
    // The screen now has the store's totals; the old approval is gone, even with the new totals.
    const fresh = state().checkout;
    if (!fresh) throw new Error('no checkout');
    const freshTotals = seenTotalsOf(fresh);
    expect(freshTotals.find((total) => total.type === 'total')?.minor).toBe(
      (totals.find((total) => total.type === 'total')?.minor ?? 0) + 1000,
    );
    const reused = await rejection(
      handlers['store.checkout.complete']({
        checkoutId: ready.id,
        approvalId: approval.approvalId,
        totals: freshTotals,
      }),
    );
    expect(reused.message).toContain('already used');
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);

    // A new "Pay" for the totals now on screen goes through.
    expect(await approveAndComplete(handlers, fresh)).toMatchObject({ kind: 'completed' });
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(1);
  });

  it('refuses complete when the store changed the order behind the approval even at equal totals', async () => {
    const { handlers } = await setup();
    const ready = await readyCheckout(handlers);
    const totals = seenTotalsOf(ready);
    const approval = await handlers['store.checkout.approve']({ checkoutId: ready.id, totals });

    // The buyer on the store's side changes; the totals do not.
    const changed = await changeCheckoutAtStore(store, ready, {
      buyer: { first_name: 'Eve', last_name: 'Else', email: 'eve@example.com' },
    });
    expect(JSON.stringify(await changed.json())).not.toContain('"status":"error"');

    const refused = await rejection(
      handlers['store.checkout.complete']({ checkoutId: ready.id, approvalId: approval.approvalId, totals }),
    );
    expect(refused.message).toContain('order changed at the store');
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
    expect(store.control.orders()).toHaveLength(0);
  });

  it('desktop: asks in Sightline’s dialog with the totals right before paying; Cancel sends nothing and spends the approval', async () => {
    const { handlers, summaries, dialog, codes, state } = await setup({ confirmation: 'dialog' });
    const ready = await readyCheckout(handlers);
    const totals = seenTotalsOf(ready);
    const approval = await handlers['store.checkout.approve']({ checkoutId: ready.id, totals });
    expect(approval.confirmation).toBe('dialog');
    expect(summaries).toEqual([]);

    dialog.answer = false;
    const cancelled = await handlers['store.checkout.complete']({
      checkoutId: ready.id,
      approvalId: approval.approvalId,
      totals,
    });
    expect(cancelled).toEqual({
      kind: 'not-confirmed',
      message: 'Payment cancelled in the confirmation dialog.',
      retry: false,
    });
    expect(summaries).toEqual([
      {
        merchant: new URL(store.url).host,
        lines: [{ title: 'Arena Champion Hoodie (S)', quantity: 2, amount: '$130.00' }],
        totals: [
          { label: 'Subtotal', amount: '$130.00' },
          { label: expect.stringContaining('Shipping'), amount: '$5.00' },
          { label: 'Tax', amount: '$10.40' },
          { label: 'Total to pay', amount: '$145.40' },
        ],
        total: '$145.40',
        paymentMethod: expect.stringContaining('4242'),
      },
    ]);
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
    expect(state().checkout?.status).toBe('ready_for_complete');
    const reused = await rejection(
      handlers['store.checkout.complete']({ checkoutId: ready.id, approvalId: approval.approvalId, totals }),
    );
    expect(reused.message).toContain('already used');

    dialog.answer = true;
    expect(await approveAndComplete(handlers, ready)).toMatchObject({ kind: 'completed' });
    expect(summaries).toHaveLength(2);
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(1);
    expect(codes).toEqual([]);
  });

  it('the dialog and the printed code write the total to pay in the page’s language', async () => {
    const desktop = await setup({ confirmation: 'dialog' });
    const ready = await readyCheckout(desktop.handlers);
    const totals = seenTotalsOf(ready);
    const approval = await desktop.handlers['store.checkout.approve']({ checkoutId: ready.id, totals });
    desktop.dialog.answer = false;
    await desktop.handlers['store.checkout.complete']({
      checkoutId: ready.id,
      approvalId: approval.approvalId,
      totals,
      locale: 'de-DE',
    });
    expect(desktop.summaries[0]?.total).toBe('145,40\u00a0$');
    expect(desktop.summaries[0]?.totals.at(-1)).toEqual({ label: 'Total to pay', amount: '145,40\u00a0$' });

    const browser = await setup({ confirmation: 'terminal-code' });
    const again = await readyCheckout(browser.handlers);
    await browser.handlers['store.checkout.approve']({
      checkoutId: again.id,
      totals: seenTotalsOf(again),
      locale: 'de-DE',
    });
    expect(browser.summaries[0]?.total).toBe('145,40\u00a0$');
  });

  it('browser mode: complete needs the code printed in the terminal; a missing or wrong one sends nothing', async () => {
    const { handlers, codes, summaries, hub, state, clock } = await setup({ confirmation: 'terminal-code' });
    const pushed: string[] = [];
    hub.subscribe(() => pushed.push(JSON.stringify(hub.state)));
    const ready = await readyCheckout(handlers);
    const totals = seenTotalsOf(ready);
    const approval = await handlers['store.checkout.approve']({ checkoutId: ready.id, totals });
    expect(approval.confirmation).toBe('terminal-code');
    expect(codes).toHaveLength(1);
    const [code = ''] = codes;
    expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(summaries[0]).toMatchObject({ merchant: new URL(store.url).host, total: '$145.40' });
    // The code is only in the terminal: not in the answer, and never in state a page or overlay can read.
    expect(JSON.stringify(approval)).not.toContain(code);

    const complete = (confirmationCode?: string) =>
      handlers['store.checkout.complete']({
        checkoutId: ready.id,
        approvalId: approval.approvalId,
        totals,
        ...(confirmationCode === undefined ? {} : { confirmationCode }),
      });
    expect(await complete()).toEqual({
      kind: 'not-confirmed',
      message: expect.stringContaining('Type the code'),
      retry: true,
    });
    expect(await complete(otherCode(code))).toEqual({
      kind: 'not-confirmed',
      message: expect.stringContaining('2 tries left'),
      retry: true,
    });
    // Right away, even the right code waits: the gate does not compare it yet.
    expect(await complete(code)).toEqual({
      kind: 'not-confirmed',
      message: 'Wait 1 second before typing the code again.',
      retry: true,
    });
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);

    clock.advance(1000);
    // Typed in lower case with a space for the dash, as people may.
    expect(await complete(code.toLowerCase().replace('-', ' '))).toMatchObject({ kind: 'completed' });
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(1);
    expect(state().order?.label).toBe('#1001');
    expect(pushed.length).toBeGreaterThan(5);
    for (const frame of pushed) expect(frame).not.toContain(code);
  });

  it('browser mode: three wrong codes spend the approval, and a new "Pay" gives a new code', async () => {
    const { handlers, codes, clock } = await setup({ confirmation: 'terminal-code' });
    const ready = await readyCheckout(handlers);
    const totals = seenTotalsOf(ready);
    const approval = await handlers['store.checkout.approve']({ checkoutId: ready.id, totals });
    const code = codes[0] ?? '';
    const complete = (approvalId: string, confirmationCode: string) => {
      // Each try after the wait the last wrong one asked for (at most 8 s by the fourth).
      clock.advance(10_000);
      return handlers['store.checkout.complete']({
        checkoutId: ready.id,
        approvalId,
        totals,
        confirmationCode,
      });
    };

    expect(await complete(approval.approvalId, otherCode(code))).toMatchObject({ retry: true });
    expect(await complete(approval.approvalId, otherCode(code))).toMatchObject({ retry: true });
    expect(await complete(approval.approvalId, otherCode(code))).toEqual({
      kind: 'not-confirmed',
      message: expect.stringContaining('spent'),
      retry: false,
    });
    const spent = await rejection(complete(approval.approvalId, code));
    expect(spent.message).toContain('already used');
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);

    const again = await handlers['store.checkout.approve']({ checkoutId: ready.id, totals });
    expect(codes).toHaveLength(2);
    // The old code belongs to the spent approval (unless chance drew the same code).
    if (codes[1] !== code) expect(await complete(again.approvalId, code)).toMatchObject({ retry: true });
    expect(await complete(again.approvalId, codes[1] ?? '')).toMatchObject({ kind: 'completed' });
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(1);
  });

  it('browser mode: three spent approvals lock payments for every checkout, with no code printed, until unlocked', async () => {
    const paymentLock = createPaymentLock();
    const { handlers, codes, clock } = await setup({ confirmation: 'terminal-code', paymentLock });
    const spendApprovals = async (count: number) => {
      for (let spent = 0; spent < count; spent++) {
        // A new checkout each time: the count is not the checkout's.
        const ready = await readyCheckout(handlers);
        const totals = seenTotalsOf(ready);
        const approval = await handlers['store.checkout.approve']({ checkoutId: ready.id, totals });
        for (let guess = 0; guess < 3; guess++) {
          // As fast as the gate allows: right after the wait the last wrong code asked for.
          const allowed = paymentLock.check(clock.scheduler.now());
          if (!allowed.ok && !allowed.locked) clock.advance(allowed.waitMs);
          await handlers['store.checkout.complete']({
            checkoutId: ready.id,
            approvalId: approval.approvalId,
            totals,
            confirmationCode: otherCode(codes.at(-1) ?? ''),
          });
        }
      }
    };
    await spendApprovals(3);
    expect(paymentLock.locked).toBe(true);
    const ready = await readyCheckout(handlers);
    const totals = seenTotalsOf(ready);
    const printed = codes.length;
    const locked = await rejection(handlers['store.checkout.approve']({ checkoutId: ready.id, totals }));
    expect(locked.message).toContain('type "unlock" in the terminal');
    expect(codes).toHaveLength(printed);

    // The person at the terminal re-enables payments: the next "Pay" gets a code, and it pays.
    paymentLock.unlock();
    const approval = await handlers['store.checkout.approve']({ checkoutId: ready.id, totals });
    expect(codes).toHaveLength(printed + 1);
    expect(
      await handlers['store.checkout.complete']({
        checkoutId: ready.id,
        approvalId: approval.approvalId,
        totals,
        confirmationCode: codes.at(-1) ?? '',
      }),
    ).toMatchObject({ kind: 'completed' });
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(1);
  });

  it('desktop: three cancelled dialogs lock payments; Sightline asks once to allow them again, and "keep locked" holds', async () => {
    const { handlers, dialog, unlockDialog, summaries } = await setup({ confirmation: 'dialog' });
    const ready = await readyCheckout(handlers);
    const totals = seenTotalsOf(ready);
    dialog.answer = false;
    for (let cancelled = 0; cancelled < 3; cancelled++) await approveAndComplete(handlers, ready);
    expect(summaries).toHaveLength(3);
    const kept = await rejection(handlers['store.checkout.approve']({ checkoutId: ready.id, totals }));
    expect(kept.message).toContain('locked after three cancelled confirmations');
    const again = await rejection(handlers['store.checkout.approve']({ checkoutId: ready.id, totals }));
    expect(again.message).toContain('locked');
    // Asked once; after "keep locked" no page gets another dialog out of this machine.
    expect(unlockDialog.asked).toBe(1);
    expect(summaries).toHaveLength(3);
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
  });

  it('desktop: "allow payments" in Sightline’s dialog re-enables them', async () => {
    const { handlers, dialog, unlockDialog } = await setup({ confirmation: 'dialog' });
    const ready = await readyCheckout(handlers);
    dialog.answer = false;
    for (let cancelled = 0; cancelled < 3; cancelled++) await approveAndComplete(handlers, ready);
    dialog.answer = true;
    unlockDialog.answer = true;
    expect(await approveAndComplete(handlers, ready)).toMatchObject({ kind: 'completed' });
    expect(unlockDialog.asked).toBe(1);
  });

  it('pays with the store’s wallet when it preselected a crypto-currency handler, and says why', async () => {
    store.control.setPaymentOffer('crypto-preselected');
    const { handlers, state } = await setup({ confirmation: 'dialog' });
    const ready = await readyCheckout(handlers);
    expect(ready.payment).toMatchObject({ handlerId: 'sim.wallet', instrumentId: 'pi_sim_wallet_1' });
    expect(ready.messages).toContainEqual(
      expect.objectContaining({ code: 'payment_method_refused', content: expect.stringContaining('USDC') }),
    );
    expect(
      state().profile?.paymentHandlers.map((handler) => [handler.name, handler.refusal !== null]),
    ).toEqual([
      ['sim.wallet', false],
      ['xyz.coinpay.stablecoin', true],
    ]);
    expect(await approveAndComplete(handlers, ready)).toMatchObject({ kind: 'completed' });
    expect(store.control.toolCalls('complete_checkout')[0]?.arguments?.checkout).toEqual({
      payment: {
        instruments: [{ id: 'pi_sim_wallet_1', handler_id: 'sim.wallet', type: 'wallet', selected: true }],
      },
    });
  });

  it('refuses to pay a store that offers only a crypto-currency handler, saying why', async () => {
    store.control.setPaymentOffer('crypto-only');
    const { handlers } = await setup({ confirmation: 'dialog' });
    const ready = await readyCheckout(handlers);
    expect(ready.payment).toBeNull();
    expect(ready.agentCanComplete).toBe(false);
    expect(ready.completeBlockedReason).toMatch(/only USDC on Base \(CoinPay\).*crypto-currency/);
    const refused = await rejection(
      handlers['store.checkout.approve']({ checkoutId: ready.id, totals: seenTotalsOf(ready) }),
    );
    expect(refused.message).toMatch(/crypto-currency/);
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
  });

  it('refuses "Pay" when nothing outside the page can confirm it', async () => {
    const { handlers } = await setup({ confirmation: 'none' });
    const ready = await readyCheckout(handlers);
    const refused = await rejection(
      handlers['store.checkout.approve']({ checkoutId: ready.id, totals: seenTotalsOf(ready) }),
    );
    expect(refused).toMatchObject({
      code: 'bad-input',
      message: expect.stringContaining('no way to confirm'),
    });
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
  });

  it('hands the buyer to continue_url when complete asks for escalation (desktop opens it)', async () => {
    const { handlers, opened, state } = await setup();
    store.control.setCompleteMode('escalate');
    const ready = await readyCheckout(handlers);
    const outcome = await approveAndComplete(handlers, ready);
    const url = `${store.url}/checkouts/${ready.id}/continue`;
    expect(outcome).toMatchObject({
      kind: 'handoff',
      handoff: { url, reason: 'requires_escalation', opened: true },
    });
    expect(opened).toEqual([url]);
    expect(state().handoff).toMatchObject({ url, opened: true });
    expect(state().checkout?.status).toBe('requires_escalation');
    expect(store.control.orders()).toHaveLength(0);
  });

  it('sends the buyer to the store when it does not let agents complete; browser mode only shows the link', async () => {
    const { handlers, opened } = await setup({ openExternal: false });
    store.control.setCompleteMode('agents-cannot-complete');
    const ready = await readyCheckout(handlers);
    expect(ready).toMatchObject({
      agentCanComplete: false,
      completeBlockedReason: expect.stringContaining('does not let agents'),
    });
    const refused = await rejection(
      handlers['store.checkout.approve']({ checkoutId: ready.id, totals: seenTotalsOf(ready) }),
    );
    expect(refused.message).toContain('does not let agents');
    const handoff = await handlers['store.checkout.handoff']({});
    expect(handoff).toEqual({
      url: `${store.url}/checkouts/${ready.id}/continue`,
      reason: 'agent-cannot-complete',
      message: expect.any(String),
      opened: false,
    });
    expect(opened).toEqual([]);
    expect(store.control.toolCalls('complete_checkout')).toHaveLength(0);
  });

  it('honours a 429 with retry_after, says so in state, and retries with the same idempotency key', async () => {
    const { handlers, clock, hub } = await setup();
    const notices: unknown[] = [];
    hub.subscribe(() => notices.push(hub.state.store.rateLimit));
    await handlers['store.checkout.discover']({ refresh: false });
    await search(handlers, 'hoodie');
    store.control.rateLimitNext({ count: 2, retryAfterSeconds: 4, via: 'data' });
    const found = await search(handlers, 'poro');
    expect(found.products.map((product) => product.title)).toEqual(['Poro Plush']);
    expect(clock.waits).toEqual([4000, 4000]);
    // The burst and the retry that got through: one logical call, one key.
    const poro = store.control.toolCalls('search_catalog').slice(-3);
    expect(poro.map((call) => call.status)).toEqual([429, 429, 200]);
    expect(new Set(poro.map((call) => call.idempotencyKey)).size).toBe(1);
    expect(notices).toContainEqual(
      expect.objectContaining({ tool: 'search_catalog', retryAfterSeconds: 4, attempt: 2 }),
    );
    expect(hub.state.store.rateLimit).toBeNull();
  });

  it('reads text-only tool results as well as structuredContent', async () => {
    const { handlers } = await setup();
    store.control.setResultShape('text-only');
    const found = await search(handlers, 'sleeves');
    expect(found.products[0]).toMatchObject({
      title: 'Runeterra Card Sleeves (60)',
      priceMin: { minor: 1250, currency: 'USD' },
      variants: [
        { id: 'gid://shopify/ProductVariant/4510000021' },
        { id: 'gid://shopify/ProductVariant/4510000022' },
      ],
    });
  });

  it('needs the agent profile setting, and says so', async () => {
    const { handlers, state } = await setup({ agentProfile: '' });
    const error = await rejection(
      handlers['store.checkout.createCart']({
        lines: [{ variantId: 'gid://shopify/ProductVariant/4510000031', quantity: 1 }],
      }),
    );
    expect(error).toMatchObject({ code: 'bad-input', message: expect.stringContaining('agent profile') });
    expect(state().lastError?.code).toBe('not-configured');
    expect(store.control.calls().filter((call) => call.tool)).toHaveLength(0);
  });

  it('searches with search_catalog in the buyer’s currency, with variant ids the cart takes', async () => {
    const { handlers, settings, state } = await setup();
    await settings.update({ store: { country: 'DE', currency: 'EUR' } });
    const found = await search(handlers, 'hoodie');
    expect(found.products).toMatchObject([
      {
        title: 'Arena Champion Hoodie',
        handle: 'arena-champion-hoodie',
        priceMin: { minor: 5980, currency: 'EUR' },
        variants: [
          {
            id: 'gid://shopify/ProductVariant/4510000011',
            title: 'S',
            price: { minor: 5980, currency: 'EUR' },
          },
          { id: 'gid://shopify/ProductVariant/4510000012', available: true },
          { id: 'gid://shopify/ProductVariant/4510000013', available: false },
        ],
      },
    ]);
    expect(store.control.toolCalls('search_catalog')[0]?.arguments?.catalog).toMatchObject({
      query: 'hoodie',
      context: { address_country: 'DE', currency: 'EUR' },
    });
    // The profile the search was negotiated with is published for the merchant-profile panel.
    expect(state().profile).toMatchObject({ version: '2026-04-08', endpoint: store.mcpEndpoint });
  });

  it('lets the page load the pictures of search hits and cart lines, and no other address', async () => {
    const images = createStoreImageAllowlist();
    const { handlers } = await setup({ images });
    const found = await search(handlers, 'hoodie');
    const hit = found.products[0];
    expect(hit?.imageUrl).toBe(`${store.url}/cdn/shop/files/arena-champion-hoodie.svg`);
    expect(images.has(hit?.imageUrl ?? '')).toBe(true);
    const variant = hit?.variants[0];
    if (!variant) throw new Error('no hoodie');
    const cart = await handlers['store.checkout.createCart']({
      lines: [{ variantId: variant.id, quantity: 1 }],
    });
    const lineImage = cart.lineItems[0]?.imageUrl;
    expect(lineImage).toMatch(/^http/);
    expect(images.has(lineImage ?? '')).toBe(true);
    expect(images.has(`${store.url}/cdn/shop/files/not-listed.svg`)).toBe(false);
  });

  it('says the store has no agent interface (so the storefront is searched) without a profile or an MCP endpoint', async () => {
    const unset = await setup({ agentProfile: '' });
    expect(await unset.handlers['store.checkout.searchCatalog']({ query: 'poro', limit: 10 })).toEqual({
      kind: 'no-agent-interface',
      reason: expect.stringContaining('shopping profile is not set'),
    });
    expect(store.control.calls()).toHaveLength(0);
    expect(unset.state().lastError).toBeNull();

    const { handlers, state } = await setup();
    await handlers['store.checkout.discover']({ refresh: false });
    expect(state().profile?.endpoint).toBe(store.mcpEndpoint);
    store.control.setDiscovery({ mcp: false });
    await rejection(handlers['store.checkout.discover']({ refresh: true }));
    // The profile shown is the one in use: a failed discovery takes the old one away.
    expect(state().profile).toBeNull();
    expect(await handlers['store.checkout.searchCatalog']({ query: 'poro', limit: 10 })).toEqual({
      kind: 'no-agent-interface',
      reason: expect.stringContaining('no MCP endpoint'),
    });
    expect(store.control.toolCalls('search_catalog')).toHaveLength(0);

    // A failing call on a store that has the interface is an error, not a silent fallback.
    store.control.setDiscovery({ mcp: true });
    store.control.rateLimitNext({ count: 5, retryAfterSeconds: 1 });
    expect(
      (await rejection(handlers['store.checkout.searchCatalog']({ query: 'poro', limit: 10 }))).code,
    ).toBe('io');
  });

  it('asks for a cart before a checkout, and reports an out-of-stock line in words', async () => {
    const { handlers } = await setup();
    expect((await rejection(handlers['store.checkout.createCheckout']({}))).code).toBe('not-found');
    const error = await rejection(
      handlers['store.checkout.createCart']({
        lines: [{ variantId: 'gid://shopify/ProductVariant/4510000041', quantity: 1 }],
      }),
    );
    expect(error.message).toContain('out of stock');
  });
});
