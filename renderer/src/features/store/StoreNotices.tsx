import {
  STORE_POLICY_KINDS,
  STORE_POLICY_LABELS,
  type StoreCheckoutError,
  type StoreLink,
  type StoreMessage,
  type StoreRateLimitNotice,
} from '@shared/contract';
import { useNow } from '../../ui/time/useNow';
import { storeLink } from './storeRoute';
import { rateLimitText } from './checkoutSummary';
import { useCheckoutState, useRememberedRateLimit } from './useStoreCheckout';

/** The store asked Sightline to wait: say so while it waits, and afterwards that the call went on. */
export function RateLimitNotice({ notice }: { notice: StoreRateLimitNotice | null }) {
  const { active, last } = useRememberedRateLimit(notice);
  const now = useNow(250, active !== null);
  if (active) {
    return (
      <p
        className="store-notice waiting"
        role="status"
        data-testid="checkout-rate-limit"
        data-state="waiting"
      >
        {rateLimitText(active, now)}
      </p>
    );
  }
  if (!last) return null;
  return (
    <p className="store-notice waiting" role="status" data-testid="checkout-rate-limit" data-state="done">
      The store asked Sightline to wait {Math.max(1, Math.round(last.retryAfterSeconds))} s before retrying{' '}
      {last.tool.replaceAll('_', ' ')}; Sightline waited as asked and sent the same request again.
    </p>
  );
}

export function CheckoutError({ error }: { error: StoreCheckoutError | Error | null }) {
  if (!error) return null;
  return (
    <p className="store-notice error" role="alert" data-testid="checkout-error">
      {error.message}
    </p>
  );
}

/**
 * A failed request, beside the control that sent it. The core also publishes store failures as the
 * slice's lastError (shown at the top of the page), so the same message is not repeated here.
 */
export function RequestError({ error }: { error: Error | null }) {
  const published = useCheckoutState().lastError;
  if (!error || error.message === published?.message) return null;
  return <CheckoutError error={error} />;
}

const SEVERITY_LABELS: Record<string, string> = {
  recoverable: 'Fixable',
  requires_buyer_input: 'Needs your input',
  requires_buyer_review: 'Needs your review',
  unrecoverable: 'Cannot continue',
};

/** The store's own messages, as plain text (merchant text is never rendered as markup). */
export function StoreMessages({ messages }: { messages: readonly StoreMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="checkout-messages" aria-label="Messages from the store" data-testid="store-messages">
      {messages.map((message, index) => (
        <li
          key={`${message.code}-${index}`}
          className={`checkout-message ${message.type}-message ${message.severity ?? ''}`}
          data-testid="store-message"
          data-code={message.code}
        >
          {message.severity ? (
            <span className="checkout-message-severity">
              {SEVERITY_LABELS[message.severity] ?? message.severity}:{' '}
            </span>
          ) : null}
          {message.content}
        </li>
      ))}
    </ul>
  );
}

/**
 * The store's legally mandatory links (privacy, terms, refunds…), always on screen. Before the store has
 * sent any with a checkout, its policy pages stand in.
 */
export function CheckoutLinks({ links }: { links: readonly StoreLink[] }) {
  return (
    <nav className="checkout-links" aria-label="Store terms and policies" data-testid="checkout-links">
      {links.length > 0
        ? links.map((link) => (
            <a
              key={`${link.type}-${link.url}`}
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              data-link-type={link.type}
            >
              {link.title}
            </a>
          ))
        : STORE_POLICY_KINDS.map((kind) => (
            <a key={kind} {...storeLink({ policy: kind })} data-link-type={kind}>
              {STORE_POLICY_LABELS[kind]}
            </a>
          ))}
    </nav>
  );
}
