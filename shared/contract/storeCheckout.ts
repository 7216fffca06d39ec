import { z } from 'zod';
import type { Money } from './money';

/**
 * The merch store's agent checkout (spec 3, issue 9): discovery of the store's commerce protocol
 * profile, catalog search, cart, checkout, and payment only after the buyer's explicit approval.
 * Card data never crosses this contract (nor is it kept anywhere): the store's checkout names the
 * payment method, and anything the agent may not do is handed to the store's `continue_url`.
 */

/** Protocol versions Sightline speaks, best first. */
export const STORE_PROTOCOL_VERSIONS = ['2026-04-08', '2026-01-23'] as const;
export type StoreProtocolVersion = (typeof STORE_PROTOCOL_VERSIONS)[number];

// Pushed state.

export interface StoreCapabilitySummary {
  /** Reverse-domain name, like dev.ucp.shopping.checkout. */
  name: string;
  version: string | null;
  /** Parent capabilities this one extends. */
  extends: string[];
}

export interface StorePaymentHandlerSummary {
  /** The map key (dev.shopify.card) or, in the older shape, the handler's name. */
  name: string;
  id: string;
  version: string | null;
  /** Instrument types it takes (card, wallet…). */
  instrumentTypes: string[];
  /** Why Sightline never pays with it (crypto-currency, spec 1 §1), or null. */
  refusal: string | null;
}

/** A service of the store's profile that Sightline calls, at the version negotiated for it. */
export interface StoreServiceSummary {
  /** Reverse-domain name, like dev.ucp.shopping. */
  name: string;
  /** The service entry's own version: a profile of one version may run a service of an older one. */
  version: string;
  transport: 'mcp';
  endpoint: string;
}

/** The merchant profile as discovered at `{store}/.well-known/ucp`. */
export interface StoreMerchantProfile {
  /** The storefront's base URL (the setting). */
  storeUrl: string;
  /** The version both sides speak. */
  version: StoreProtocolVersion;
  /** The version the store's discovery document published first (may be newer than ours). */
  publishedVersion: string;
  /** Versions the store lists (its own plus supported_versions). */
  storeVersions: string[];
  /** 'capability-array': the older 2026-01-11 document; 'map-of-arrays': 2026-01-23 and later. */
  profileShape: 'capability-array' | 'map-of-arrays';
  transport: 'mcp';
  /** The dev.ucp.shopping MCP endpoint (often on another host than the storefront). */
  endpoint: string;
  /** Each service Sightline calls, with the version negotiated for it. */
  services: StoreServiceSummary[];
  capabilities: StoreCapabilitySummary[];
  paymentHandlers: StorePaymentHandlerSummary[];
  /** Epoch ms. */
  discoveredAt: number;
}

export interface StoreSearchVariant {
  /** The id that cart and checkout line items take (item.id). */
  id: string;
  title: string;
  price: Money;
  /** null when the store does not say. */
  available: boolean | null;
}

export interface StoreSearchProduct {
  id: string;
  title: string;
  handle: string | null;
  url: string | null;
  /** Plain text: merchant text is untrusted and never rendered as HTML. */
  description: string;
  imageUrl: string | null;
  priceMin: Money | null;
  priceMax: Money | null;
  variants: StoreSearchVariant[];
}

export interface StoreLineItem {
  /** The store's line id (absent on create, kept on update). */
  id: string;
  /** The variant id. */
  itemId: string;
  title: string;
  quantity: number;
  unitPrice: Money | null;
  imageUrl: string | null;
  /** The line's total (its `total` entry, else unit price × quantity). */
  total: Money | null;
}

/** Well-known types: subtotal, items_discount, discount, fulfillment, tax, fee, total; others pass through. */
export interface StoreTotal {
  type: string;
  /** The store's display_text, else a label for the type. */
  label: string;
  amount: Money;
}

