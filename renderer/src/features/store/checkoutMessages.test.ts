import { describe, expect, it } from 'vitest';
import type { StoreMessage } from '@shared/contract';
import { messagesForBuyer } from './checkoutMessages';
import type { CheckoutStep, StepCompleteness } from './checkoutSteps';

function missing(code: string, path: string, content: string): StoreMessage {
  return { type: 'error', code, content, severity: 'requires_buyer_input', path };
}

const MISSING_BUYER = missing('missing_buyer', '$.buyer', 'Buyer details are required.');
const MISSING_ADDRESS = missing('missing_address', '$.fulfillment', 'A shipping address is required.');
const MISSING_OPTION = missing('missing_shipping_option', '$.fulfillment', 'Choose a shipping option.');
const OUT_OF_STOCK: StoreMessage = {
  type: 'error',
  code: 'out_of_stock',
  content: 'The plush is sold out.',
  severity: 'recoverable',
  path: '$.line_items[0]',
};
const NOTHING_DONE: StepCompleteness = { buyer: false, address: false, shipping: false };
const none = new Set<CheckoutStep>();

describe('the store messages a buyer sees', () => {
  it('holds back "required" messages for steps the buyer has not sent yet, and shows everything else', () => {
    const messages = [MISSING_BUYER, MISSING_ADDRESS, OUT_OF_STOCK];
    expect(messagesForBuyer(messages, NOTHING_DONE, none)).toEqual([OUT_OF_STOCK]);
  });

  it('shows a step’s "required" message once the buyer sent that step and the store still asks for it', () => {
    const messages = [MISSING_BUYER, MISSING_ADDRESS];
    expect(messagesForBuyer(messages, NOTHING_DONE, new Set<CheckoutStep>(['buyer']))).toEqual([
      MISSING_BUYER,
    ]);
  });

  it('reads the store’s fulfillment path as the shipping option once an address is in', () => {
    const withAddress: StepCompleteness = { buyer: true, address: true, shipping: false };
    expect(messagesForBuyer([MISSING_OPTION], withAddress, new Set<CheckoutStep>(['address']))).toEqual([]);
    expect(messagesForBuyer([MISSING_OPTION], withAddress, new Set<CheckoutStep>(['shipping']))).toEqual([
      MISSING_OPTION,
    ]);
  });
});
