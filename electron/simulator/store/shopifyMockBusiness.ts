import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A store shaped like Shopify's own mock UCP business, not like Sightline's simulator: built from
 * `Shopify/ucp-cli` at commit f4e7e605 (`test/fixtures/mock-ucp-shopping.ts`, the mock its purchase-journey
 * tests run against), read through the repository search. What it copies from there, on 127.0.0.1:
 * - `GET /.well-known/ucp`: a 2026-04-08 profile whose one `dev.ucp.shopping` service is an MCP entry of
 *   version 2026-01-23 at `<url>/mcp`, `payment_handlers: {}`, `signing_keys: []`;
 * - `POST /mcp`: JSON-RPC `tools/list` (six tools, loose schemas) and `tools/call`, whose results come only as
 *   `content[0].text` with `isError: false` (no structuredContent);
 * - search_catalog: a product whose `description` is a plain string, a variant with a decimal-string price
 *   (`{amount: "24.95", currency_code: "USD"}`) and a bare boolean `available`;
 * - create_cart with minor-unit totals; create_checkout `incomplete` and update_checkout / get_checkout
 *   `ready_for_complete`, all three with no `totals`, no `currency`, no payment and no `continue_url`;
 * - complete_checkout always `requires_escalation` with a `requires_buyer_review` message and
 *   `continue_url` https://mock.example.com/review/chk_1 (where ucp-cli's journey ends).
 * `checkoutStatus: 'requires_escalation'` makes update_checkout and get_checkout ask for escalation themselves,
 * with that continue_url, as a store may before any complete.
 */

export const SHOPIFY_MOCK_VARIANT_ID = 'gid://mock/ProductVariant/var_1';
export const SHOPIFY_MOCK_CART_ID = 'gid://mock/Cart/cart_1';
export const SHOPIFY_MOCK_CHECKOUT_ID = 'gid://mock/Checkout/chk_1';
export const SHOPIFY_MOCK_ESCALATION_URL = 'https://mock.example.com/review/chk_1';

export interface ShopifyMockOptions {
  /** What update_checkout and get_checkout answer (default ready_for_complete, as the fixture does). */
  checkoutStatus?: 'ready_for_complete' | 'requires_escalation';
}

export interface RunningShopifyMock {
  /** http://127.0.0.1:<port>, the business URL. */
  url: string;
  mcpEndpoint: string;
  /** The tools called, oldest first. */
  toolCalls(): string[];
  close(): Promise<void>;
}

const LINE_ITEMS = {
  type: 'array',
  items: {
    type: 'object',
    required: ['item', 'quantity'],
    properties: {
      id: { type: 'string' },
      item: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
      quantity: { type: 'integer' },
    },
  },
};

const TOOLS = [
  {
    name: 'search_catalog',
    description: 'Search products and variants by keyword, filters, or pagination.',
    inputSchema: {
      type: 'object',
      properties: {
        catalog: {
          type: 'object',
          properties: {
            query: { type: 'string' },
            pagination: { type: 'object', properties: { limit: { type: 'integer' } } },
          },
        },
      },
    },
  },
  {
    name: 'create_cart',
    description: 'Create a new shopping cart with one or more line items.',
    inputSchema: {
      type: 'object',
      required: ['cart'],
      properties: {
        cart: { type: 'object', required: ['line_items'], properties: { line_items: LINE_ITEMS } },
        meta: { type: 'object' },
      },
    },
  },
  {
    name: 'create_checkout',
    description: 'Create a checkout from line_items, or convert a cart with checkout.cart_id.',
    inputSchema: {
      type: 'object',
      required: ['checkout'],
      properties: {
        checkout: {
          type: 'object',
          required: ['line_items'],
          properties: { cart_id: { type: 'string' }, line_items: LINE_ITEMS, buyer: { type: 'object' } },
        },
        meta: { type: 'object' },
      },
    },
  },
  {
    name: 'get_checkout',
    description: 'Fetch current checkout state.',
    inputSchema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
  },
  {
    name: 'update_checkout',
    description: 'Update checkout with fulfillment destinations, selected options, and payment method.',
    inputSchema: {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'string' },
        checkout: {
          type: 'object',
          required: ['line_items'],
          properties: {
            line_items: LINE_ITEMS,
            fulfillment: { type: 'object' },
            buyer: { type: 'object' },
            payment_method: { type: 'object' },
          },
        },
        meta: { type: 'object' },
      },
    },
  },
  {
    name: 'complete_checkout',
    description: 'Place the order. May return requires_buyer_review escalation.',
    inputSchema: {
      type: 'object',
      required: ['meta', 'id', 'checkout'],
      properties: {
        meta: { type: 'object' },
        id: { type: 'string' },
        checkout: { type: 'object', required: ['payment'], properties: { payment: { type: 'object' } } },
      },
    },
  },
];

const LINE_ID = 'gid://mock/CheckoutLine/li_1';
const GROUP_ID = 'gid://mock/FulfillmentGroup/fg_1';

const DESTINATION = {
  id: 'dest_1',
  first_name: 'Test',
  last_name: 'Agent',
  street_address: '123 Main St',
  address_locality: 'Portland',
  address_region: 'OR',
  postal_code: '97201',
  address_country: 'US',
};

