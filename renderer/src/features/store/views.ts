import type { FeatureViews } from '../../app/viewRegistry';
import { StorePageWithCart } from '../storeCheckout/StorePageWithCart';
import { STORE_PAGE_PATH } from './storeRoute';

/** The catalog, with the checkout feature's cart plugged in (StorePage takes onAddToCart and cartSlot). */
export const storeViews: FeatureViews = {
  pages: [{ path: STORE_PAGE_PATH, label: 'Store', view: StorePageWithCart }],
  bare: [],
};
