import { describe, expect, it } from 'vitest';
import type { StoreCheckoutView } from '@shared/contract';
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  LOCKED_MESSAGE,
  createApprovalGate,
  newConfirmationCode,
  normalizeCode,
  orderTerms,
  totalsFingerprint,
} from './approvalGate';
import { CODE_TRIES, STRIKES_BEFORE_LOCK, createPaymentLock } from './paymentLock';

const TOTALS = [
  { type: 'subtotal', minor: 1000, currency: 'USD' },
  { type: 'total', minor: 1100, currency: 'USD' },
];

const usd = (minor: number) => ({ minor, currency: 'USD' });

const CHECKOUT: StoreCheckoutView = {
  id: 'chk_1',
  status: 'ready_for_complete',
  currency: 'USD',
  lineItems: [
    {
      id: 'li_1',
      itemId: 'gid://shop/ProductVariant/1',
      title: 'Hoodie',
      quantity: 1,
      unitPrice: usd(1000),
      imageUrl: null,
      total: usd(1000),
    },
  ],
  totals: [
    { type: 'subtotal', label: 'Subtotal', amount: usd(1000) },
    { type: 'total', label: 'Total', amount: usd(1100) },
  ],
  buyer: { firstName: 'Ada', lastName: 'L', email: 'ada@example.com', phoneNumber: '' },
  fulfillment: {
    methodId: 'ship',
    type: 'shipping',
    destination: null,
    groups: [{ id: 'g1', lineItemIds: ['li_1'], options: [], selectedOptionId: 'standard' }],
  },
  payment: { instrumentId: 'pi_1', handlerId: 'shop_pay', type: 'card', description: 'Visa •••• 4242' },
  messages: [],
  links: [],
  continueUrl: null,
  expiresAt: null,
  order: null,
  agentCanComplete: true,
  completeBlockedReason: null,
};

function gate(ttlMs = 1000) {
  let now = 0;
  let ids = 0;
  let locks = 0;
  const lock = createPaymentLock({ onLocked: () => void (locks += 1) });
  const approvals = createApprovalGate({ now: () => now, newId: () => `a${++ids}`, ttlMs, lock });
  return {
    approvals,
    lock,
    locks: () => locks,
    advance: (ms: number) => void (now += ms),
    now: () => now,
    /** Waits out the delay the lock asks for before the next code. */
    waitOut: () => {
      const check = lock.check(now);
      if (!check.ok && !check.locked) now += check.waitMs;
    },
  };
}

const CODE = '7K3M-Q9XP';
const WRONG = '7K3M-Q9XR';

