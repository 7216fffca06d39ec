import {
  STORE_CURRENCY,
  STORE_PRODUCTS,
  findVariant,
  imagePath,
  presentmentCurrency,
  presentmentMinor,
  productGid,
  variantGid,
  type StoreProductRecord,
} from './storeProducts';

/**
 * The fake store's carts, checkouts and orders, and what each shopping tool does to them. Statuses move
 * as on a real store: a checkout is incomplete until it has a buyer, a shipping address and a shipping
 * option, then ready_for_complete, then completed with an order (or requires_escalation, in that mode).
 */

export type CompleteMode = 'complete' | 'escalate' | 'agents-cannot-complete';

/**
 * The ways to pay the store offers: its wallet only (default); a crypto-currency handler as well, preselected
 * on every checkout (`crypto-preselected`); or the crypto-currency handler alone (`crypto-only`).
 */
export type PaymentOffer = 'wallet' | 'crypto-preselected' | 'crypto-only';

type JsonRecord = Record<string, unknown>;

interface Line {
  id: string;
  variantId: string;
  quantity: number;
}

interface Destination extends JsonRecord {
  id: string;
  address_country: string;
}

interface CheckoutRecord {
  id: string;
  status: 'incomplete' | 'ready_for_complete' | 'requires_escalation' | 'completed' | 'canceled';
  lines: Line[];
  buyer: JsonRecord | null;
  destination: Destination | null;
  selectedOptionId: string | null;
  order: { id: string; label: string; permalink_url: string } | null;
  escalated: boolean;
}

export interface ToolAnswer {
  /** The resource or error_response. */
  content: JsonRecord;
}

export interface ShoppingOptions {
  baseUrl: () => string;
  version: () => string;
  completeMode: () => CompleteMode;
  paymentOffer: () => PaymentOffer;
}

/** The stored wallet the fake store offers every checkout: a token it holds, never card digits from us. */
export const SIM_PAYMENT_INSTRUMENT = {
  id: 'pi_sim_wallet_1',
  handler_id: 'sim.wallet',
  type: 'wallet',
  display: { brand: 'visa', last_digits: '4242', description: 'Sim Wallet · Visa •••• 4242' },
  selected: true,
};

/**
 * A stablecoin handler as UCP profiles list one (reverse-domain name → entries with id, version, spec, schema,
 * available_instruments, config), and the instrument a checkout offers through it.
 */
export const SIM_CRYPTO_HANDLER_NAME = 'xyz.coinpay.stablecoin';
export const SIM_CRYPTO_INSTRUMENT = {
  id: 'pi_coinpay_1',
  handler_id: 'coinpay_usdc',
  type: 'crypto',
  display: { description: 'USDC on Base (CoinPay)' },
  selected: true,
};

/** The instruments a checkout lists, the preselected one first. */
export function offeredInstruments(offer: PaymentOffer): Record<string, unknown>[] {
  switch (offer) {
    case 'wallet':
      return [SIM_PAYMENT_INSTRUMENT];
    case 'crypto-preselected':
      return [SIM_CRYPTO_INSTRUMENT, { ...SIM_PAYMENT_INSTRUMENT, selected: false }];
    case 'crypto-only':
      return [SIM_CRYPTO_INSTRUMENT];
  }
}

const SHIPPING_OPTIONS = (country: string) =>
  country === 'US'
    ? [
        {
          id: 'ship_standard',
          title: 'Standard',
          description: '5–7 business days',
          carrier: 'USPS',
          minor: 500,
        },
        {
          id: 'ship_express',
          title: 'Express',
          description: '1–2 business days',
          carrier: 'UPS',
          minor: 1500,
        },
      ]
    : [
        {
          id: 'ship_intl',
          title: 'International',
          description: '7–14 business days',
          carrier: 'DHL',
          minor: 2500,
        },
      ];

