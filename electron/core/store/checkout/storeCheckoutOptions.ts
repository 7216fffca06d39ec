import type { StoreImageAllowlist } from '../storeImageAllowlist';
import type { StoreUrlPolicy } from '../storeUrl';
import type { ConfirmPayment, ShowPaymentCode } from './paymentSummary';

export interface StoreCheckoutFeatureOptions {
  /** Desktop: opens the store's continue_url in the system browser. Absent in browser mode (the view shows the link). */
  openExternal?: (url: string) => Promise<void>;
  /**
   * Desktop: Sightline's own dialog with the totals, answered right before complete_checkout is sent. A page
   * holding the host's URL can click "Pay" for itself, but cannot answer this.
   */
  confirmPayment?: ConfirmPayment;
  /**
   * Browser mode: where each "Pay" click's one-time code is shown (the terminal running `sightline serve`),
   * never to a page; complete takes it back. With neither this nor `confirmPayment`, nothing can be paid.
   */
  showPaymentCode?: ShowPaymentCode;
  /** Default: from the environment (SIGHTLINE_ALLOW_INSECURE_LOOPBACK=1 allows http loopback stores). */
  policy?: StoreUrlPolicy;
  newId?: () => string;
  approvalTtlMs?: number;
  /** Where the images of search hits, cart and checkout lines are remembered, for the catalog's image request. */
  images?: StoreImageAllowlist;
}
