import { useState } from 'react';
import type { StoreCheckoutView } from '@shared/contract';
import { formatMoney } from '@shared/contract/money';
import { useAppInfo } from '../../state/useAppInfo';
import { useBuyerLocale } from './storePrices';
import { addressLines, selectedShipping } from './checkoutSummary';
import { CheckoutError } from './StoreNotices';
import { TotalsTable } from './TotalsTable';
import { checkTotals, totalsChanges, totalToPay } from '@shared/store/storeTotals';
import { usePay } from './useStoreCheckout';

/**
 * The confirmation screen, shown at the moment of payment: what is bought, what it costs by type, where
 * it goes and how it is paid. Nothing is charged until the buyer clicks "Pay", and that click is bound to
 * exactly the totals on this screen; then the person at this machine confirms it where no page can: in
 * Sightline's own dialog (desktop) or with the code Sightline printed in its terminal (browser mode).
 */
export function ConfirmationPanel({
  checkout,
  onChangeDetails,
}: {
  checkout: StoreCheckoutView;
  onChangeDetails: () => void;
}) {
  const pay = usePay();
  const desktop = useAppInfo().data?.mode === 'desktop';
  const locale = useBuyerLocale();
  const destination = checkout.fulfillment?.destination ?? null;
  const shipping = selectedShipping(checkout, locale);
  const total = totalToPay(checkout.totals);
  const sums = checkTotals(checkout.totals);
  const refusal = pay.error;
  const changes = refusal ? totalsChanges(refusal.seen, checkout.totals, locale) : [];

  return (
    <section className="panel checkout-confirm" aria-labelledby="confirm-title" data-testid="confirmation">
      <h2 id="confirm-title">Review and pay</h2>
      {changes.length > 0 ? (
        <div className="store-notice error" role="alert" data-testid="totals-changed">
          <p>The store’s totals changed since you saw them. Review the new totals and click “Pay” again.</p>
          <ul>
            {changes.map((change) => (
              <li key={change.label}>
                {change.label}: {change.before ?? 'none'} → {change.after ?? 'none'}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <CheckoutError error={refusal} />
      )}

      <table className="checkout-items" data-testid="confirmation-items">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Price</th>
            <th scope="col">Qty</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {checkout.lineItems.map((line) => (
            <tr key={line.id || line.itemId} data-testid="confirmation-line">
              <td>{line.title}</td>
              <td>{line.unitPrice ? formatMoney(line.unitPrice, locale) : ''}</td>
              <td>{line.quantity}</td>
              <td>{line.total ? formatMoney(line.total, locale) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <TotalsTable totals={checkout.totals} testId="confirmation-totals" payable />
      {!sums.addsUp && sums.expected ? (
        <p className="store-notice waiting" data-testid="totals-mismatch">
          The items, shipping, tax and discounts add up to {formatMoney(sums.expected, locale)}, not the total
          the store shows. Check the order, or finish it at the store.
        </p>
      ) : null}

      <dl className="checkout-facts">
        <div>
          <dt>Ship to</dt>
          <dd data-testid="confirmation-address">
            {destination ? (
              <address className="checkout-address">
                {addressLines(destination).map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
            ) : (
              'No address'
            )}
          </dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd data-testid="confirmation-shipping">
            {shipping.map((choice) => [choice.title, choice.price].filter(Boolean).join(' · ')).join(', ') ||
              'Not chosen'}
          </dd>
        </div>
        <div>
          <dt>Contact</dt>
          <dd>{checkout.buyer ? checkout.buyer.email : 'Not given'}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd data-testid="confirmation-payment">
            {checkout.payment ? checkout.payment.description : 'None'}
            <span className="muted"> (held by the store; Sightline never sees card details)</span>
          </dd>
        </div>
      </dl>

      {pay.notConfirmed ? (
        <p className="store-notice error" role="alert" data-testid="pay-not-confirmed">
          {pay.notConfirmed}
        </p>
      ) : null}
      {pay.awaitingCode ? (
        <PaymentCodeForm
          total={total ? formatMoney(total.amount, locale) : ''}
          busy={pay.isPending}
          onSubmit={pay.confirmWithCode}
          onCancel={pay.cancelCode}
        />
      ) : (
        <div className="form-actions checkout-pay">
          <button
            type="button"
            className="primary pay"
            disabled={pay.isPending || !total}
            onClick={() => pay.pay(checkout)}
            data-testid="pay-button"
          >
            {pay.isPending ? 'Paying…' : total ? `Pay ${formatMoney(total.amount, locale)}` : 'Pay'}
          </button>
          <button type="button" className="link-button" onClick={onChangeDetails} disabled={pay.isPending}>
            Change details
          </button>
        </div>
      )}
      {pay.inDialog ? (
        <p className="store-notice waiting" role="status" data-testid="pay-dialog-waiting">
          Confirm in the dialog Sightline opens: it shows the total and places the order only if you click Pay
          there.
        </p>
      ) : null}
      <p className="muted checkout-fineprint">
        Clicking “Pay” places this order with the store for the total above, using the payment method shown,
        once you confirm it{' '}
        {desktop ? (
          'in the dialog Sightline opens.'
        ) : (
          <>
            with the code Sightline prints in the terminal where it runs (<code>sightline serve</code>).
          </>
        )}
      </p>
    </section>
  );
}

/**
 * Browser mode's confirmation: the code Sightline printed in its terminal, typed back. A page that only
 * has this app's URL never sees the code, so it cannot pay by itself.
 */
function PaymentCodeForm(props: {
  total: string;
  busy: boolean;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  // Eight letters and digits, grouped as printed (`7K3M-Q9XP`) or not, in any case.
  const complete = /^[0-9a-z]{8}$/i.test(code.replace(/[\s-]+/g, ''));
  return (
    <form
      className="checkout-pay-code"
      data-testid="pay-code-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) props.onSubmit(code);
        setCode('');
      }}
    >
      <label htmlFor="pay-code">
        Type the 8-character code Sightline printed in the terminal where it runs (the line starting “payment
        code:”, like 7K3M-Q9XP) to pay {props.total}.
      </label>
      <div className="form-actions">
        <input
          id="pay-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          disabled={props.busy}
          data-testid="pay-code-input"
        />
        <button
          type="submit"
          className="primary pay"
          disabled={props.busy || !complete}
          data-testid="pay-code-submit"
        >
          {props.busy ? 'Paying…' : `Pay ${props.total}`}
        </button>
        <button type="button" className="link-button" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