const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function createUcpShopping(options: ShoppingOptions) {
  const carts = new Map<string, { id: string; lines: Line[] }>();
  const checkouts = new Map<string, CheckoutRecord>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_${(++counter).toString().padStart(4, '0')}`;

  const ucp = () => ({
    version: options.version(),
    status: 'success',
    capabilities: {
      'dev.ucp.shopping.checkout': [{ version: options.version() }],
      'dev.ucp.shopping.fulfillment': [{ version: options.version() }],
    },
  });
  const businessError = (code: string, content: string, continueUrl?: string): ToolAnswer => ({
    content: {
      ucp: { ...ucp(), status: 'error' },
      messages: [{ type: 'error', code, content, severity: 'unrecoverable' }],
      ...(continueUrl ? { continue_url: continueUrl } : {}),
    },
  });

  const readLines = (value: unknown, previous: Line[] = []): Line[] | string => {
    if (!Array.isArray(value) || value.length === 0) return 'line_items are required';
    const lines: Line[] = [];
    for (const entry of value) {
      const item = isRecord(entry) && isRecord(entry.item) ? entry.item : null;
      const variantId = typeof item?.id === 'string' ? item.id : '';
      const found = findVariant(variantId);
      if (!found) return `unknown item ${variantId}`;
      if (!found.variant.available) return `${found.product.title} (${found.variant.title}) is out of stock`;
      const quantity = isRecord(entry) && typeof entry.quantity === 'number' ? entry.quantity : 1;
      const keep =
        isRecord(entry) && typeof entry.id === 'string'
          ? previous.find((line) => line.id === entry.id)
          : undefined;
      lines.push({ id: keep?.id ?? nextId('li'), variantId: variantGid(found.variant.id), quantity });
    }
    return lines;
  };

  const lineRecord = (line: Line) => {
    const found = findVariant(line.variantId);
    const price = found?.variant.priceMinor ?? 0;
    const title = found
      ? `${found.product.title}${found.product.variants.length > 1 ? ` (${found.variant.title})` : ''}`
      : 'Item';
    const image = found?.product.images[0];
    return {
      id: line.id,
      item: {
        id: line.variantId,
        title,
        price,
        ...(image ? { image_url: `${options.baseUrl()}${imagePath(image)}` } : {}),
      },
      quantity: line.quantity,
      totals: [
        { type: 'subtotal', amount: price * line.quantity },
        { type: 'total', amount: price * line.quantity },
      ],
    };
  };
  const subtotalOf = (lines: Line[]) =>
    lines.reduce(
      (sum, line) => sum + (findVariant(line.variantId)?.variant.priceMinor ?? 0) * line.quantity,
      0,
    );

  const cartRecord = (cart: { id: string; lines: Line[] }) => {
    const subtotal = subtotalOf(cart.lines);
    return {
      ucp: ucp(),
      id: cart.id,
      currency: STORE_CURRENCY,
      line_items: cart.lines.map(lineRecord),
      totals: [
        { type: 'subtotal', amount: subtotal },
        { type: 'total', amount: subtotal },
      ],
      continue_url: `${options.baseUrl()}/cart/c/${cart.id}`,
    };
  };

  const checkoutRecord = (checkout: CheckoutRecord): JsonRecord => {
    const subtotal = subtotalOf(checkout.lines);
    const shipping = checkout.destination
      ? SHIPPING_OPTIONS(checkout.destination.address_country).find(
          (option) => option.id === checkout.selectedOptionId,
        )
      : undefined;
    const tax = checkout.destination?.address_country === 'US' ? Math.round(subtotal * 0.08) : 0;
    const totals = [
      { type: 'subtotal', amount: subtotal },
      ...(shipping
        ? [{ type: 'fulfillment', amount: shipping.minor, display_text: `Shipping (${shipping.title})` }]
        : []),
      ...(checkout.destination ? [{ type: 'tax', amount: tax }] : []),
      { type: 'total', amount: subtotal + (shipping?.minor ?? 0) + (checkout.destination ? tax : 0) },
    ];
    const missing = [
      checkout.buyer
        ? null
        : { code: 'missing_buyer', path: '$.buyer', content: 'Buyer details are required.' },
      checkout.destination
        ? null
        : { code: 'missing_address', path: '$.fulfillment', content: 'A shipping address is required.' },
      checkout.destination && !shipping
        ? { code: 'missing_shipping_option', path: '$.fulfillment', content: 'Choose a shipping option.' }
        : null,
    ].filter((entry) => entry !== null);
    const terminal = checkout.status === 'completed' || checkout.status === 'canceled';
    const base = options.baseUrl();
    return {
      ucp: ucp(),
      id: checkout.id,
      status: checkout.status,
      currency: STORE_CURRENCY,
      line_items: checkout.lines.map(lineRecord),
      totals,
      ...(checkout.buyer ? { buyer: checkout.buyer } : {}),
      ...(checkout.destination
        ? {
            fulfillment: {
              methods: [
                {
                  id: 'method_shipping',
                  type: 'shipping',
                  line_item_ids: checkout.lines.map((line) => line.id),
                  destinations: [checkout.destination],
                  selected_destination_id: checkout.destination.id,
                  groups: [
                    {
                      id: 'group_1',
                      line_item_ids: checkout.lines.map((line) => line.id),
                      options: SHIPPING_OPTIONS(checkout.destination.address_country).map((option) => ({
                        id: option.id,
                        title: option.title,
                        description: option.description,
                        carrier: option.carrier,
                        totals: [{ type: 'total', amount: option.minor }],
                      })),
                      ...(checkout.selectedOptionId ? { selected_option_id: checkout.selectedOptionId } : {}),
                    },
                  ],
                },
              ],
            },
          }
        : {}),
      payment: { instruments: offeredInstruments(options.paymentOffer()) },
      messages: [
        ...missing.map((entry) => ({ type: 'error', severity: 'requires_buyer_input', ...entry })),
        ...(checkout.status === 'requires_escalation'
          ? [
              {
                type: 'error',
                code: 'requires_buyer_review',
                severity: 'requires_buyer_review',
                content: 'Please review and confirm this order on the store’s page.',
              },
            ]
          : []),
      ],
      links: [
        { type: 'privacy_policy', url: `${base}/policies/privacy-policy`, title: 'Privacy policy' },
        { type: 'terms_of_service', url: `${base}/policies/terms-of-service`, title: 'Terms of service' },
        { type: 'refund_policy', url: `${base}/policies/refund-policy`, title: 'Refund policy' },
      ],
      ...(terminal ? {} : { continue_url: `${base}/checkouts/${checkout.id}/continue` }),
      expires_at: '2099-01-01T00:00:00Z',
      ...(checkout.order ? { order: checkout.order } : {}),
    };
  };

  const refreshStatus = (checkout: CheckoutRecord): void => {
    if (checkout.status === 'completed' || checkout.status === 'canceled' || checkout.escalated) return;
    const ready =
      checkout.buyer !== null && checkout.destination !== null && checkout.selectedOptionId !== null;
    checkout.status = ready ? 'ready_for_complete' : 'incomplete';
  };

  const applyCheckoutBody = (checkout: CheckoutRecord, body: JsonRecord): string | null => {
    const lines = readLines(body.line_items, checkout.lines);
    if (typeof lines === 'string') return lines;
    checkout.lines = lines;
    if (isRecord(body.buyer)) checkout.buyer = { ...body.buyer };
    const method =
      isRecord(body.fulfillment) && Array.isArray(body.fulfillment.methods)
        ? body.fulfillment.methods[0]
        : null;
    if (isRecord(method)) {
      const destination = Array.isArray(method.destinations) ? method.destinations[0] : null;
      if (isRecord(destination) && typeof destination.address_country === 'string') {
        const changedCountry = checkout.destination?.address_country !== destination.address_country;
        checkout.destination = { ...destination, id: 'dest_1', address_country: destination.address_country };
        if (changedCountry) checkout.selectedOptionId = null;
      }
      const group = Array.isArray(method.groups) ? method.groups.find(isRecord) : undefined;
      const optionId = typeof group?.selected_option_id === 'string' ? group.selected_option_id : null;
      if (optionId && checkout.destination) {
        const valid = SHIPPING_OPTIONS(checkout.destination.address_country).some(
          (option) => option.id === optionId,
        );
        if (!valid) return `unknown shipping option ${optionId}`;
        checkout.selectedOptionId = optionId;
      }
    }
    refreshStatus(checkout);
    return null;
  };

  const search = (catalog: JsonRecord): ToolAnswer => {
    const query = typeof catalog.query === 'string' ? catalog.query.trim().toLowerCase() : '';
    const pagination = isRecord(catalog.pagination) ? catalog.pagination : {};
    const limit = typeof pagination.limit === 'number' ? pagination.limit : 10;
    const start = typeof pagination.cursor === 'string' ? Number(pagination.cursor) || 0 : 0;
    const words = query.split(/\s+/).filter(Boolean);
    const matches = STORE_PRODUCTS.filter((product) =>
      words.every((word) =>
        [product.title, product.productType, ...product.tags].join(' ').toLowerCase().includes(word),
      ),
    );
    const page = matches.slice(start, start + limit);
    const hasNext = start + limit < matches.length;
    const context = isRecord(catalog.context) ? catalog.context : {};
    const currency = presentmentCurrency(typeof context.currency === 'string' ? context.currency : null);
    return {
      content: {
        ucp: ucp(),
        products: page.map((product) => productRecord(product, options.baseUrl(), currency)),
        pagination: {
          has_next_page: hasNext,
          total_count: matches.length,
          ...(hasNext ? { cursor: String(start + limit) } : {}),
        },
      },
    };
  };

  return {
    search,
    createCart(cart: JsonRecord): ToolAnswer {
      const lines = readLines(cart.line_items);
      if (typeof lines === 'string') return businessError('item_unavailable', lines);
      const record = { id: `gid://shopify/Cart/${nextId('cart')}`, lines };
      carts.set(record.id, record);
      return { content: cartRecord(record) };
    },
    updateCart(id: string, cart: JsonRecord): ToolAnswer {
      const record = carts.get(id);
      if (!record) return businessError('not_found', `no cart ${id}`);
      const lines = readLines(cart.line_items, record.lines);
      if (typeof lines === 'string') return businessError('item_unavailable', lines);
      record.lines = lines;
      return { content: cartRecord(record) };
    },
    createCheckout(body: JsonRecord): ToolAnswer {
      const cart = typeof body.cart_id === 'string' ? carts.get(body.cart_id) : undefined;
      if (typeof body.cart_id === 'string' && !cart)
        return businessError('not_found', `no cart ${body.cart_id}`);
      const checkout: CheckoutRecord = {
        id: nextId('chk'),
        status: 'incomplete',
        lines: cart ? cart.lines.map((line) => ({ ...line, id: nextId('li') })) : [],
        buyer: null,
        destination: null,
        selectedOptionId: null,
        order: null,
        escalated: false,
      };
      const problem = applyCheckoutBody(
        checkout,
        cart
          ? {
              ...body,
              line_items: checkout.lines.map((line) => ({
                id: line.id,
                item: { id: line.variantId },
                quantity: line.quantity,
              })),
            }
          : body,
      );
      if (problem) return businessError('item_unavailable', problem);
      checkouts.set(checkout.id, checkout);
      return { content: checkoutRecord(checkout) };
    },
    updateCheckout(id: string, body: JsonRecord): ToolAnswer {
      const checkout = checkouts.get(id);
      if (!checkout) return businessError('not_found', `no checkout ${id}`);
      if (checkout.status === 'completed' || checkout.status === 'canceled') {
        return businessError('checkout_closed', `checkout ${id} is ${checkout.status}`);
      }
      const problem = applyCheckoutBody(checkout, body);
      if (problem) return businessError('invalid', problem, `${options.baseUrl()}/checkouts/${id}/continue`);
      return { content: checkoutRecord(checkout) };
    },
    getCheckout(id: string): ToolAnswer {
      const checkout = checkouts.get(id);
      return checkout
        ? { content: checkoutRecord(checkout) }
        : businessError('not_found', `no checkout ${id}`);
    },
    completeCheckout(id: string, body: JsonRecord): ToolAnswer {
      const checkout = checkouts.get(id);
      if (!checkout) return businessError('not_found', `no checkout ${id}`);
      if (checkout.status === 'completed') return { content: checkoutRecord(checkout) };
      if (checkout.status !== 'ready_for_complete') {
        return businessError(
          'not_ready',
          `checkout ${id} is ${checkout.status}`,
          `${options.baseUrl()}/checkouts/${id}/continue`,
        );
      }
      const payment =
        isRecord(body.payment) && Array.isArray(body.payment.instruments)
          ? body.payment.instruments[0]
          : null;
      const offered = offeredInstruments(options.paymentOffer());
      if (
        !isRecord(payment) ||
        !offered.some(
          (instrument) => instrument.id === payment.id && instrument.handler_id === payment.handler_id,
        )
      ) {
        return businessError('payment_failed', 'the payment instrument is not one this store offered');
      }
      if (options.completeMode() === 'escalate') {
        checkout.status = 'requires_escalation';
        checkout.escalated = true;
        return { content: checkoutRecord(checkout) };
      }
      const number = 1000 + [...checkouts.values()].filter((candidate) => candidate.order).length + 1;
      checkout.status = 'completed';
      checkout.order = {
        id: `gid://shopify/Order/${number}`,
        label: `#${number}`,
        permalink_url: `${options.baseUrl()}/orders/${number}`,
      };
      return { content: checkoutRecord(checkout) };
    },
    checkouts: () => [...checkouts.values()].map((checkout) => checkoutRecord(checkout)),
    orders: () => [...checkouts.values()].flatMap((checkout) => (checkout.order ? [checkout.order] : [])),
    reset(): void {
      carts.clear();
      checkouts.clear();
      counter = 0;
    },
  };
}

export type UcpShopping = ReturnType<typeof createUcpShopping>;

/**
 * A product as search_catalog returns it: integer minor units of the buyer's presentment currency, gid
 * ids, plain-text description.
 */
function productRecord(product: StoreProductRecord, baseUrl: string, currency: string): JsonRecord {
  const prices = product.variants.map((variant) => variant.priceMinor);
  const money = (minorUsd: number) => ({ amount: presentmentMinor(minorUsd, currency).minor, currency });
  return {
    id: productGid(product.id),
    handle: product.handle,
    title: product.title,
    url: `${baseUrl}/products/${product.handle}`,
    description: { plain: product.bodyPlain },
    price_range: { min: money(Math.min(...prices)), max: money(Math.max(...prices)) },
    media: product.images.map((image) => ({
      type: 'image',
      url: `${baseUrl}${imagePath(image)}`,
      alt_text: image.alt,
    })),
    variants: product.variants.map((variant) => ({
      id: variantGid(variant.id),
      title: variant.title,
      description: { plain: `${product.title} — ${variant.title}` },
      sku: variant.sku,
      price: money(variant.priceMinor),
      availability: { available: variant.available },
    })),
  };
}
