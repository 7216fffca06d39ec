import type { StoreCart, StoreTotal } from '@shared/contract';
import { formatMoney } from '@shared/contract/money';
import { useBuyerLocale } from './storePrices';
import { storeLink } from './storeRoute';
import { MAX_LINE_QUANTITY, withLineQuantity, withoutLine } from './cartLines';
import { RequestError } from './StoreNotices';
import { TotalsTable } from './TotalsTable';
import { useCartEditor } from './useStoreCheckout';

/**
 * The cart's lines with quantities the buyer can change; `editable` is off once checkout started. `totals`
 * are the checkout's once there is one (shipping and tax included), so the panel never shows another figure.
 */
export function CartPanel({
  cart,
  totals,
  editable,
}: {
  cart: StoreCart | null;
  totals: readonly StoreTotal[];
  editable: boolean;
}) {
  const editor = useCartEditor();
  const locale = useBuyerLocale();
  const busy = editor.change.isPending;

  if (!cart || cart.lineItems.length === 0) {
    return (
      <section className="panel checkout-cart" aria-labelledby="cart-title" data-testid="cart-panel">
        <h2 id="cart-title">Cart</h2>
        <p className="muted" data-testid="cart-empty">
          Your cart is empty. <a {...storeLink({})}>Browse the store</a> and add something.
        </p>
      </section>
    );
  }
  return (
    <section className="panel checkout-cart" aria-labelledby="cart-title" data-testid="cart-panel">
      <h2 id="cart-title">Cart</h2>
      <ul className="checkout-lines">
        {cart.lineItems.map((line) => (
          <li key={line.id || line.itemId} className="checkout-line" data-testid="cart-line">
            <span className="checkout-line-title">{line.title}</span>
            <span className="checkout-line-price muted">
              {line.unitPrice ? formatMoney(line.unitPrice, locale) : ''}
            </span>
            {editable ? (
              <span className="checkout-quantity">
                <button
                  type="button"
                  aria-label={`One fewer ${line.title}`}
                  disabled={busy}
                  onClick={() =>
                    editor.change.mutate(withLineQuantity(editor.lines, line.itemId, line.quantity - 1))
                  }
                >
                  −
                </button>
                <span data-testid="cart-line-quantity">{line.quantity}</span>
                <button
                  type="button"
                  aria-label={`One more ${line.title}`}
                  disabled={busy || line.quantity >= MAX_LINE_QUANTITY}
                  onClick={() =>
                    editor.change.mutate(withLineQuantity(editor.lines, line.itemId, line.quantity + 1))
                  }
                  data-testid="cart-line-increase"
                >
                  +
                </button>
                <button
                  type="button"
                  className="link-button"
                  disabled={busy}
                  onClick={() => editor.change.mutate(withoutLine(editor.lines, line.itemId))}
                  data-testid="cart-line-remove"
                >
                  Remove
                </button>
              </span>
            ) : (
              <span data-testid="cart-line-quantity">× {line.quantity}</span>
            )}
            <span className="checkout-line-total">{line.total ? formatMoney(line.total, locale) : ''}</span>
          </li>
        ))}
      </ul>
      <TotalsTable totals={totals} testId="cart-totals" />
      <RequestError error={editor.change.error} />
    </section>
  );
}
