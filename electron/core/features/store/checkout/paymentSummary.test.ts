import { describe, expect, it } from 'vitest';
import type { StoreCheckoutView, StoreTotal } from '@shared/contract';
import { oneLine, paymentSummaryOf } from './paymentSummary';

const usd = (minor: number) => ({ minor, currency: 'USD' });

function checkout(totals: StoreTotal[]): StoreCheckoutView {
  return {
    id: 'chk_1',
    status: 'ready_for_complete',
    currency: 'USD',
    lineItems: [
      {
        id: 'li_1',
        itemId: 'gid://shop/ProductVariant/1',
        title: 'Hoodie (M)',
        quantity: 1,
        unitPrice: usd(9499),
        imageUrl: null,
        total: usd(9499),
      },
    ],
    totals,
    buyer: null,
    fulfillment: null,
    payment: null,
    messages: [],
    links: [],
    continueUrl: null,
    expiresAt: null,
    order: null,
    agentCanComplete: true,
    completeBlockedReason: null,
  };
}

describe('store text in the payment confirmation', () => {
  it('is one plain line: no escape sequences, line breaks or direction overrides, at most 100 characters', () => {
    expect(oneLine('Hoodie\u001b[2J\u001b[31m (S)\n\nTotal: $0.00')).toBe('Hoodie [2J [31m (S) Total: $0.00');
    expect(oneLine('Mug \u202e00.5$\u202c  \u2028 x')).toBe('Mug 00.5$ x');
    expect(oneLine('x'.repeat(150))).toBe(`${'x'.repeat(99)}…`);
  });
});

describe('the payment summary', () => {
  it('asks for the store’s total, labelled "Total to pay" and listed after its parts', () => {
    const summary = paymentSummaryOf(
      checkout([
        { type: 'total', label: 'Total', amount: usd(10759) },
        { type: 'subtotal', label: 'Subtotal', amount: usd(9499) },
        { type: 'fulfillment', label: 'Shipping', amount: usd(500) },
        { type: 'tax', label: 'Tax', amount: usd(760) },
      ]),
      'https://shop.example/',
    );
    expect(summary.total).toBe('$107.59');
    expect(summary.totals).toEqual([
      { label: 'Subtotal', amount: '$94.99' },
      { label: 'Shipping', amount: '$5.00' },
      { label: 'Tax', amount: '$7.60' },
      { label: 'Total to pay', amount: '$107.59' },
    ]);
  });

  it('writes money in the page’s language and shows discounts as the page does', () => {
    const summary = paymentSummaryOf(
      checkout([
        { type: 'subtotal', label: 'Subtotal', amount: usd(9499) },
        { type: 'discount', label: 'SAVE5', amount: usd(500) },
        { type: 'total', label: 'Total', amount: usd(8999) },
      ]),
      'https://shop.example/',
      'de-DE',
    );
    expect(summary.total).toBe('89,99\u00a0$');
    expect(summary.totals.map((total) => total.amount)).toEqual([
      '94,99\u00a0$',
      '-5,00\u00a0$',
      '89,99\u00a0$',
    ]);
    expect(summary.lines[0]?.amount).toBe('94,99\u00a0$');
  });

  it('never passes another line off as the total when the store sent none', () => {
    const summary = paymentSummaryOf(
      checkout([{ type: 'subtotal', label: 'Subtotal', amount: usd(9499) }]),
      'https://shop.example/',
    );
    expect(summary.total).toBe('');
    expect(summary.totals).toEqual([{ label: 'Subtotal', amount: '$94.99' }]);
  });
});
