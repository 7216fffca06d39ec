import type { FeatureViews } from '../../navigation/featureViews';
import { CHECKOUT_PAGE_PATH } from './checkoutRoute';
import { CheckoutPage } from './CheckoutPage';
import { StorePageWithCart } from './StorePageWithCart';
import { STORE_PAGE_PATH } from './storeRoute';

/** The catalog with the cart plugged in (StorePage takes onAddToCart and cartSlot), and the checkout beside it. */
export const storeViews: FeatureViews = {
  pages: [
    { path: STORE_PAGE_PATH, label: 'Store', view: StorePageWithCart },
    { path: CHECKOUT_PAGE_PATH, label: 'Cart', view: CheckoutPage },
  ],
  bare: [],
};
