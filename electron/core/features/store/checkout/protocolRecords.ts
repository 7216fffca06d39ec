import {
  STORE_CHECKOUT_STATUSES,
  type StoreAddress,
  type StoreBuyer,
  type StoreCart,
  type StoreCheckoutStatus,
  type StoreCheckoutView,
  type StoreFulfillment,
  type StoreFulfillmentGroup,
  type StoreLineItem,
  type StoreLink,
  type StoreMessage,
  type StoreOrder,
  type StorePaymentMethod,
  type StoreSearchProduct,
  type StoreSearchResult,
  type StoreTotal,
} from '@shared/contract';
import { moneyFromAmountObject, moneyFromMinorUnits, type Money } from '@shared/contract/money';
import { clipped } from '@shared/contract/quoted';
import { CRYPTO_PAYMENT_REFUSAL, namesCryptoCurrency } from '@shared/store/forbiddenPayment';
import { StoreFailure } from './storeFailure';

/**
 * Protocol records (search results, carts, checkouts) read into the contract's view types. Store data is
 * untrusted: every field is checked, and text stays text. Amounts go through the money module: an
 * integer is minor units, a string a decimal price, a currency_code is honoured; nothing else is guessed.
 */

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function records(value: unknown): JsonRecord[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

function textOrNull(value: unknown): string | null {
  const result = text(value);
  return result === '' ? null : result;
}

/** An amount: an object ({amount, currency|currency_code}) or a bare integer of the record's currency. */
function money(value: unknown, currency: string): Money | null {
  const parsed = isRecord(value)
    ? moneyFromAmountObject(value, currency)
    : moneyFromMinorUnits(value, currency);
  return parsed.ok ? parsed.money : null;
}

/** An amount Sightline worked out (a product, a sum): null past the safe integers, where it is no longer exact. */
function minorUnits(minor: number, currency: string): Money | null {
  return Number.isSafeInteger(minor) ? { minor, currency } : null;
}

const TOTAL_LABELS: Record<string, string> = {
  subtotal: 'Subtotal',
  items_discount: 'Item discounts',
  discount: 'Discount',
  fulfillment: 'Shipping',
  tax: 'Tax',
  fee: 'Fees',
  total: 'Total',
};

/** Totals in minor units of `currency`; a total that cannot be read is a reason not to pay. */
export function readTotals(value: unknown, currency: string): { totals: StoreTotal[]; unreadable: string[] } {
  const totals: StoreTotal[] = [];
  const unreadable: string[] = [];
  for (const entry of records(value)) {
    const type = text(entry.type, 'other');
    const amount = money(
      isRecord(entry.amount) ? entry.amount : { amount: entry.amount, currency },
      currency,
    );
    if (!amount) {
      unreadable.push(type);
      continue;
    }
    // Own labels only: a type such as "constructor" must not find Object's.
    const known = Object.hasOwn(TOTAL_LABELS, type) ? TOTAL_LABELS[type] : undefined;
    totals.push({ type, label: textOrNull(entry.display_text) ?? known ?? type, amount });
  }
  return { totals, unreadable };
}

function totalOf(value: unknown, currency: string): Money | null {
  const { totals } = readTotals(value, currency);
  return totals.find((total) => total.type === 'total')?.amount ?? null;
}

function readLineItems(value: unknown, currency: string): StoreLineItem[] {
  return records(value).map((line) => {
    const item = isRecord(line.item) ? line.item : {};
    const quantity =
      typeof line.quantity === 'number' && Number.isSafeInteger(line.quantity) ? line.quantity : 0;
    const unitPrice = money(item.price, currency);
    return {
      id: text(line.id),
      itemId: text(item.id),
      title: text(item.title, 'Item'),
      quantity,
      unitPrice,
      imageUrl: httpUrlOrNull(item.image_url),
      total:
        totalOf(line.totals, currency) ??
        (unitPrice ? minorUnits(unitPrice.minor * quantity, unitPrice.currency) : null),
    };
  });
}

function readMessages(value: unknown): StoreMessage[] {
  return records(value).map((message) => {
    const type = message.type === 'error' || message.type === 'warning' ? message.type : 'info';
    return {
      type,
      code: text(message.code),
      content: text(message.content),
      severity: textOrNull(message.severity),
      path: textOrNull(message.path),
    };
  });
}

function readLinks(value: unknown): StoreLink[] {
  return records(value).flatMap((link) => {
    const url = httpUrlOrNull(link.url);
    const type = text(link.type, 'link');
    return url ? [{ type, url, title: textOrNull(link.title) ?? type.replaceAll('_', ' ') }] : [];
  });
}

/** Only absolute http(s) URLs leave the core: never javascript:, file: or data: from a merchant. */
export function httpUrlOrNull(value: unknown): string | null {
  if (typeof value !== 'string' || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
}

function readAddress(value: unknown): StoreAddress | null {
  if (!isRecord(value)) return null;
  return {
    firstName: text(value.first_name),
    lastName: text(value.last_name),
    streetAddress: text(value.street_address),
    extendedAddress: text(value.extended_address),
    locality: text(value.address_locality),
    region: text(value.address_region),
    postalCode: text(value.postal_code),
    country: text(value.address_country),
    phoneNumber: text(value.phone_number),
  };
}

function readBuyer(value: unknown): StoreBuyer | null {
  if (!isRecord(value)) return null;
  return {
    firstName: text(value.first_name),
    lastName: text(value.last_name),
    email: text(value.email),
    phoneNumber: text(value.phone_number),
  };
}

function readFulfillment(value: unknown, currency: string): StoreFulfillment | null {
  const method = isRecord(value) ? records(value.methods)[0] : undefined;
  if (!method) return null;
  const destinations = records(method.destinations);
  const selectedId = text(method.selected_destination_id);
  const destination =
    destinations.find((candidate) => text(candidate.id) === selectedId) ?? destinations[0] ?? null;
  const groups: StoreFulfillmentGroup[] = records(method.groups).map((group) => ({
    id: text(group.id),
    lineItemIds: Array.isArray(group.line_item_ids) ? group.line_item_ids.map((id) => text(id)) : [],
    options: records(group.options).map((option) => {
      const { totals } = readTotals(option.totals, currency);
      return {
        id: text(option.id),
        title: text(option.title, 'Shipping'),
        description: text(option.description),
        carrier: textOrNull(option.carrier),
        total:
          totals.find((total) => total.type === 'total')?.amount ??
          (totals.length > 0
            ? minorUnits(
                totals.reduce((sum, total) => sum + total.amount.minor, 0),
                currency,
              )
            : null),
      };
    }),
    selectedOptionId: textOrNull(group.selected_option_id),
  }));
  return {
    methodId: text(method.id),
    type: method.type === 'pickup' ? 'pickup' : 'shipping',
    destination: readAddress(destination),
    groups,
  };
}

interface PaymentChoice {
  /** The method Sightline pays with: the store's selected one unless refused, else the first allowed one. */
  payment: StorePaymentMethod | null;
  /** Methods the store offered that Sightline refuses (crypto-currency), in the store's order. */
  refused: StorePaymentMethod[];
  /** Whether the store had preselected a refused method. */
  refusedSelected: boolean;
}

function readPaymentMethod(instrument: JsonRecord): StorePaymentMethod | null {
  if (!text(instrument.id) || !text(instrument.handler_id)) return null;
  const display = isRecord(instrument.display) ? instrument.display : {};
  const described =
    textOrNull(display.description) ??
    [text(display.brand), display.last_digits ? `•••• ${text(display.last_digits)}` : '']
      .filter(Boolean)
      .join(' ');
  return {
    instrumentId: text(instrument.id),
    handlerId: text(instrument.handler_id),
    type: text(instrument.type, 'unknown'),
    description: described || text(instrument.type, 'Payment method'),
  };
}

/**
 * The store's payment instruments, with the crypto-currency ones set aside (spec 1 §1): by their own names and
 * type, or by their handler's, as the store's profile describes it (`refusedHandlers`).
 */
function readPayment(value: unknown, refusedHandlers: ReadonlySet<string>): PaymentChoice {
  const offered = (isRecord(value) ? records(value.instruments) : []).flatMap((instrument) => {
    const method = readPaymentMethod(instrument);
    return method ? [{ method, selected: instrument.selected === true }] : [];
  });
  const isRefused = (method: StorePaymentMethod) =>
    refusedHandlers.has(method.handlerId) ||
    namesCryptoCurrency([method.handlerId, method.type, method.instrumentId]);
  const allowed = offered.filter(({ method }) => !isRefused(method));
  const preselected = offered.find(({ selected }) => selected) ?? offered[0];
  const chosen = allowed.find(({ selected }) => selected) ?? allowed[0];
  return {
    payment: chosen?.method ?? null,
    refused: offered.filter(({ method }) => isRefused(method)).map(({ method }) => method),
    refusedSelected: preselected !== undefined && isRefused(preselected.method),
  };
}

/** What the buyer is told about refused methods: which, why, and what Sightline does instead. */
function paymentRefusalMessage(choice: PaymentChoice): StoreMessage | null {
  if (choice.refused.length === 0 || (choice.payment && !choice.refusedSelected)) return null;
  const named = choice.refused.map((method) => method.description).join(', ');
  return {
    type: choice.payment ? 'info' : 'error',
    code: 'payment_method_refused',
    content: choice.payment
      ? `The store chose ${named}: Sightline does not pay with ${CRYPTO_PAYMENT_REFUSAL}. It pays with ${choice.payment.description} instead.`
      : `The store offers only ${named}: Sightline does not pay with ${CRYPTO_PAYMENT_REFUSAL}. Finish the order at the store with another way to pay.`,
    severity: null,
    path: null,
  };
}

function readOrder(value: unknown): StoreOrder | null {
  if (!isRecord(value) || !text(value.id)) return null;
  return {
    id: text(value.id),
    label: textOrNull(value.label),
    permalinkUrl: httpUrlOrNull(value.permalink_url),
  };
}

function readStatus(value: unknown): StoreCheckoutStatus {
  return STORE_CHECKOUT_STATUSES.find((status) => status === value) ?? 'incomplete';
}

/** A business-level error (ucp.status "error", no resource) becomes a StoreFailure with its messages. */
export function failIfBusinessError(raw: JsonRecord, action: string): void {
  const ucp = isRecord(raw.ucp) ? raw.ucp : {};
  if (ucp.status !== 'error') return;
  const messages = readMessages(raw.messages)
    .map((message) => message.content || message.code)
    .filter(Boolean);
  throw new StoreFailure(
    'store-error',
    `The store could not ${action}${messages.length > 0 ? `: ${clipped(messages.join('; '), 300)}` : '.'}`,
    httpUrlOrNull(raw.continue_url),
  );
}

export function readSearchResult(raw: JsonRecord, fallbackCurrency: string): StoreSearchResult {
  failIfBusinessError(raw, 'search the catalog');
  const products: StoreSearchProduct[] = records(raw.products).map((product) => {
    const range = isRecord(product.price_range) ? product.price_range : {};
    // The spec's description is {plain|html|markdown}; Shopify's stores also send a plain string.
    const description = isRecord(product.description)
      ? product.description
      : { plain: typeof product.description === 'string' ? product.description : '' };
    const media = records(product.media).find((item) => item.type === undefined || item.type === 'image');
    return {
      id: text(product.id),
      title: text(product.title, 'Product'),
      handle: textOrNull(product.handle),
      url: httpUrlOrNull(product.url),
      // Plain text only: html and markdown descriptions are merchant markup, not shown as such.
      description: text(description.plain),
      imageUrl: httpUrlOrNull(media?.url),
      priceMin: money(range.min, fallbackCurrency),
      priceMax: money(range.max, fallbackCurrency),
      variants: records(product.variants).flatMap((variant) => {
        const price = money(variant.price, fallbackCurrency);
        // The spec's availability.available, or a bare `available` flag as Shopify's stores send it.
        const availability = isRecord(variant.availability)
          ? variant.availability.available
          : variant.available;
        return price && text(variant.id)
          ? [
              {
                id: text(variant.id),
                title: text(variant.title, 'Default'),
                price,
                available: typeof availability === 'boolean' ? availability : null,
              },
            ]
          : [];
      }),
    };
  });
  const pagination = isRecord(raw.pagination) ? raw.pagination : {};
  return {
    products,
    nextCursor: pagination.has_next_page === true ? textOrNull(pagination.cursor) : null,
  };
}

export function readCart(raw: JsonRecord, fallbackCurrency: string): StoreCart {
  failIfBusinessError(raw, 'update the cart');
  if (!text(raw.id)) throw new StoreFailure('store-error', 'The store answered without a cart id.');
  const currency = textOrNull(raw.currency) ?? fallbackCurrency;
  return {
    id: text(raw.id),
    currency,
    lineItems: readLineItems(raw.line_items, currency),
    totals: readTotals(raw.totals, currency).totals,
    messages: readMessages(raw.messages),
    links: readLinks(raw.links),
    continueUrl: httpUrlOrNull(raw.continue_url),
  };
}

export interface CheckoutReadOptions {
  fallbackCurrency: string;
  /** Whether the store lists complete_checkout for this agent. */
  completeToolListed: boolean;
  /** Ids of the payment handlers the store's profile describes as crypto-currency (see forbiddenPayment). */
  refusedHandlers?: ReadonlySet<string>;
}

export function readCheckout(raw: JsonRecord, options: CheckoutReadOptions): StoreCheckoutView {
  failIfBusinessError(raw, 'update the checkout');
  if (!text(raw.id)) throw new StoreFailure('store-error', 'The store answered without a checkout id.');
  const currency = textOrNull(raw.currency) ?? options.fallbackCurrency;
  const status = readStatus(raw.status);
  const { totals, unreadable } = readTotals(raw.totals, currency);
  const choice = readPayment(raw.payment, options.refusedHandlers ?? new Set());
  const { payment } = choice;
  const refusal = paymentRefusalMessage(choice);
  const completeBlockedReason =
    status !== 'ready_for_complete'
      ? statusReason(status)
      : !options.completeToolListed
        ? 'This store does not let agents place orders; finish at the store.'
        : unreadable.length > 0
          ? `The store sent totals Sightline cannot read (${unreadable.join(', ')}); finish at the store.`
          : !totals.some((total) => total.type === 'total')
            ? 'The store sent no order total; finish at the store.'
            : !payment
              ? (refusal?.content ??
                'The store has no payment method for this checkout; finish at the store.')
              : null;
  return {
    id: text(raw.id),
    status,
    currency,
    lineItems: readLineItems(raw.line_items, currency),
    totals,
    buyer: readBuyer(raw.buyer),
    fulfillment: readFulfillment(raw.fulfillment, currency),
    payment,
    messages: [...readMessages(raw.messages), ...(refusal ? [refusal] : [])],
    links: readLinks(raw.links),
    continueUrl: httpUrlOrNull(raw.continue_url),
    expiresAt: textOrNull(raw.expires_at),
    order: readOrder(raw.order),
    agentCanComplete: completeBlockedReason === null,
    completeBlockedReason,
  };
}

function statusReason(status: StoreCheckoutStatus): string {
  switch (status) {
    case 'incomplete':
      return 'The checkout still needs details (buyer, address or shipping).';
    case 'requires_escalation':
      return 'The store needs the buyer to finish at the store.';
    case 'complete_in_progress':
      return 'The store is placing the order.';
    case 'completed':
      return 'The order is placed.';
    case 'canceled':
      return 'The checkout was canceled.';
    case 'ready_for_complete':
      return '';
  }
}
