import { navigate } from '../../navigation/route';
import type { AddToCart } from './ProductView';
import { StorePage } from './StorePage';
import { itemCount } from './cartLines';
import { CHECKOUT_PAGE_PATH } from './checkoutRoute';
import { TotalsTable } from './TotalsTable';
import { ProductSearchResults } from './ProductSearchResults';
import { CheckoutError, RateLimitNotice, RequestError } from './StoreNotices';
import { useCartEditor, useCheckoutState } from './useStoreCheckout';
import { useSettings } from '../../state/settingsQueries';
import './checkout.css';

/**
 * The catalog with this feature's cart: search through the store's search_catalog tool, "Add to cart" on
 * search hits and product pages, and a cart summary beside them.
 */
export function StorePageWithCart() {
  const editor = useCartEditor();
  const addToCart: AddToCart = (variantId, quantity) =>
    editor.add(variantId, quantity).catch(() => undefined);
  return (
    <StorePage
      onAddToCart={addToCart}
      cartSlot={<CartSummary addError={editor.change.error} adding={editor.change.isPending} />}
      searchResults={(query) => <ProductSearchResults query={query} onAddToCart={addToCart} />}
    />
  );
}

function CartSummary({ addError, adding }: { addError: Error | null; adding: boolean }) {
  const state = useCheckoutState();
  const settings = useSettings();
  const cart = state.cart;
  const count = itemCount(cart);
  const needsProfile = settings.data?.settings.store.agentProfile === '';
  const href = `${CHECKOUT_PAGE_PATH}${window.location.search}`;
  return (
    <section className="panel cart-summary" aria-labelledby="cart-summary-title" data-testid="cart-summary">
      <h2 id="cart-summary-title">Cart</h2>
      <p data-testid="cart-summary-count">
        {adding ? 'Adding…' : count === 0 ? 'Empty' : `${count} item${count === 1 ? '' : 's'}`}
      </p>
      {cart && cart.lineItems.length > 0 ? (
        <>
          <ul className="cart-summary-lines">
            {cart.lineItems.map((line) => (
              <li key={line.id || line.itemId}>
                {line.title} × {line.quantity}
              </li>
            ))}
          </ul>
          <TotalsTable totals={state.checkout?.totals ?? cart.totals} testId="cart-summary-totals" />
        </>
      ) : null}
      {needsProfile ? (
        <p className="muted">Set up store checkout on the Cart page before adding items.</p>
      ) : null}
      <RateLimitNotice notice={state.rateLimit} />
      <CheckoutError error={state.lastError} />
      <RequestError error={addError} />
      <a
        href={href}
        className="cart-summary-open"
        onClick={(event) => {
          event.preventDefault();
          navigate(CHECKOUT_PAGE_PATH);
        }}
        data-testid="cart-summary-open"
      >
        {count > 0 ? 'View cart and check out' : 'Open the cart'}
      </a>
    </section>
  );
}
