import {
  STORE_CHECKOUT_STATUSES,
  type StoreCart,
  type StoreCheckoutView,
  type StoreLineItem,
  type StoreSearchResult,
} from '@shared/contract';
import { describe } from 'vitest';
import { z } from 'zod';
import { jsonInputs } from '../../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser, schemaProblem, type Parsed } from '../../../tools/testkit/fuzz/parserFuzz';
import { readToolResult } from './mcpToolClient';
import { readCart, readCheckout, readSearchResult } from './protocolRecords';
import { StoreFailure } from './storeFailure';

// A tool's JSON-RPC result: structuredContent, and the same record as JSON text (Shopify sends both).
const toolResult = (record: Record<string, unknown>) => ({
  structuredContent: record,
  content: [{ type: 'text', text: JSON.stringify(record) }],
});

const line = {
  id: 'li_1',
  item: { id: 'gid://v/1', title: 'Mug', price: 1250, image_url: 'https://cdn.example/m.png' },
  quantity: 2,
};
const search = {
  ucp: { version: '2026-04-08', status: 'success' },
  products: [
    {
      id: 'p1',
      title: 'Mug',
      handle: 'mug',
      url: 'https://shop.example/products/mug',
      description: { html: '<p>A mug</p>', plain: 'A mug' },
      media: [{ type: 'image', url: 'https://cdn.example/m.png' }],
      price_range: { min: { amount: 1250, currency: 'USD' }, max: { amount: '15.00', currency_code: 'USD' } },
      variants: [
        {
          id: 'v1',
          title: 'Blue',
          price: { amount: 1250, currency: 'USD' },
          availability: { available: true },
        },
      ],
    },
  ],
  pagination: { has_next_page: true, cursor: 'c2' },
};
const cart = {
  ucp: { version: '2026-04-08', status: 'success' },
  id: 'cart_1',
  currency: 'USD',
  line_items: [line],
  totals: [
    { type: 'subtotal', amount: 2500 },
    { type: 'total', amount: 2500 },
  ],
  messages: [{ type: 'warning', code: 'low_stock', content: 'Only 3 left' }],
  links: [{ type: 'terms_of_service', url: 'https://shop.example/terms' }],
  continue_url: 'https://shop.example/cart/c1',
};
const checkout = {
  ...cart,
  id: 'chk_1',
  status: 'ready_for_complete',
  currency: 'EUR',
  buyer: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
  fulfillment: {
    methods: [
      {
        id: 'm1',
        type: 'shipping',
        selected_destination_id: 'd1',
        destinations: [
          { id: 'd1', street_address: '1 Main St', address_locality: 'Paris', address_country: 'FR' },
        ],
        groups: [
          {
            id: 'g1',
            line_item_ids: ['li_1'],
            selected_option_id: 'o1',
            options: [{ id: 'o1', title: 'Standard', totals: [{ type: 'total', amount: 500 }] }],
          },
        ],
      },
    ],
  },
  payment: {
    instruments: [
      {
        id: 'pi_1',
        handler_id: 'sim.wallet',
        type: 'wallet',
        selected: true,
        display: { brand: 'Visa', last_digits: '4242' },
      },
    ],
  },
  expires_at: '2026-05-01T12:00:00Z',
  order: { id: 'o_1', label: '#1001', permalink_url: 'https://shop.example/orders/1' },
};
const businessError = {
  ucp: { version: '2026-04-08', status: 'error' },
  messages: [{ type: 'error', code: 'out_of_stock', content: 'Sold out' }],
  continue_url: 'https://shop.example/c',
};

