import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentSummary } from '../../core/features/store/checkout/paymentSummary';
import { FakeBrowserWindow, FakeDialog } from '../tools/testkit/fakeElectron';
import {
  createPaymentConfirmation,
  createPaymentUnlockConfirmation,
  paymentMessageBoxOptions,
} from './paymentConfirmation';

const SUMMARY: PaymentSummary = {
  merchant: 'merch.example',
  lines: [
    { title: 'Arena Champion Hoodie (S)', quantity: 2, amount: '$130.00' },
    { title: 'Poro Plush', quantity: 1, amount: null },
  ],
  totals: [
    { label: 'Subtotal', amount: '$130.00' },
    { label: 'Shipping (Standard)', amount: '$5.00' },
    { label: 'Tax', amount: '$10.40' },
    { label: 'Total', amount: '$145.40' },
  ],
  total: '$145.40',
  paymentMethod: 'Visa •••• 4242',
};

afterEach(() => FakeBrowserWindow.reset());

describe('the payment confirmation dialog', () => {
  it('asks "Pay <total> to <store>?" with the lines, totals and payment method, Cancel the default', () => {
    expect(paymentMessageBoxOptions(SUMMARY)).toEqual({
      type: 'question',
      title: 'Confirm payment',
      message: 'Pay $145.40 to merch.example?',
      detail: [
        'Arena Champion Hoodie (S) × 2   $130.00',
        'Poro Plush × 1',
        '',
        'Subtotal: $130.00',
        'Shipping (Standard): $5.00',
        'Tax: $10.40',
        'Total: $145.40',
        '',
        'Paid with Visa •••• 4242. Sightline places the order only if you click Pay.',
      ].join('\n'),
      buttons: ['Pay $145.40', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      noLink: true,
    });
  });

  it('shows at most ten lines and says how many more', () => {
    const lines = Array.from({ length: 12 }, (_, index) => ({
      title: `Item ${index + 1}`,
      quantity: 1,
      amount: '$1.00',
    }));
    const { detail } = paymentMessageBoxOptions({ ...SUMMARY, lines, paymentMethod: null });
    expect(detail).toContain('Item 10 × 1');
    expect(detail).not.toContain('Item 11');
    expect(detail).toContain('…and 2 more');
    expect(detail).not.toContain('Paid with');
  });

  it('is modal to the companion window and says yes only for the Pay button', async () => {
    const dialog = new FakeDialog();
    const companion = new FakeBrowserWindow({} as never);
    const confirm = createPaymentConfirmation({ dialog, parentWindow: () => companion });

    dialog.clicks = 'Pay $145.40';
    expect(await confirm(SUMMARY)).toBe(true);
    expect(dialog.messageBoxes[0]?.parent).toBe(companion);

    dialog.clicks = 'Cancel';
    expect(await confirm(SUMMARY)).toBe(false);
    // Closed with Escape or the window's close button: the cancel button's answer.
    dialog.clicks = null;
    expect(await confirm(SUMMARY)).toBe(false);
  });

  it('stands alone when no companion window is on screen', async () => {
    const dialog = new FakeDialog();
    dialog.clicks = 'Pay $145.40';
    expect(await createPaymentConfirmation({ dialog, parentWindow: () => null })(SUMMARY)).toBe(true);
    expect(dialog.messageBoxes[0]?.parent).toBeNull();
    expect(dialog.messageBoxes[0]?.options.message).toBe('Pay $145.40 to merch.example?');
  });

  it('asks whether to take payments again once they locked; only "Allow payments" says yes', async () => {
    const dialog = new FakeDialog();
    const companion = new FakeBrowserWindow({} as never);
    const allow = createPaymentUnlockConfirmation({ dialog, parentWindow: () => companion });
    dialog.clicks = 'Allow payments';
    expect(await allow()).toBe(true);
    expect(dialog.messageBoxes[0]).toMatchObject({
      parent: companion,
      options: { title: 'Payments locked', buttons: ['Allow payments', 'Keep locked'], defaultId: 1 },
    });
    dialog.clicks = 'Keep locked';
    expect(await allow()).toBe(false);
    dialog.clicks = null;
    expect(await allow()).toBe(false);
  });
});