export interface StoreMessage {
  type: 'error' | 'warning' | 'info';
  code: string;
  /** Plain text (markdown is shown as text, never rendered as HTML). */
  content: string;
  /** For errors: recoverable, requires_buyer_input, requires_buyer_review, unrecoverable. */
  severity: string | null;
  path: string | null;
}

/** Links the store sends with a checkout (privacy_policy, terms_of_service, refund_policy…): legally mandatory to display. */
export interface StoreLink {
  type: string;
  url: string;
  title: string;
}

export interface StoreAddress {
  firstName: string;
  lastName: string;
  streetAddress: string;
  extendedAddress: string;
  locality: string;
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phoneNumber: string;
}

export interface StoreBuyer {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export interface StoreFulfillmentOption {
  id: string;
  title: string;
  description: string;
  carrier: string | null;
  /** The option's total (its `total` entry, or the sum of its totals). */
  total: Money | null;
}

export interface StoreFulfillmentGroup {
  id: string;
  lineItemIds: string[];
  options: StoreFulfillmentOption[];
  selectedOptionId: string | null;
}

export interface StoreFulfillment {
  methodId: string;
  type: 'shipping' | 'pickup';
  destination: StoreAddress | null;
  groups: StoreFulfillmentGroup[];
}

/** The payment method the store's checkout holds (its display text only; never card numbers). */
export interface StorePaymentMethod {
  instrumentId: string;
  handlerId: string;
  type: string;
  /** "Visa •••• 4242", from the store. */
  description: string;
}

export const STORE_CHECKOUT_STATUSES = [
  'incomplete',
  'requires_escalation',
  'ready_for_complete',
  'complete_in_progress',
  'completed',
  'canceled',
] as const;
export type StoreCheckoutStatus = (typeof STORE_CHECKOUT_STATUSES)[number];

export interface StoreOrder {
  id: string;
  label: string | null;
  permalinkUrl: string | null;
}

export interface StoreCart {
  id: string;
  currency: string;
  lineItems: StoreLineItem[];
  totals: StoreTotal[];
  messages: StoreMessage[];
  links: StoreLink[];
  continueUrl: string | null;
}

/** The checkout as the confirmation screen shows it. */
export interface StoreCheckoutView {
  id: string;
  status: StoreCheckoutStatus;
  currency: string;
  lineItems: StoreLineItem[];
  totals: StoreTotal[];
  buyer: StoreBuyer | null;
  fulfillment: StoreFulfillment | null;
  payment: StorePaymentMethod | null;
  messages: StoreMessage[];
  links: StoreLink[];
  continueUrl: string | null;
  /** RFC 3339, or null. */
  expiresAt: string | null;
  order: StoreOrder | null;
  /**
   * Whether Sightline may place this order itself after the buyer clicks "Pay" (status
   * ready_for_complete, the store lists complete_checkout, a payment method is set). When false,
   * `completeBlockedReason` says why and the buyer finishes at `continueUrl`.
   */
  agentCanComplete: boolean;
  completeBlockedReason: string | null;
}

/** The store is being handed the buyer: its continue_url, opened in the system browser or shown. */
export interface StoreHandoff {
  url: string;
  /** requires_escalation: the store asked; agent-cannot-complete: Sightline may not place it; store-refused: complete was refused. */
  reason: 'requires_escalation' | 'agent-cannot-complete' | 'store-refused';
  /** For people. */
  message: string;
  /** true when the desktop app opened it in the system browser; in browser mode the view shows the link. */
  opened: boolean;
}

/** "The store asked us to wait N s": a rate limit being honoured before a retry. */
export interface StoreRateLimitNotice {
  tool: string;
  retryAfterSeconds: number;
  /** Epoch ms when the retry is sent. */
  resumesAt: number;
  /** 1 for the first retry. */
  attempt: number;
}

export type StoreCheckoutErrorCode =
  | 'not-configured'
  | 'bad-url'
  | 'discovery-failed'
  | 'version-unsupported'
  | 'no-endpoint'
  | 'tool-missing'
  | 'invalid-input'
  | 'rate-limited'
  | 'store-error'
  | 'network'
  | 'approval-refused'
  | 'no-checkout';

export interface StoreCheckoutError {
  code: StoreCheckoutErrorCode;
  message: string;
  /** Epoch ms. */
  at: number;
}

export interface StoreState {
  profile: StoreMerchantProfile | null;
  cart: StoreCart | null;
  checkout: StoreCheckoutView | null;
  /** The order once completed (also on `checkout.order`). */
  order: StoreOrder | null;
  handoff: StoreHandoff | null;
  rateLimit: StoreRateLimitNotice | null;
  /** The tool call in flight (search_catalog, update_checkout…), or null. */
  pending: string | null;
  lastError: StoreCheckoutError | null;
}

export const INITIAL_STORE_STATE: StoreState = {
  profile: null,
  cart: null,
  checkout: null,
  order: null,
  handoff: null,
  rateLimit: null,
  pending: null,
  lastError: null,
};

// Requests.

const id = z.string().trim().min(1).max(500);
const text = (max: number) => z.string().trim().max(max);

export const storeCartLineSchema = z.object({
  variantId: id,
  quantity: z.number().int().min(1).max(99),
});
export type StoreCartLineInput = z.input<typeof storeCartLineSchema>;

export const storeBuyerInputSchema = z.object({
  firstName: text(100).min(1),
  lastName: text(100).min(1),
  email: z.email(),
  /** E.164, or empty. */
  phoneNumber: z
    .string()
    .trim()
    .regex(/^(\+[1-9]\d{6,14})?$/, 'a phone number in international form, like +15551234567')
    .default(''),
});

export const storeAddressInputSchema = z.object({
  firstName: text(100).min(1),
  lastName: text(100).min(1),
  streetAddress: text(200).min(1),
  extendedAddress: text(200).default(''),
  locality: text(100).min(1),
  region: text(100).default(''),
  postalCode: text(20).min(1),
  country: z.string().regex(/^[A-Z]{2}$/, 'a two-letter country code, like US'),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^(\+[1-9]\d{6,14})?$/, 'a phone number in international form, like +15551234567')
    .default(''),
});

