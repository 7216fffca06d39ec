import type { StoreState, StoreOrder } from '@shared/contract';
import { RequestError } from './StoreNotices';
import { useHandoff } from './useStoreCheckout';

/** Why the buyer finishes at the store, from what the core and the store said. */
function handoffReason(state: StoreState): string {
  const { checkout, handoff } = state;
  if (handoff?.message) return handoff.message;
  if (checkout?.status === 'requires_escalation') {
    return 'The store needs you to review and finish this order on its own page.';
  }
  return checkout?.completeBlockedReason ?? 'Finish this order on the store’s own page.';
}

/**
 * The buyer-approved flow when Sightline may not place the order: the store's continue_url, or the page the core
 * finds when the store gave none (its cart with the items, an item's page, the store), opened in the system
 * browser by the desktop app or in a new tab here. "Continue in the store" always has somewhere to go.
 */
export function HandoffPanel({ state }: { state: StoreState }) {
  const handoff = useHandoff();
  const url = handoff.data?.url ?? state.handoff?.url ?? state.checkout?.continueUrl ?? null;
  const opened = handoff.data?.opened === true || state.handoff?.opened === true;
  return (
    <section className="panel checkout-handoff" aria-labelledby="handoff-title" data-testid="handoff-panel">
      <h2 id="handoff-title">Finish at the store</h2>
      <p data-testid="handoff-reason">{handoffReason(state)}</p>
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          disabled={handoff.isPending}
          onClick={() => handoff.mutate()}
          data-testid="handoff-continue"
        >
          Continue in the store
        </button>
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="muted"
            data-testid="handoff-link"
          >
            Open the store’s page
          </a>
        ) : null}
      </div>
      {opened ? (
        <p className="muted" data-testid="handoff-opened">
          The store’s page is open in your browser. Nothing was charged by Sightline.
        </p>
      ) : handoff.isSuccess ? (
        <p className="muted" data-testid="handoff-opened">
          The store’s page opened in a new tab. Nothing was charged by Sightline.
        </p>
      ) : null}
      <RequestError error={handoff.error} />
    </section>
  );
}

export function OrderPanel({ order }: { order: StoreOrder }) {
  return (
    <section className="panel checkout-order" aria-labelledby="order-title" data-testid="order-panel">
      <h2 id="order-title">Order placed</h2>
      {/* The store's order number is what the buyer quotes; its internal ID only on hover, for support. */}
      <p>
        Thank you. The store placed {order.label ? 'order ' : ''}
        <strong data-testid="order-label" title={`Order ID: ${order.id}`}>
          {order.label ?? 'your order'}
        </strong>
        .
      </p>
      {order.permalinkUrl ? (
        <p>
          <a href={order.permalinkUrl} target="_blank" rel="noopener noreferrer" data-testid="order-link">
            View the order at the store
          </a>
        </p>
      ) : null}
    </section>
  );
}
