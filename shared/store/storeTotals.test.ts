import { describe, expect, it } from 'vitest';
import type { StoreTotal } from '../contract/storeCheckout';
import { checkTotals, totalRows, totalsChanges } from './storeTotals';

const usd = (type: string, label: string, minor: number): StoreTotal => ({
  type,
  label,
  amount: { minor, currency: 'USD' },
});

const TOTALS: StoreTotal[] = [
  usd('total', 'Total', 7520),
  usd('tax', 'Tax', 520),
  usd('fulfillment', 'Shipping (Standard)', 500),
  usd('subtotal', 'Subtotal', 6500),
];

describe('totals display', () => {
  it('reads like a receipt, in the checkout currency, total last', () => {
    expect(totalRows(TOTALS, 'en-US').map((row) => [row.kind, row.label, row.text])).toEqual([
      ['subtotal', 'Subtotal', '$65.00'],
      ['shipping', 'Shipping (Standard)', '$5.00'],
      ['tax', 'Tax', '$5.20'],
      ['total', 'Total', '$75.20'],
    ]);
    expect(
      totalRows(
        [usd('total', 'Total', 9750)].map((t) => ({ ...t, amount: { minor: 9750, currency: 'JPY' } })),
        'en-US',
      )[0]?.text,
    ).toBe('¥9,750');
  });

  it('labels only the grand total when asked (the pay screen’s "Total to pay")', () => {
    expect(totalRows(TOTALS, 'en-US', 'Total to pay').map((row) => [row.label, row.text])).toEqual([
      ['Subtotal', '$65.00'],
      ['Shipping (Standard)', '$5.00'],
      ['Tax', '$5.20'],
      ['Total to pay', '$75.20'],
    ]);
  });

  it('shows a discount as a reduction however the store signs it', () => {
    const rows = totalRows(
      [usd('subtotal', 'Subtotal', 1000), usd('discount', 'SAVE5', 500), usd('total', 'Total', 500)],
      'en-US',
    );
    expect(rows.map((row) => row.text)).toEqual(['$10.00', '-$5.00', '$5.00']);
    expect(
      checkTotals([
        usd('subtotal', 'Subtotal', 1000),
        usd('discount', 'SAVE5', -500),
        usd('total', 'Total', 500),
      ]).addsUp,
    ).toBe(true);
  });

  it('says when the parts do not add up to the total', () => {
    expect(checkTotals(TOTALS)).toEqual({ addsUp: true, expected: null });
    const off = checkTotals([...TOTALS.slice(1), usd('total', 'Total', 7000)]);
    expect(off).toEqual({ addsUp: false, expected: { minor: 7520, currency: 'USD' } });
    expect(checkTotals([usd('subtotal', 'Subtotal', 1)]).addsUp).toBe(false);
  });

  it('lists what changed between the approved totals and the current ones', () => {
    const seen = [
      { type: 'subtotal', minor: 6500, currency: 'USD' },
      { type: 'total', minor: 6500, currency: 'USD' },
    ];
    expect(
      totalsChanges(seen, [usd('subtotal', 'Subtotal', 6500), usd('total', 'Total', 6500)], 'en-US'),
    ).toEqual([]);
    expect(totalsChanges(seen, TOTALS, 'en-US')).toEqual([
      { label: 'Total', before: '$65.00', after: '$75.20' },
      { label: 'Tax', before: null, after: '$5.20' },
      { label: 'Shipping (Standard)', before: null, after: '$5.00' },
    ]);
  });
});