function checkoutAnswer(status: string): Record<string, unknown> {
  return {
    id: SHOPIFY_MOCK_CHECKOUT_ID,
    line_items: [{ id: LINE_ID, quantity: 1, item: { id: SHOPIFY_MOCK_VARIANT_ID } }],
    fulfillment: {
      methods: [
        {
          id: 'shipping',
          type: 'shipping',
          line_item_ids: [LINE_ID],
          selected_destination_id: 'dest_1',
          destinations: [DESTINATION],
          groups: [
            {
              id: GROUP_ID,
              line_item_ids: [LINE_ID],
              selected_option_id: 'standard-free',
              options: [
                { id: 'standard-free', title: 'Standard Shipping', totals: [{ type: 'total', amount: 0 }] },
              ],
            },
          ],
        },
      ],
    },
    status,
    ...(status === 'requires_escalation'
      ? {
          continue_url: SHOPIFY_MOCK_ESCALATION_URL,
          messages: [
            {
              type: 'error',
              code: 'buyer_review_required',
              severity: 'requires_buyer_review',
              content: 'Order requires buyer review before completion.',
            },
          ],
        }
      : {}),
  };
}

function toolAnswer(name: string, options: ShopifyMockOptions): Record<string, unknown> {
  switch (name) {
    case 'search_catalog':
      return {
        products: [
          {
            id: 'gid://mock/Product/prod_1',
            title: 'Forest Park Trail Map (Adventure Map)',
            description: 'Waterproof topo map of Forest Park trails.',
            variants: [
              {
                id: SHOPIFY_MOCK_VARIANT_ID,
                title: 'Default Title',
                price: { amount: '24.95', currency_code: 'USD' },
                available: true,
              },
            ],
          },
        ],
        pagination: { has_next_page: false },
      };
    case 'create_cart':
      return {
        id: SHOPIFY_MOCK_CART_ID,
        line_items: [
          {
            id: 'gid://mock/CartLine/li_1',
            quantity: 1,
            item: { id: SHOPIFY_MOCK_VARIANT_ID, title: 'Forest Park Trail Map' },
            cost: { total_amount: { amount: '24.95', currency_code: 'USD' } },
          },
        ],
        currency: 'USD',
        totals: [
          { type: 'subtotal', amount: 2495, display_text: 'Subtotal' },
          { type: 'total', amount: 2495, display_text: 'Total' },
        ],
      };
    case 'create_checkout':
      return {
        id: SHOPIFY_MOCK_CHECKOUT_ID,
        line_items: [
          { id: LINE_ID, quantity: 1, item: { id: SHOPIFY_MOCK_VARIANT_ID, title: 'Forest Park Trail Map' } },
        ],
        fulfillment: {
          methods: [
            {
              id: 'shipping',
              type: 'shipping',
              line_item_ids: [LINE_ID],
              destinations: [],
              groups: [
                {
                  id: GROUP_ID,
                  line_item_ids: [LINE_ID],
                  options: [
                    {
                      id: 'standard-free',
                      title: 'Standard Shipping',
                      description: '3-5 business days',
                      totals: [{ type: 'total', amount: 0 }],
                    },
                  ],
                },
              ],
            },
          ],
        },
        status: 'incomplete',
      };
    case 'update_checkout':
    case 'get_checkout':
      return checkoutAnswer(options.checkoutStatus ?? 'ready_for_complete');
    case 'complete_checkout':
      return checkoutAnswer('requires_escalation');
    default:
      return { error: `unknown tool: ${name}` };
  }
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startShopifyMock(options: ShopifyMockOptions = {}): Promise<RunningShopifyMock> {
  const calls: string[] = [];
  let url = '';
  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && path === '/.well-known/ucp') {
        sendJson(res, 200, {
          ucp: {
            version: '2026-04-08',
            status: 'success',
            services: {
              'dev.ucp.shopping': [
                {
                  version: '2026-01-23',
                  spec: 'https://ucp.dev/specification/overview/',
                  schema: 'https://ucp.dev/services/shopping/openrpc.json',
                  transport: 'mcp',
                  endpoint: `${url}/mcp`,
                },
              ],
            },
            payment_handlers: {},
          },
          signing_keys: [],
        });
        return;
      }
      if (req.method === 'POST' && path === '/mcp') {
        const rpc = JSON.parse(await bodyOf(req)) as {
          id: unknown;
          method: string;
          params?: { name?: string };
        };
        if (rpc.method === 'tools/list') {
          sendJson(res, 200, { jsonrpc: '2.0', id: rpc.id, result: { tools: TOOLS } });
          return;
        }
        if (rpc.method === 'tools/call') {
          const name = rpc.params?.name ?? '';
          calls.push(name);
          const answer = toolAnswer(name, options);
          sendJson(res, 200, {
            jsonrpc: '2.0',
            id: rpc.id,
            result: { content: [{ type: 'text', text: JSON.stringify(answer) }], isError: false },
          });
          return;
        }
        sendJson(res, 200, {
          jsonrpc: '2.0',
          id: rpc.id,
          error: { code: -32601, message: `Method not found: ${rpc.method}` },
        });
        return;
      }
      sendJson(res, 404, { error: { code: 'route_not_configured', message: `${req.method} ${path}` } });
    })().catch((error: unknown) => sendJson(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    mcpEndpoint: `${url}/mcp`,
    toolCalls: () => [...calls],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
