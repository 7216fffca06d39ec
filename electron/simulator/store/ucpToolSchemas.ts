/**
 * The fake store's tools/list: the seven shopping tools with JSON Schema 2020-12 input schemas, in the
 * shape of the protocol's mcp.openrpc.json (meta on every call, the resource id at the top level,
 * complete_checkout needing an idempotency key).
 */

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

const meta = (needsKey: boolean) => ({
  type: 'object',
  required: needsKey ? ['ucp-agent', 'idempotency-key'] : ['ucp-agent'],
  properties: {
    'ucp-agent': {
      type: 'object',
      required: ['profile'],
      properties: { profile: { type: 'string', format: 'uri' } },
    },
    'idempotency-key': { type: 'string', minLength: 8 },
  },
});

const context = {
  type: 'object',
  properties: {
    address_country: { type: 'string', pattern: '^[A-Z]{2}$' },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    language: { type: 'string' },
  },
};

const lineItems = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    required: ['item', 'quantity'],
    properties: {
      id: { type: 'string' },
      item: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1 } } },
      quantity: { type: 'integer', minimum: 1 },
    },
  },
};

const buyer = {
  type: 'object',
  properties: {
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    phone_number: { type: 'string', pattern: '^\\+[1-9]\\d{6,14}$' },
  },
};

const fulfillment = {
  type: 'object',
  properties: {
    methods: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type'],
        properties: {
          id: { type: 'string' },
          type: { enum: ['shipping', 'pickup'] },
          line_item_ids: { type: 'array', items: { type: 'string' } },
          destinations: {
            type: 'array',
            items: {
              type: 'object',
              required: ['address_country'],
              properties: { address_country: { type: 'string', pattern: '^[A-Z]{2}$' } },
            },
          },
          selected_destination_id: { type: 'string' },
          groups: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id'],
              properties: { id: { type: 'string' }, selected_option_id: { type: 'string' } },
            },
          },
        },
      },
    },
  },
};

const tool = (
  name: string,
  description: string,
  properties: Record<string, unknown>,
  required: string[],
) => ({
  name,
  description,
  inputSchema: {
    $schema: DIALECT,
    type: 'object',
    required: ['meta', ...required],
    properties: { meta: meta(name === 'complete_checkout'), ...properties },
  },
});

const id = { type: 'string', minLength: 1 };

export const UCP_TOOLS = [
  tool(
    'search_catalog',
    'Search the store catalog.',
    {
      catalog: {
        type: 'object',
        additionalProperties: false,
        properties: {
          query: { type: 'string' },
          context,
          filters: { type: 'object' },
          pagination: {
            type: 'object',
            properties: { cursor: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 50 } },
          },
        },
      },
    },
    ['catalog'],
  ),
  tool(
    'create_cart',
    'Create a cart.',
    {
      cart: {
        type: 'object',
        required: ['line_items'],
        properties: { line_items: lineItems, context, buyer },
      },
    },
    ['cart'],
  ),
  tool(
    'update_cart',
    'Replace a cart’s contents.',
    {
      id,
      cart: {
        type: 'object',
        required: ['line_items'],
        properties: { line_items: lineItems, context, buyer },
      },
    },
    ['id', 'cart'],
  ),
  tool(
    'create_checkout',
    'Start a checkout, from a cart (cart_id) or line items.',
    {
      checkout: {
        type: 'object',
        required: ['line_items'],
        properties: { cart_id: { type: 'string' }, line_items: lineItems, context, buyer, fulfillment },
      },
    },
    ['checkout'],
  ),
  tool(
    'update_checkout',
    'Replace a checkout’s details (line items, buyer, fulfillment).',
    {
      id,
      checkout: {
        type: 'object',
        required: ['line_items'],
        properties: { line_items: lineItems, context, buyer, fulfillment },
      },
    },
    ['id', 'checkout'],
  ),
  tool('get_checkout', 'Read a checkout.', { id }, ['id']),
  tool(
    'complete_checkout',
    'Place the order. Only with the buyer’s explicit approval.',
    {
      id,
      checkout: {
        type: 'object',
        required: ['payment'],
        properties: {
          payment: {
            type: 'object',
            required: ['instruments'],
            properties: {
              instruments: {
                type: 'array',
                minItems: 1,
                items: {
                  type: 'object',
                  required: ['id', 'handler_id'],
                  properties: {
                    id: { type: 'string' },
                    handler_id: { type: 'string' },
                    type: { type: 'string' },
                  },
                },
              },
            },
          },
        },
      },
    },
    ['id', 'checkout'],
  ),
] as const;

export type UcpToolName = (typeof UCP_TOOLS)[number]['name'];
