import type {
  StoreAddress,
  StoreBuyer,
  StoreCart,
  StoreCartLineInput,
  StoreCheckoutView,
  StorePaymentHandlerSummary,
  StoreSearchResult,
} from '@shared/contract';
import type { McpTool, McpToolClient } from './mcpToolClient';
import { readCart, readCheckout, readSearchResult } from './protocolRecords';

export interface BuyerContext {
  country: string;
  currency: string;
}

export interface CheckoutChanges {
  buyer?: StoreBuyer;
  shippingAddress?: StoreAddress;
  fulfillment?: { groupId: string; optionId: string };
}

/** The shopping tools in the order an agent uses them, with the request bodies the protocol wants. */
export interface StoreShopper {
  search(query: string, page?: { limit?: number; cursor?: string }): Promise<StoreSearchResult>;
  createCart(lines: readonly StoreCartLineInput[]): Promise<StoreCart>;
  /** A full replacement of the cart's lines (the protocol's update is not a patch). */
  updateCart(cart: StoreCart, lines: readonly StoreCartLineInput[]): Promise<StoreCart>;
  createCheckout(cart: StoreCart): Promise<StoreCheckoutView>;
  /** Resends the whole checkout (line items, buyer, fulfillment) with the changes applied. */
  updateCheckout(current: StoreCheckoutView, changes: CheckoutChanges): Promise<StoreCheckoutView>;
  getCheckout(checkoutId: string): Promise<StoreCheckoutView>;
  /** complete_checkout with the payment method the store's checkout holds. Callers gate it on approval. */
  completeCheckout(current: StoreCheckoutView): Promise<StoreCheckoutView>;
}