/** The totals the buyer saw on the confirmation screen, echoed back so stale totals are refused. */
export const storeSeenTotalSchema = z.object({
  type: z.string().min(1).max(100),
  minor: z.number().int(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
export type StoreSeenTotal = z.input<typeof storeSeenTotalSchema>;

export const storeCheckoutRequestInputSchemas = {
  /** Fetch and negotiate the profile of the store in settings (cached unless refresh). */
  'store.checkout.discover': z.object({ refresh: z.boolean().default(false) }).strict(),
  /**
   * The app's product search: search_catalog with the buyer context, or `no-agent-interface` when the
   * store's tools cannot be used (no agent profile set, no MCP endpoint, no search_catalog tool), so the
   * page searches the storefront instead.
   */
  'store.checkout.searchCatalog': z
    .object({
      query: text(200),
      limit: z.number().int().min(1).max(50).default(10),
      cursor: z.string().max(2000).optional(),
    })
    .strict(),
  /** create_cart with these lines (replaces any current cart and checkout). */
  'store.checkout.createCart': z.object({ lines: z.array(storeCartLineSchema).min(1).max(50) }).strict(),
  /** update_cart: a full replacement of the current cart's lines. */
  'store.checkout.updateCart': z.object({ lines: z.array(storeCartLineSchema).min(1).max(50) }).strict(),
  /** create_checkout from the current cart. */
  'store.checkout.createCheckout': z.object({}).strict(),
  /** update_checkout: any of buyer, shipping address, fulfillment option (the rest is kept). */
  'store.checkout.updateCheckout': z
    .object({
      buyer: storeBuyerInputSchema.optional(),
      shippingAddress: storeAddressInputSchema.optional(),
      fulfillment: z.object({ groupId: id, optionId: id }).optional(),
    })
    .strict(),
  /** get_checkout: refresh the current checkout. */
  'store.checkout.getCheckout': z.object({}).strict(),
  /**
   * The confirmation screen's "Pay" click: mints a one-time approval bound to this checkout and the
   * totals the buyer saw. Refused when they differ from the checkout's current totals.
   */
  'store.checkout.approve': z
    .object({
      checkoutId: id,
      totals: z.array(storeSeenTotalSchema).min(1).max(50),
      /** The page's language (navigator.language): the confirmation outside the page writes money as the page does. */
      locale: z.string().max(35).optional(),
    })
    .strict(),
  /**
   * complete_checkout, only with a fresh approval for this checkout and the same totals, once the person at
   * this machine confirms: in Sightline's own dialog (desktop), or with the approval's one-time code that
   * `sightline serve` printed in its terminal (browser mode).
   */
  'store.checkout.complete': z
    .object({
      checkoutId: id,
      approvalId: id,
      totals: z.array(storeSeenTotalSchema).min(1).max(50),
      confirmationCode: z.string().max(32).optional(),
      /** The page's language (navigator.language): the confirmation outside the page writes money as the page does. */
      locale: z.string().max(35).optional(),
    })
    .strict(),
  /** Hand the buyer to the store's continue_url (desktop: system browser; browser mode: the view shows it). */
  'store.checkout.handoff': z.object({}).strict(),
  /** Forget cart, checkout, handoff and error (the profile stays). */
  'store.checkout.reset': z.object({}).strict(),
} as const satisfies Record<string, z.ZodType>;

export interface StoreSearchResult {
  products: StoreSearchProduct[];
  nextCursor: string | null;
}

export type StoreCatalogSearchOutcome =
  | ({ kind: 'results' } & StoreSearchResult)
  /** Why the store's agent interface cannot search (for people); the storefront's search page stands in. */
  | { kind: 'no-agent-interface'; reason: string };

/**
 * How the person at this machine confirms a payment, outside anything a page could do with its URL:
 * `dialog`, Sightline's own dialog with the totals (desktop, shown during complete); `terminal-code`, a
 * one-time code `sightline serve` prints in its terminal, to type back with complete (browser mode).
 */
export type StorePaymentConfirmation = 'dialog' | 'terminal-code';

export interface StoreApproval {
  approvalId: string;
  checkoutId: string;
  /** Epoch ms after which complete refuses it. */
  expiresAt: number;
  confirmation: StorePaymentConfirmation;
}

export type StoreCompleteOutcome =
  | { kind: 'completed'; checkout: StoreCheckoutView; order: StoreOrder }
  | { kind: 'handoff'; checkout: StoreCheckoutView | null; handoff: StoreHandoff }
  /**
   * Not confirmed (the dialog's Cancel, a missing or wrong code): nothing was sent to the store. `retry`:
   * the same approval takes another code; otherwise it is spent and the buyer clicks "Pay" again.
   */
  | { kind: 'not-confirmed'; message: string; retry: boolean };

export interface StoreCheckoutRequestOutputs {
  'store.checkout.discover': StoreMerchantProfile;
  'store.checkout.searchCatalog': StoreCatalogSearchOutcome;
  'store.checkout.createCart': StoreCart;
  'store.checkout.updateCart': StoreCart;
  'store.checkout.createCheckout': StoreCheckoutView;
  'store.checkout.updateCheckout': StoreCheckoutView;
  'store.checkout.getCheckout': StoreCheckoutView;
  'store.checkout.approve': StoreApproval;
  'store.checkout.complete': StoreCompleteOutcome;
  'store.checkout.handoff': StoreHandoff;
  'store.checkout.reset': StoreState;
}

/** The totals of a checkout in the form the confirmation screen echoes back. */
export function seenTotalsOf(checkout: Pick<StoreCheckoutView, 'totals'>): StoreSeenTotal[] {
  return checkout.totals.map((total) => ({
    type: total.type,
    minor: total.amount.minor,
    currency: total.amount.currency,
  }));
}
