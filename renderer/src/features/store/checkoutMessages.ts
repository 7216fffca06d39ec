import type { StoreMessage } from '@shared/contract';
import type { CheckoutStep, StepCompleteness } from './checkoutSteps';

/**
 * The checkout step a store message asks the buyer to fill in ("Buyer details are required." is the contact
 * step's), or null for any other message. The store's `$.fulfillment` is the address until one is in, then
 * the shipping option.
 */
export function messageStep(message: StoreMessage, done: StepCompleteness): CheckoutStep | null {
  if (message.severity !== 'requires_buyer_input' || message.path === null) return null;
  if (/^\$\.buyer\b/.test(message.path)) return 'buyer';
  if (/^\$\.(fulfillment|shipping)/.test(message.path)) return done.address ? 'shipping' : 'address';
  return null;
}

/**
 * The store's messages the buyer sees. A store marks every step not filled in yet as missing from the first
 * answer; the step's own form names what is missing, field by field, once the buyer acts. So such a message
 * shows only after the buyer has sent that step and the store still asks for it; every other message always.
 */
export function messagesForBuyer(
  messages: readonly StoreMessage[],
  done: StepCompleteness,
  sent: ReadonlySet<CheckoutStep>,
): StoreMessage[] {
  return messages.filter((message) => {
    const step = messageStep(message, done);
    return step === null || sent.has(step);
  });
}