describe('approval gate', () => {
  it('lets one approval be taken once, for its checkout, with the terms it was given', () => {
    const { approvals } = gate();
    const approval = approvals.mint('chk_1', TOTALS, 'terms');
    expect(approval).toEqual({ approvalId: 'a1', checkoutId: 'chk_1', expiresAt: 1000 });
    expect(approvals.take('a1', 'chk_1', TOTALS)).toEqual({ ok: true, terms: 'terms' });
    expect(approvals.take('a1', 'chk_1', TOTALS)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('already used'),
    });
  });

  it('refuses another checkout and an expired approval, using it up either way', () => {
    const { approvals, advance } = gate();
    approvals.mint('chk_1', TOTALS, 'terms');
    expect(approvals.take('a1', 'chk_2', TOTALS)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('another checkout'),
    });
    expect(approvals.take('a1', 'chk_1', TOTALS).ok).toBe(false);
    approvals.mint('chk_1', TOTALS, 'terms');
    advance(1001);
    expect(approvals.take('a2', 'chk_1', TOTALS)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('expired'),
    });
  });

  it('refuses totals other than the approved ones (in any order they match)', () => {
    const { approvals } = gate();
    approvals.mint('chk_1', TOTALS, 'terms');
    expect(approvals.take('a1', 'chk_1', [...TOTALS].reverse()).ok).toBe(true);
    approvals.mint('chk_1', TOTALS, 'terms');
    expect(approvals.take('a2', 'chk_1', [{ type: 'total', minor: 1100, currency: 'EUR' }])).toMatchObject({
      ok: false,
      reason: expect.stringContaining('totals differ'),
    });
  });

  it('with a code: keeps the approval through two wrong codes (a missing one costs nothing), spends it on the third', () => {
    const { approvals, waitOut } = gate(60_000);
    approvals.mint('chk_1', TOTALS, 'terms', CODE);
    expect(approvals.take('a1', 'chk_1', TOTALS)).toMatchObject({ ok: false, codeTriesLeft: 3 });
    expect(approvals.take('a1', 'chk_1', TOTALS, WRONG)).toMatchObject({ ok: false, codeTriesLeft: 2 });
    waitOut();
    // Typed as the buyer may: lower case, the dash left out or a space instead.
    expect(approvals.take('a1', 'chk_1', TOTALS, '7k3m q9xp')).toEqual({ ok: true, terms: 'terms' });

    approvals.mint('chk_1', TOTALS, 'terms', CODE);
    for (const codeTriesLeft of [2, 1, 0]) {
      waitOut();
      expect(approvals.take('a2', 'chk_1', TOTALS, WRONG)).toMatchObject({ ok: false, codeTriesLeft });
    }
    waitOut();
    expect(approvals.take('a2', 'chk_1', TOTALS, CODE)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('already used'),
    });
  });

  it('with a code: any other refusal still spends the approval, whatever the code', () => {
    const { approvals } = gate();
    approvals.mint('chk_1', TOTALS, 'terms', CODE);
    const other = approvals.take('a1', 'chk_1', [{ type: 'total', minor: 1, currency: 'USD' }], WRONG);
    expect(other).toMatchObject({ ok: false, reason: expect.stringContaining('totals differ') });
    expect(other).not.toHaveProperty('codeTriesLeft');
    expect(approvals.take('a1', 'chk_1', TOTALS, CODE).ok).toBe(false);
  });

  it('after a wrong code, makes the next one wait, doubling the wait each time, without comparing it', () => {
    const { approvals, advance } = gate(60_000);
    approvals.mint('chk_1', TOTALS, 'terms', CODE);
    expect(approvals.take('a1', 'chk_1', TOTALS, WRONG)).toMatchObject({ codeTriesLeft: 2 });
    // Even the right code is not compared while the wait runs, and the try is not used up.
    expect(approvals.take('a1', 'chk_1', TOTALS, CODE)).toEqual({
      ok: false,
      reason: 'Wait 1 second before typing the code again.',
      codeTriesLeft: 2,
    });
    advance(1000);
    expect(approvals.take('a1', 'chk_1', TOTALS, WRONG)).toMatchObject({ codeTriesLeft: 1 });
    advance(1999);
    expect(approvals.take('a1', 'chk_1', TOTALS, CODE)).toMatchObject({
      reason: 'Wait 1 second before typing the code again.',
    });
    advance(1);
    expect(approvals.take('a1', 'chk_1', TOTALS, CODE)).toEqual({ ok: true, terms: 'terms' });
  });

  it('locks every checkout after three spent approvals, however they were spent, until unlocked', () => {
    const { approvals, lock, locks, waitOut } = gate(60 * 60_000);
    const guessWrong = (approvalId: string, checkoutId: string, times: number) => {
      for (let i = 0; i < times; i++) {
        waitOut();
        approvals.take(approvalId, checkoutId, TOTALS, WRONG);
      }
    };
    // Wrong codes count however they come: three on one click; two, then a new click replaced it (its code
    // never typed counts one more); one, then a new cart dropped it (one more); then another checkout.
    approvals.mint('chk_1', TOTALS, 'terms', CODE);
    guessWrong('a1', 'chk_1', CODE_TRIES);
    approvals.mint('chk_1', TOTALS, 'terms', CODE);
    guessWrong('a2', 'chk_1', 2);
    approvals.mint('chk_1', TOTALS, 'terms', CODE);
    guessWrong('a3', 'chk_1', 1);
    approvals.clear();
    expect(lock.locked).toBe(false);
    approvals.mint('chk_2', TOTALS, 'terms', CODE);
    waitOut();
    expect(approvals.take('a4', 'chk_2', TOTALS, WRONG)).toEqual({
      ok: false,
      reason: LOCKED_MESSAGE,
      codeTriesLeft: 0,
    });
    expect(lock.locked).toBe(true);
    expect(locks()).toBe(1);
    // Locked: a fresh approval with the right code is refused, at any later time, and spent.
    approvals.mint('chk_2', TOTALS, 'terms', CODE);
    expect(approvals.take('a5', 'chk_2', TOTALS, CODE)).toMatchObject({ ok: false, reason: LOCKED_MESSAGE });
    expect(approvals.take('a5', 'chk_2', TOTALS, CODE).ok).toBe(false);
    expect(lock.unlock()).toBe(true);
    approvals.mint('chk_2', TOTALS, 'terms', CODE);
    expect(approvals.take('a6', 'chk_2', TOTALS, CODE)).toEqual({ ok: true, terms: 'terms' });
    expect(lock.unlock()).toBe(false);
  });

  it('counts a printed code never typed as a wrong one, so "Pay" clicked again and again locks too', () => {
    const { approvals, lock, locks } = gate();
    for (let click = 0; click < STRIKES_BEFORE_LOCK; click++) approvals.mint('chk_1', TOTALS, 'terms', CODE);
    expect(lock.locked).toBe(false);
    approvals.mint('chk_1', TOTALS, 'terms', CODE);
    expect(lock.locked).toBe(true);
    expect(locks()).toBe(1);
  });

  it('does not count an expired code, nor a dialog approval, when it is replaced', () => {
    const { approvals, lock, advance } = gate();
    approvals.mint('chk_1', TOTALS, 'terms', CODE);
    advance(1001);
    approvals.mint('chk_1', TOTALS, 'terms');
    approvals.mint('chk_1', TOTALS, 'terms');
    approvals.clear();
    expect(lock.check(1001)).toEqual({ ok: true });
  });

  it('counts a cancelled dialog as a spent approval, and a payment starts the count again', () => {
    const { approvals, lock } = gate();
    approvals.cancelled();
    approvals.cancelled();
    lock.paid();
    approvals.cancelled();
    approvals.cancelled();
    expect(lock.locked).toBe(false);
    approvals.cancelled();
    expect(lock.locked).toBe(true);
  });

  it('makes codes of 8 characters from the alphabet, in two groups of four', () => {
    const codes = Array.from({ length: 200 }, () => newConfirmationCode());
    for (const code of codes) {
      expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}$/);
    }
    expect(new Set(codes).size).toBe(codes.length);
    expect(CODE_ALPHABET).not.toMatch(/[01ILOU]/);
    expect(normalizeCode(' 7k3m-q9xp ')).toBe('7K3MQ9XP');
  });

  it('lets ten minutes of guessing as fast as the gate allows pay with a chance below one in a billion', () => {
    // The attack of issue 24: "Pay", then codes, again and again, as fast as the gate answers, for ten minutes.
    const { approvals, lock, now, advance, waitOut } = gate(5 * 60_000);
    const TEN_MINUTES = 10 * 60_000;
    let compared = 0;
    let paid = 0;
    for (let ids = 1; now() < TEN_MINUTES; ids++) {
      approvals.mint('chk_1', TOTALS, 'terms', newConfirmationCode());
      for (let guess = 0; guess < CODE_TRIES && now() < TEN_MINUTES; guess++) {
        waitOut();
        // The gate compares a code only when the lock lets it (no wait running, not locked).
        if (lock.check(now()).ok) compared += 1;
        if (approvals.take(`a${ids}`, 'chk_1', TOTALS, newConfirmationCode()).ok) paid += 1;
      }
      // Locked, the page keeps clicking "Pay" and typing once a second until the ten minutes are up.
      if (lock.locked) advance(1000);
    }
    expect(paid).toBe(0);
    expect(compared).toBe(STRIKES_BEFORE_LOCK);
    const codes = CODE_ALPHABET.length ** CODE_LENGTH;
    expect(codes).toBeGreaterThan(6.5e11);
    // Each code compared matches its approval's random code with probability 1 / codes: the union bound.
    expect(compared / codes).toBeLessThan(1e-9);
  });

  it('keeps one live approval per checkout: a new click replaces the old one', () => {
    const { approvals } = gate();
    approvals.mint('chk_1', TOTALS, 'terms');
    approvals.mint('chk_1', TOTALS, 'terms');
    expect(approvals.take('a1', 'chk_1', TOTALS).ok).toBe(false);
    expect(approvals.take('a2', 'chk_1', TOTALS).ok).toBe(true);
  });
});

