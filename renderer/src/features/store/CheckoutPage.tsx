import { useState } from 'react';
import type { StoreState, StoreCheckoutStatus } from '@shared/contract';
import { storeLink } from './storeRoute';
import { AgentProfileForm } from './AgentProfileForm';
import { CartPanel } from './CartPanel';
import { messagesForBuyer } from './checkoutMessages';
import { checkoutStage, stepCompleteness, type CheckoutStage, type CheckoutStep } from './checkoutSteps';
import { CheckoutSteps } from './CheckoutSteps';
import { ConfirmationPanel } from './ConfirmationPanel';
import { HandoffPanel, OrderPanel } from './HandoffPanel';
import { MerchantProfilePanel } from './MerchantProfilePanel';
import { CheckoutError, CheckoutLinks, RateLimitNotice, RequestError, StoreMessages } from './StoreNotices';
import { useCheckoutState } from './useStoreCheckout';
import { useSettings } from '../../state/settingsQueries';
import './checkout.css';
import { useContractMutation } from '../../state/contractQueries';

const STATUS_LABELS: Record<StoreCheckoutStatus, string> = {
  incomplete: 'Needs details',
  requires_escalation: 'The store needs you on its page',
  ready_for_complete: 'Ready to pay',
  complete_in_progress: 'Placing the order',
  completed: 'Order placed',
  canceled: 'Canceled',
};

/** The cart, the checkout steps, the confirmation at the moment of payment, and the order or hand-over. */
export function CheckoutPage() {
  const state = useCheckoutState();
  const stage = checkoutStage(state);
  const checkout = state.checkout;
  const [reviewing, setReviewing] = useState(false);
  const sent = useSentSteps(checkout?.id ?? null);
  const messages = checkout
    ? messagesForBuyer(checkout.messages, stepCompleteness(checkout), sent.steps)
    : (state.cart?.messages ?? []);

  return (
    <div className="checkout-page" data-testid="checkout-page" data-stage={stage}>
      <div className="checkout-header">
        <a {...storeLink({})}>← Back to the store</a>
        {checkout ? (
          <span
            className={`checkout-status ${checkout.status}`}
            data-testid="checkout-status"
            data-status={checkout.status}
          >
            {STATUS_LABELS[checkout.status]}
          </span>
        ) : null}
        {state.pending ? (
          <span className="muted" role="status" data-testid="checkout-pending">
            Talking to the store ({state.pending.replaceAll('_', ' ')})…
          </span>
        ) : null}
      </div>
      <AgentProfileForm />
      <RateLimitNotice notice={state.rateLimit} />
      <CheckoutError error={state.lastError} />
      <StoreMessages messages={messages} />
      <div className="checkout-layout">
        <div className="checkout-main">
          <StageView
            state={state}
            stage={stage}
            reviewing={reviewing}
            setReviewing={setReviewing}
            onSent={sent.add}
          />
        </div>
        <aside className="checkout-side">
          {/* On the pay screen the review is the cart: one list and one total, not a second figure beside it. */}
          {stage === 'confirm' && !reviewing ? null : (
            <CartPanel
              cart={state.cart}
              totals={checkout?.totals ?? state.cart?.totals ?? []}
              editable={stage === 'cart' || stage === 'empty'}
            />
          )}
          <MerchantProfilePanel />
        </aside>
      </div>
      <CheckoutLinks links={checkout?.links ?? state.cart?.links ?? []} />
    </div>
  );
}

/** The steps the buyer has sent to the store in this checkout (see messagesForBuyer). */
function useSentSteps(checkoutId: string | null) {
  const [sent, setSent] = useState<{ checkoutId: string | null; steps: ReadonlySet<CheckoutStep> }>({
    checkoutId,
    steps: new Set(),
  });
  const steps = sent.checkoutId === checkoutId ? sent.steps : new Set<CheckoutStep>();
  const add = (step: CheckoutStep) =>
    setSent((prev) => ({
      checkoutId,
      steps: new Set([...(prev.checkoutId === checkoutId ? prev.steps : []), step]),
    }));
  return { steps, add };
}

function StageView(props: {
  state: StoreState;
  stage: CheckoutStage;
  reviewing: boolean;
  setReviewing: (reviewing: boolean) => void;
  onSent: (step: CheckoutStep) => void;
}) {
  const { state, stage } = props;
  const settings = useSettings();
  const country = settings.data?.settings.store.country ?? 'US';
  const checkout = state.checkout;
  switch (stage) {
    case 'empty':
      return null;
    case 'cart':
      return <StartCheckout />;
    case 'details':
      return checkout ? <CheckoutSteps checkout={checkout} country={country} onSent={props.onSent} /> : null;
    case 'confirm':
      if (!checkout) return null;
      return props.reviewing ? (
        <>
          <CheckoutSteps checkout={checkout} country={country} onSent={props.onSent} />
          <button type="button" className="primary" onClick={() => props.setReviewing(false)}>
            Back to review and pay
          </button>
        </>
      ) : (
        <ConfirmationPanel
          key={checkout.id}
          checkout={checkout}
          onChangeDetails={() => props.setReviewing(true)}
        />
      );
    case 'handoff':
      return (
        <>
          <HandoffPanel state={state} />
          <StartOver label="Start a new cart" />
        </>
      );
    case 'placing':
      return (
        <p className="panel" role="status">
          The store is placing the order…
        </p>
      );
    case 'completed': {
      const order = state.order ?? checkout?.order ?? null;
      return (
        <>
          {order ? <OrderPanel order={order} /> : <p className="panel">The store completed the checkout.</p>}
          <StartOver label="Shop again" />
        </>
      );
    }
    case 'canceled':
      return (
        <>
          <p className="panel">The store canceled this checkout (it may have expired).</p>
          <StartOver label="Start a new cart" />
        </>
      );
  }
}

function StartCheckout() {
  const start = useContractMutation('store.checkout.createCheckout', { input: () => ({}) });
  return (
    <section className="panel checkout-start" aria-labelledby="start-title">
      <h2 id="start-title">Checkout</h2>
      <p className="muted">
        Sightline fills in the store’s checkout with you. Nothing is charged until you review the order and
        click “Pay”.
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="primary"
          disabled={start.isPending}
          onClick={() => start.mutate()}
          data-testid="checkout-start"
        >
          Check out
        </button>
      </div>
      <RequestError error={start.error} />
    </section>
  );
}

function StartOver({ label }: { label: string }) {
  const reset = useContractMutation('store.checkout.reset', { input: () => ({}) });
  return (
    <div className="form-actions">
      <button
        type="button"
        disabled={reset.isPending}
        onClick={() => reset.mutate()}
        data-testid="checkout-reset"
      >
        {label}
      </button>
      <RequestError error={reset.error} />
    </div>
  );
}