// The contract's view types, as schemas: money in safe integer minor units, links http(s) only.
const money = z.object({ minor: z.number().int(), currency: z.string().regex(/^[A-Z]{3}$/) });
const link = z.url({ protocol: /^https?$/ });
const messageSchema = z.object({
  type: z.enum(['error', 'warning', 'info']),
  code: z.string(),
  content: z.string(),
  severity: z.string().nullable(),
  path: z.string().nullable(),
});
const lineItemSchema: z.ZodType<StoreLineItem> = z.object({
  id: z.string(),
  itemId: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  unitPrice: money.nullable(),
  imageUrl: link.nullable(),
  total: money.nullable(),
});
const totalSchema = z.object({ type: z.string(), label: z.string(), amount: money });
const linkSchema = z.object({ type: z.string(), url: link, title: z.string() });
const searchSchema: z.ZodType<StoreSearchResult> = z.object({
  products: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      handle: z.string().nullable(),
      url: link.nullable(),
      description: z.string(),
      imageUrl: link.nullable(),
      priceMin: money.nullable(),
      priceMax: money.nullable(),
      variants: z.array(
        z.object({
          id: z.string().min(1),
          title: z.string(),
          price: money,
          available: z.boolean().nullable(),
        }),
      ),
    }),
  ),
  nextCursor: z.string().nullable(),
});
const cartSchema: z.ZodType<StoreCart> = z.object({
  id: z.string().min(1),
  currency: z.string(),
  lineItems: z.array(lineItemSchema),
  totals: z.array(totalSchema),
  messages: z.array(messageSchema),
  links: z.array(linkSchema),
  continueUrl: link.nullable(),
});
const addressSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  streetAddress: z.string(),
  extendedAddress: z.string(),
  locality: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phoneNumber: z.string(),
});
const checkoutSchema: z.ZodType<StoreCheckoutView> = z.object({
  id: z.string().min(1),
  status: z.enum(STORE_CHECKOUT_STATUSES),
  currency: z.string(),
  lineItems: z.array(lineItemSchema),
  totals: z.array(totalSchema),
  buyer: z
    .object({ firstName: z.string(), lastName: z.string(), email: z.string(), phoneNumber: z.string() })
    .nullable(),
  fulfillment: z
    .object({
      methodId: z.string(),
      type: z.enum(['shipping', 'pickup']),
      destination: addressSchema.nullable(),
      groups: z.array(
        z.object({
          id: z.string(),
          lineItemIds: z.array(z.string()),
          options: z.array(
            z.object({
              id: z.string(),
              title: z.string(),
              description: z.string(),
              carrier: z.string().nullable(),
              total: money.nullable(),
            }),
          ),
          selectedOptionId: z.string().nullable(),
        }),
      ),
    })
    .nullable(),
  payment: z
    .object({
      instrumentId: z.string().min(1),
      handlerId: z.string().min(1),
      type: z.string(),
      description: z.string(),
    })
    .nullable(),
  messages: z.array(messageSchema),
  links: z.array(linkSchema),
  continueUrl: link.nullable(),
  expiresAt: z.string().nullable(),
  order: z
    .object({ id: z.string().min(1), label: z.string().nullable(), permalinkUrl: link.nullable() })
    .nullable(),
  agentCanComplete: z.boolean(),
  completeBlockedReason: z.string().nullable(),
});

/** A tool answer read as the shopper reads it: the result's record, then the record; refusals are StoreFailures. */
function readAnswer<T>(
  result: unknown,
  tool: string,
  read: (record: Record<string, unknown>) => T,
): Parsed<T> {
  try {
    return { ok: true, value: read(readToolResult(result, tool)) };
  } catch (error) {
    if (error instanceof StoreFailure) return { ok: false, message: error.message };
    throw error;
  }
}

describe('UCP tool results, fuzzed', () => {
  fuzzParser({
    name: 'UCP search_catalog result',
    inputs: jsonInputs([toolResult(search), toolResult(businessError)]),
    parse: (result) => readAnswer(result, 'search_catalog', (record) => readSearchResult(record, 'USD')),
    outputProblem: (value) => schemaProblem(searchSchema, value),
  });

  fuzzParser({
    name: 'UCP cart result',
    inputs: jsonInputs([toolResult(cart), toolResult(businessError)]),
    parse: (result) => readAnswer(result, 'update_cart', (record) => readCart(record, 'USD')),
    outputProblem: (value) => schemaProblem(cartSchema, value),
  });

  fuzzParser({
    name: 'UCP checkout result',
    inputs: jsonInputs([toolResult(checkout), toolResult(businessError)]),
    parse: (result) =>
      readAnswer(result, 'update_checkout', (record) =>
        readCheckout(record, { fallbackCurrency: 'USD', completeToolListed: true }),
      ),
    outputProblem: (view) => {
      if (view.agentCanComplete !== (view.completeBlockedReason === null))
        return 'agentCanComplete disagrees with its reason';
      if (view.agentCanComplete && !view.totals.some((total) => total.type === 'total'))
        return 'payable without a total';
      return schemaProblem(checkoutSchema, view);
    },
  });
});