describe('order terms', () => {
  it('compares totals in any order', () => {
    const totals = [
      { type: 'subtotal', minor: 1000, currency: 'USD' },
      { type: 'total', minor: 1100, currency: 'USD' },
    ];
    expect(totalsFingerprint([...totals].reverse())).toBe(totalsFingerprint(totals));
    expect(totalsFingerprint([{ type: 'total', minor: 1100, currency: 'EUR' }])).not.toBe(
      totalsFingerprint([{ type: 'total', minor: 1100, currency: 'USD' }]),
    );
  });

  it('change with anything the confirmation screen shows, even at equal totals', () => {
    const base = orderTerms(CHECKOUT);
    expect(orderTerms({ ...CHECKOUT, messages: [], expiresAt: '2030-01-01T00:00:00Z' })).toBe(base);
    const [line] = CHECKOUT.lineItems;
    const { buyer, fulfillment, payment } = CHECKOUT;
    if (!line || !buyer || !fulfillment || !payment) throw new Error('fixture incomplete');
    const changes: Partial<StoreCheckoutView>[] = [
      { payment: { ...payment, instrumentId: 'pi_2' } },
      { buyer: { ...buyer, email: 'someone@else.example' } },
      {
        fulfillment: {
          ...fulfillment,
          groups: [{ id: 'g1', lineItemIds: ['li_1'], options: [], selectedOptionId: 'pickup' }],
        },
      },
      { lineItems: [{ ...line, itemId: 'gid://shop/ProductVariant/2' }] },
    ];
    for (const change of changes) expect(orderTerms({ ...CHECKOUT, ...change })).not.toBe(base);
  });
});
