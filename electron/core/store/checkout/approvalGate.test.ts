import { describe, expect, it } from 'vitest';
import type { StoreCheckoutView } from '@shared/contract';
import { createApprovalGate, orderTerms, totalsFingerprint } from './approvalGate';

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

function gate() {
  let now = 0;
  let ids = 0;
  const approvals = createApprovalGate({ now: () => now, newId: () => `a${++ids}`, ttlMs: 1000 });
  return { approvals, advance: (ms: number) => void (now += ms) };
}

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

  it('with a code: keeps the approval through two wrong or missing codes, spends it on the third', () => {
    const { approvals } = gate();
    approvals.mint('chk_1', TOTALS, 'terms', '042137');
    expect(approvals.take('a1', 'chk_1', TOTALS)).toMatchObject({ ok: false, codeTriesLeft: 2 });
    expect(approvals.take('a1', 'chk_1', TOTALS, '042138')).toMatchObject({ ok: false, codeTriesLeft: 1 });
    expect(approvals.take('a1', 'chk_1', TOTALS, '042137')).toEqual({ ok: true, terms: 'terms' });

    approvals.mint('chk_1', TOTALS, 'terms', '042137');
    for (const codeTriesLeft of [2, 1, 0]) {
      expect(approvals.take('a2', 'chk_1', TOTALS, '42137')).toMatchObject({ ok: false, codeTriesLeft });
    }
    expect(approvals.take('a2', 'chk_1', TOTALS, '042137')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('already used'),
    });
  });

  it('with a code: any other refusal still spends the approval, whatever the code', () => {
    const { approvals } = gate();
    approvals.mint('chk_1', TOTALS, 'terms', '042137');
    const other = approvals.take('a1', 'chk_1', [{ type: 'total', minor: 1, currency: 'USD' }], '000000');
    expect(other).toMatchObject({ ok: false, reason: expect.stringContaining('totals differ') });
    expect(other).not.toHaveProperty('codeTriesLeft');
    expect(approvals.take('a1', 'chk_1', TOTALS, '042137').ok).toBe(false);
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
