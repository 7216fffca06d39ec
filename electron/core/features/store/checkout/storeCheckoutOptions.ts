import type { StoreImageAllowlist } from '../storeImageAllowlist';
import type { StoreUrlPolicy } from '../storeUrl';
import type { PaymentLock } from './paymentLock';
import type { ConfirmPayment, ShowPaymentCode } from './paymentSummary';

export interface StoreCheckoutOptions {
  /** Desktop: opens the store's continue_url in the system browser. Absent in browser mode (the view shows the link). */
  openExternal?: (url: string) => Promise<void>;
  /**
   * Desktop: Sightline's own dialog with the totals, answered right before complete_checkout is sent. A page
   * holding the host's URL can click "Pay" for itself, but cannot answer this.
   */
  confirmPayment?: ConfirmPayment;
  /**
   * Desktop: Sightline's own dialog asking whether to take payments again after three cancelled confirmations
   * locked them; true only when the person chose to. Asked once: "keep locked" holds until Sightline restarts.
   */
  confirmUnlock?: () => Promise<boolean>;
  /**
   * Browser mode: where each "Pay" click's one-time code is shown (the terminal running `sightline serve`),
   * never to a page; complete takes it back. With neither this nor `confirmPayment`, nothing can be paid.
   */
  showPaymentCode?: ShowPaymentCode;
  /**
   * Counts refused confirmations and locks payments after too many (see paymentLock). Browser mode passes its
   * own, which the person at the terminal unlocks; otherwise the feature makes one.
   */
  paymentLock?: PaymentLock;
  /** Default: from the environment (SIGHTLINE_ALLOW_INSECURE_LOOPBACK=1 allows http loopback stores). */
  policy?: StoreUrlPolicy;
  newId?: () => string;
  approvalTtlMs?: number;
  /** Where the images of search hits, cart and checkout lines are remembered, for the catalog's image request. */
  images?: StoreImageAllowlist;
}
