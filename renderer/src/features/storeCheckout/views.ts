import type { FeatureViews } from '../../app/viewRegistry';
import { CHECKOUT_PAGE_PATH } from './checkoutRoute';
import { CheckoutPage } from './CheckoutPage';

export const storeCheckoutViews: FeatureViews = {
  pages: [{ path: CHECKOUT_PAGE_PATH, label: 'Cart', view: CheckoutPage }],
  bare: [],
};
