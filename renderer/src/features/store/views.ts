import type { FeatureViews } from '../../app/viewRegistry';
import { StorePageWithCart } from '../storeCheckout/StorePageWithCart';
import { STORE_PAGE_PATH } from './storeRoute';

/**
 * The checkout UI plugs in here: replace `view: StorePage` with a component that renders
 * `<StorePage onAddToCart={…} cartSlot={…} />`.
 */
export const storeViews: FeatureViews = {
  pages: [{ path: STORE_PAGE_PATH, label: 'Store', view: StorePageWithCart }],
  bare: [],
};
