/** The cart and checkout page (beside the catalog at /store). */
export const CHECKOUT_PAGE_PATH = '/store/checkout';