type JsonRecord = Record<string, unknown>;

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a tool takes buyer context inside its `bodyKey` object: yes unless its schema says no (lists
 * the body's properties without `context` and forbids others). Local $refs are followed.
 */
export function acceptsContext(tool: McpTool | undefined, bodyKey: string): boolean {
  const schema = tool?.inputSchema;
  if (!isRecord(schema)) return true;
  const resolve = (node: unknown): unknown => {
    let current = node;
    for (let depth = 0; depth < 5 && isRecord(current) && typeof current.$ref === 'string'; depth++) {
      const ref = current.$ref;
      if (!ref.startsWith('#/')) return current;
      current = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((at, key) => (isRecord(at) ? at[key] : undefined), schema);
    }
    return current;
  };
  const properties = resolve(schema.properties);
  const body = resolve(isRecord(properties) ? properties[bodyKey] : undefined);
  if (!isRecord(body) || !isRecord(body.properties)) return true;
  return 'context' in body.properties || body.additionalProperties !== false;
}

/**
 * `paymentHandlers`: the store's, from its profile: an instrument of one Sightline refuses (crypto-currency) is
 * never chosen to pay with.
 */
export function createStoreShopper(
  client: McpToolClient,
  buyer: () => BuyerContext,
  paymentHandlers: readonly StorePaymentHandlerSummary[] = [],
): StoreShopper {
  const refusedHandlers = new Set(
    paymentHandlers
      .filter((handler) => handler.refusal !== null)
      .flatMap((handler) => [handler.id, handler.name]),
  );
  const withContext = async (tool: string, bodyKey: string, body: JsonRecord): Promise<JsonRecord> => {
    const listed = (await client.listTools()).find((candidate) => candidate.name === tool);
    if (!acceptsContext(listed, bodyKey)) return body;
    const { country, currency } = buyer();
    return { ...body, context: { address_country: country, currency } };
  };
  const checkoutOptions = async () => ({
    fallbackCurrency: buyer().currency,
    completeToolListed: await client.hasTool('complete_checkout'),
    refusedHandlers,
  });
  const cartLines = (lines: readonly StoreCartLineInput[], cart?: StoreCart) =>
    lines.map((line) => {
      // Lines already in the cart keep their id, so the store updates rather than re-adds them.
      const existing = cart?.lineItems.find((item) => item.itemId === line.variantId);
      return {
        ...(existing?.id ? { id: existing.id } : {}),
        item: { id: line.variantId },
        quantity: line.quantity,
      };
    });

  return {
    async search(query, page = {}) {
      const catalog = await withContext('search_catalog', 'catalog', {
        query,
        pagination: { limit: page.limit ?? 10, ...(page.cursor ? { cursor: page.cursor } : {}) },
      });
      return readSearchResult(await client.callTool('search_catalog', { catalog }), buyer().currency);
    },
    async createCart(lines) {
      const cart = await withContext('create_cart', 'cart', { line_items: cartLines(lines) });
      return readCart(await client.callTool('create_cart', { cart }), buyer().currency);
    },
    async updateCart(current, lines) {
      const cart = await withContext('update_cart', 'cart', { line_items: cartLines(lines, current) });
      return readCart(await client.callTool('update_cart', { id: current.id, cart }), buyer().currency);
    },
    async createCheckout(cart) {
      const checkout = await withContext('create_checkout', 'checkout', {
        cart_id: cart.id,
        line_items: cart.lineItems.map((line) => ({ item: { id: line.itemId }, quantity: line.quantity })),
      });
      return readCheckout(await client.callTool('create_checkout', { checkout }), await checkoutOptions());
    },
    async updateCheckout(current, changes) {
      const checkout = await withContext('update_checkout', 'checkout', checkoutBody(current, changes));
      return readCheckout(
        await client.callTool('update_checkout', { id: current.id, checkout }),
        await checkoutOptions(),
      );
    },
    async getCheckout(checkoutId) {
      return readCheckout(await client.callTool('get_checkout', { id: checkoutId }), await checkoutOptions());
    },
    async completeCheckout(current) {
      const payment = current.payment;
      const checkout = payment
        ? {
            payment: {
              instruments: [
                {
                  id: payment.instrumentId,
                  handler_id: payment.handlerId,
                  type: payment.type,
                  selected: true,
                },
              ],
            },
          }
        : {};
      return readCheckout(
        await client.callTool('complete_checkout', { id: current.id, checkout }),
        await checkoutOptions(),
      );
    },
  };
}

/** The full checkout for update_checkout: its lines, buyer and fulfillment, with the changes applied. */
export function checkoutBody(current: StoreCheckoutView, changes: CheckoutChanges): JsonRecord {
  const body: JsonRecord = {
    line_items: current.lineItems.map((line) => ({
      ...(line.id ? { id: line.id } : {}),
      item: { id: line.itemId },
      quantity: line.quantity,
    })),
  };
  const buyer = changes.buyer ?? current.buyer;
  if (buyer) {
    body.buyer = {
      first_name: buyer.firstName,
      last_name: buyer.lastName,
      email: buyer.email,
      ...(buyer.phoneNumber ? { phone_number: buyer.phoneNumber } : {}),
    };
  }
  const address = changes.shippingAddress ?? current.fulfillment?.destination ?? null;
  if (address) {
    const method: JsonRecord = {
      ...(current.fulfillment?.methodId ? { id: current.fulfillment.methodId } : {}),
      type: 'shipping',
      line_item_ids: current.lineItems.map((line) => line.id).filter(Boolean),
      destinations: [destinationOf(address)],
    };
    // A new address brings new options: earlier choices are dropped with it.
    const groups = changes.shippingAddress ? [] : (current.fulfillment?.groups ?? []);
    const chosen = groups.flatMap((group) => {
      const optionId =
        changes.fulfillment?.groupId === group.id ? changes.fulfillment.optionId : group.selectedOptionId;
      return optionId ? [{ id: group.id, selected_option_id: optionId }] : [];
    });
    if (chosen.length > 0) method.groups = chosen;
    body.fulfillment = { methods: [method] };
  }
  return body;
}

function destinationOf(address: StoreAddress): JsonRecord {
  const fields: JsonRecord = {
    first_name: address.firstName,
    last_name: address.lastName,
    street_address: address.streetAddress,
    extended_address: address.extendedAddress,
    address_locality: address.locality,
    address_region: address.region,
    postal_code: address.postalCode,
    address_country: address.country,
    phone_number: address.phoneNumber,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ''));
}
