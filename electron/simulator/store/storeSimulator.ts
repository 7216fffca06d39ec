import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createUcpShopping,
  SIM_CRYPTO_HANDLER_NAME,
  SIM_CRYPTO_INSTRUMENT,
  type CompleteMode,
  type PaymentOffer,
} from './ucpShopping';
import { UCP_TOOLS } from './ucpToolSchemas';

/**
 * A fake merch store on 127.0.0.1 (plain http, an ephemeral port): the commerce protocol's discovery
 * document at /.well-known/ucp (either profile shape, optionally a newer version that points back with
 * supported_versions) and its MCP tool endpoint at POST /api/ucp/mcp (tools/list and the seven shopping
 * tools), with realistic statuses, idempotency, 429/503 bursts and a request log. The read-only catalog
 * pages plug in through `extraRoutes`. Sightline accepts it only with SIGHTLINE_ALLOW_INSECURE_LOOPBACK=1.
 */

export type ProfileShape = 'map-of-arrays' | 'capability-array';

export interface DiscoverySetup {
  shape: ProfileShape;
  /** The version the main document publishes. A version newer than 2026-04-08 makes clients follow supported_versions. */
  publishedVersion: string;
  /** Other versions served at /.well-known/ucp/<version> and listed in supported_versions. */
  supportedVersions: string[];
  /** Answer discovery with a redirect to this URL instead (clients must not follow it). */
  redirectTo: string | null;
  /** false: the shopping service lists only its REST endpoint, no MCP one (no tool endpoint for an MCP agent). */
  mcp: boolean;
}

export interface RateLimitBurst {
  /** How many tool endpoint requests are refused. Default 1. */
  count?: number;
  status?: 429 | 503;
  /** The wait the store names. Default 1. */
  retryAfterSeconds?: number;
  /** header: Retry-After only; data: error.data.retry_after only; both (default); none: no hint at all. */
  via?: 'header' | 'data' | 'both' | 'none';
}

export interface RecordedStoreCall {
  at: number;
  /** tools/list, tools/call, or the HTTP path for discovery. */
  method: string;
  tool: string | null;
  status: number;
  idempotencyKey: string | null;
  agentProfile: string | null;
  arguments: Record<string, unknown> | null;
  /** Answered from the idempotency cache (a retry), not run again. */
  replayed: boolean;
}

export interface StoreSimulatorControl {
  setDiscovery(setup: Partial<DiscoverySetup>): void;
  /** complete: orders are placed; escalate: complete answers requires_escalation with continue_url; agents-cannot-complete: complete_checkout is not listed and is refused with 403. */
  setCompleteMode(mode: CompleteMode): void;
  rateLimitNext(burst?: RateLimitBurst): void;
  /** structured (default): structuredContent plus the same JSON as text; text-only: content only, as some stores send. */
  setResultShape(shape: 'structured' | 'text-only'): void;
  /** Which ways to pay discovery lists and checkouts offer (see PaymentOffer); reset() restores the wallet. */
  setPaymentOffer(offer: PaymentOffer): void;
  /** tools/list gives `tool` this inputSchema instead of its own (a store's hostile schema); null restores it. */
  setToolInputSchema(tool: string, schema: Record<string, unknown> | null): void;
  /** Every tool endpoint and discovery request, oldest first. */
  calls(): RecordedStoreCall[];
  /** tools/call requests for one tool. */
  toolCalls(tool: string): RecordedStoreCall[];
  checkouts(): Record<string, unknown>[];
  orders(): { id: string; label: string; permalink_url: string }[];
  /** Forgets calls, carts, checkouts, orders, idempotency keys, bursts; restores the default setup. */
  /** Ends every open connection, idle or not (the network changed): the next request must connect anew. */
  dropConnections(): void;
  reset(): void;
}

export interface StoreSimulatorOptions {
  discovery?: Partial<DiscoverySetup>;
  completeMode?: CompleteMode;
  /** Routes served before the protocol's (the read-only catalog): answer and return true, or return false. */
  extraRoutes?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  now?: () => number;
  /**
   * The name the store gives itself in its URLs and discovery (default 127.0.0.1), as a real store names
   * its own domain: a name makes every call to it, tool calls too, need a name lookup. It listens on 127.0.0.1.
   */
  hostName?: string;
}

export interface RunningStoreSimulator {
  /** http://127.0.0.1:<port> (the store URL). */
  url: string;
  mcpEndpoint: string;
  port: number;
  control: StoreSimulatorControl;
  close(): Promise<void>;
}

export const STORE_MCP_PATH = '/api/ucp/mcp';
/** An agent profile URL the simulator accepts (it never fetches it). */
export const SIM_AGENT_PROFILE = 'https://agent.sightline.test/ucp/profile.json';

const DEFAULT_DISCOVERY: DiscoverySetup = {
  shape: 'map-of-arrays',
  publishedVersion: '2026-04-08',
  supportedVersions: ['2026-01-23'],
  redirectTo: null,
  mcp: true,
};

type JsonRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export async function startStoreSimulator(
  options: StoreSimulatorOptions = {},
): Promise<RunningStoreSimulator> {
  const now = options.now ?? Date.now;
  let discovery: DiscoverySetup = { ...DEFAULT_DISCOVERY, ...options.discovery };
  let completeMode: CompleteMode = options.completeMode ?? 'complete';
  let resultShape: 'structured' | 'text-only' = 'structured';
  let paymentOffer: PaymentOffer = 'wallet';
  let bursts: Required<RateLimitBurst> | null = null;
  const inputSchemas = new Map<string, JsonRecord>();
  let calls: RecordedStoreCall[] = [];
  const idempotency = new Map<string, { fingerprint: string; answer: JsonRecord }>();
  let baseUrl = '';
  // The version a request speaks: the main document's, unless served from /.well-known/ucp/<version>.
  const negotiated = () =>
    ['2026-04-08', '2026-01-23'].includes(discovery.publishedVersion)
      ? discovery.publishedVersion
      : '2026-04-08';
  const shopping = createUcpShopping({
    baseUrl: () => baseUrl,
    version: negotiated,
    completeMode: () => completeMode,
    paymentOffer: () => paymentOffer,
  });

  const record = (entry: Omit<RecordedStoreCall, 'at'>): void => {
    calls.push({ at: now(), ...entry });
  };

  const send = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ): void => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  };

  const discoveryDocument = (version: string): JsonRecord => {
    const endpoint = `${baseUrl}${STORE_MCP_PATH}`;
    const restEndpoint = `${baseUrl}/api/ucp/rest`;
    const spec = (path: string) => `https://ucp.dev/${version}/specification/${path}`;
    const schema = (path: string) => `https://ucp.dev/${version}/schemas/shopping/${path}.json`;
    const capabilityNames = [
      'dev.ucp.shopping.checkout',
      'dev.ucp.shopping.cart',
      'dev.ucp.shopping.catalog.search',
      'dev.ucp.shopping.fulfillment',
    ];
    const handler = {
      id: 'sim.wallet',
      version,
      spec: 'https://store.sightline.test/payment-handler',
      schema: 'https://store.sightline.test/payment-handler/config.json',
      available_instruments: [
        { type: 'wallet' },
        { type: 'card', constraints: { brands: ['visa', 'mastercard'] } },
      ],
      config: {},
    };
    const cryptoHandler = {
      id: SIM_CRYPTO_INSTRUMENT.handler_id,
      version,
      spec: 'https://coinpay.example/ucp/payment-handler',
      schema: 'https://coinpay.example/ucp/payment-handler/config.json',
      available_instruments: [{ type: 'crypto', constraints: { currencies: ['USDC'], networks: ['base'] } }],
      config: { settlement_currency: 'USDC' },
    };
    const handlers: Array<[string, JsonRecord]> = [
      ...(paymentOffer === 'crypto-only' ? [] : [['sim.wallet', handler] as [string, JsonRecord]]),
      ...(paymentOffer === 'wallet'
        ? []
        : [[SIM_CRYPTO_HANDLER_NAME, cryptoHandler] as [string, JsonRecord]]),
    ];
    const isMain = version === discovery.publishedVersion;
    const supported = isMain
      ? Object.fromEntries(
          discovery.supportedVersions.map((other) => [other, `${baseUrl}/.well-known/ucp/${other}`]),
        )
      : undefined;
    if (discovery.shape === 'capability-array') {
      return {
        ucp: {
          version,
          ...(supported && Object.keys(supported).length > 0 ? { supported_versions: supported } : {}),
          services: {
            'dev.ucp.shopping': {
              version,
              spec: spec('overview'),
              ...(discovery.mcp
                ? {
                    mcp: {
                      schema: `https://ucp.dev/${version}/services/shopping/mcp.openrpc.json`,
                      endpoint,
                    },
                  }
                : {
                    rest: {
                      schema: `https://ucp.dev/${version}/services/shopping/rest.openapi.json`,
                      endpoint: restEndpoint,
                    },
                  }),
            },
          },
          capabilities: capabilityNames.map((name) => ({
            name,
            version,
            spec: spec(name.split('.').pop() ?? 'overview'),
            schema: schema(name.split('.').pop() ?? 'checkout'),
            ...(name === 'dev.ucp.shopping.fulfillment' ? { extends: 'dev.ucp.shopping.checkout' } : {}),
          })),
        },
        payment: { handlers: handlers.map(([name, entry]) => ({ ...entry, name })) },
      };
    }
    return {
      ucp: {
        version,
        ...(supported && Object.keys(supported).length > 0 ? { supported_versions: supported } : {}),
        services: {
          'dev.ucp.shopping': [
            {
              version,
              spec: spec('overview'),
              transport: 'rest',
              endpoint: restEndpoint,
              schema: `https://ucp.dev/${version}/services/shopping/rest.openapi.json`,
            },
            ...(discovery.mcp
              ? [
                  {
                    version,
                    spec: spec('overview'),
                    transport: 'mcp',
                    endpoint,
                    schema: `https://ucp.dev/${version}/services/shopping/mcp.openrpc.json`,
                  },
                ]
              : []),
          ],
        },
        capabilities: Object.fromEntries(
          capabilityNames.map((name) => [
            name,
            [
              {
                version,
                spec: spec(name.split('.').pop() ?? 'overview'),
                schema: schema(name.split('.').pop() ?? 'checkout'),
                ...(name === 'dev.ucp.shopping.fulfillment' ? { extends: 'dev.ucp.shopping.checkout' } : {}),
              },
            ],
          ]),
        ),
        payment_handlers: Object.fromEntries(handlers.map(([name, entry]) => [name, [entry]])),
      },
      signing_keys: [],
    };
  };

  const serveDiscovery = (req: IncomingMessage, res: ServerResponse, path: string): boolean => {
    const match = /^\/\.well-known\/ucp(?:\/(\d{4}-\d{2}-\d{2}))?\/?$/.exec(path);
    if (!match || req.method !== 'GET') return false;
    const version = match[1] ?? discovery.publishedVersion;
    const known = version === discovery.publishedVersion || discovery.supportedVersions.includes(version);
    const status = discovery.redirectTo && !match[1] ? 302 : known ? 200 : 404;
    record({
      method: `GET ${path}`,
      tool: null,
      status,
      idempotencyKey: null,
      agentProfile: null,
      arguments: null,
      replayed: false,
    });
    if (status === 302) {
      res.writeHead(302, { location: discovery.redirectTo ?? '/' });
      res.end();
    } else if (status === 404) {
      send(res, 404, { error: 'not found' });
    } else {
      send(res, 200, discoveryDocument(version));
    }
    return true;
  };

  const readBody = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const rpcError = (id: unknown, code: number, message: string, data?: JsonRecord) => ({
    jsonrpc: '2.0',
    id: id ?? null,
    error: { code, message, ...(data ? { data } : {}) },
  });

  const listedTools = () =>
    UCP_TOOLS.filter(
      (tool) => completeMode !== 'agents-cannot-complete' || tool.name !== 'complete_checkout',
    ).map((tool) => ({ ...tool, inputSchema: inputSchemas.get(tool.name) ?? tool.inputSchema }));

  const runTool = (
    name: string,
    args: JsonRecord,
  ): { status: number; body: JsonRecord } | { result: JsonRecord } => {
    const body = (key: string) => (isRecord(args[key]) ? args[key] : {});
    const id = typeof args.id === 'string' ? args.id : '';
    switch (name) {
      case 'search_catalog':
        return { result: shopping.search(body('catalog')).content };
      case 'create_cart':
        return { result: shopping.createCart(body('cart')).content };
      case 'update_cart':
        return { result: shopping.updateCart(id, body('cart')).content };
      case 'create_checkout':
        return { result: shopping.createCheckout(body('checkout')).content };
      case 'update_checkout':
        return { result: shopping.updateCheckout(id, body('checkout')).content };
      case 'get_checkout':
        return { result: shopping.getCheckout(id).content };
      case 'complete_checkout':
        if (completeMode === 'agents-cannot-complete') {
          return {
            status: 403,
            body: {
              code: -32000,
              message: 'Forbidden',
              data: {
                code: 'insufficient_scope',
                content: 'This agent may not place orders.',
                continue_url: `${baseUrl}/checkouts/${id}/continue`,
              },
            },
          };
        }
        return { result: shopping.completeCheckout(id, body('checkout')).content };
      default:
        return { status: 400, body: { code: -32602, message: `Unknown tool ${name}` } };
    }
  };

  const serveMcp = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const text = await readBody(req);
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      send(res, 400, rpcError(null, -32700, 'Parse error'));
      return;
    }
    const rpc = isRecord(message) ? message : {};
    const method = typeof rpc.method === 'string' ? rpc.method : '';
    const params = isRecord(rpc.params) ? rpc.params : {};
    const tool = method === 'tools/call' && typeof params.name === 'string' ? params.name : null;
    const args = isRecord(params.arguments) ? params.arguments : null;
    const meta = args && isRecord(args.meta) ? args.meta : {};
    const agent = isRecord(meta['ucp-agent']) ? meta['ucp-agent'] : {};
    const profile = typeof agent.profile === 'string' ? agent.profile : null;
    const key = typeof meta['idempotency-key'] === 'string' ? meta['idempotency-key'] : null;
    const log = (status: number, replayed = false) =>
      record({ method, tool, status, idempotencyKey: key, agentProfile: profile, arguments: args, replayed });

    if (bursts && bursts.count > 0) {
      bursts.count -= 1;
      const { status, retryAfterSeconds, via } = bursts;
      if (bursts.count === 0) bursts = null;
      const headers: Record<string, string> =
        via === 'header' || via === 'both' ? { 'retry-after': String(retryAfterSeconds) } : {};
      const data = via === 'data' || via === 'both' ? { retry_after: retryAfterSeconds } : undefined;
      log(status);
      send(
        res,
        status,
        rpcError(rpc.id, -32000, status === 429 ? 'Rate limit exceeded' : 'Service unavailable', data),
        headers,
      );
      return;
    }
    if (method === 'tools/list') {
      log(200);
      send(res, 200, { jsonrpc: '2.0', id: rpc.id, result: { tools: listedTools() } });
      return;
    }
    if (method !== 'tools/call' || !tool || !args) {
      log(400);
      send(res, 400, rpcError(rpc.id, -32601, `Method not found: ${method}`));
      return;
    }
    if (!profile) {
      log(422);
      send(
        res,
        422,
        rpcError(rpc.id, -32001, 'UCP discovery failed', {
          code: 'invalid_profile_url',
          content: 'Missing profile uri',
        }),
      );
      return;
    }
    if (tool === 'complete_checkout' && !key) {
      log(400);
      send(res, 400, rpcError(rpc.id, -32602, 'complete_checkout needs meta["idempotency-key"]'));
      return;
    }
    // Same key and same payload: the same answer, not a second order. Same key, other payload: 409.
    const { meta: _meta, ...payload } = args;
    void _meta;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([tool, payload]))
      .digest('hex');
    const cached = key ? idempotency.get(key) : undefined;
    if (cached) {
      if (cached.fingerprint !== fingerprint) {
        log(409);
        send(res, 409, rpcError(rpc.id, -32000, 'Idempotency key reused with a different request'));
        return;
      }
      log(200, true);
      send(res, 200, { ...cached.answer, id: rpc.id });
      return;
    }
    const outcome = runTool(tool, args);
    if (!('result' in outcome)) {
      log(outcome.status);
      send(res, outcome.status, { jsonrpc: '2.0', id: rpc.id, error: outcome.body });
      return;
    }
    const content = [{ type: 'text', text: JSON.stringify(outcome.result) }];
    const result =
      resultShape === 'structured'
        ? { structuredContent: outcome.result, content, isError: false }
        : { content, isError: false };
    const answer = { jsonrpc: '2.0', id: rpc.id, result };
    if (key) idempotency.set(key, { fingerprint, answer });
    log(200);
    send(res, 200, answer);
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://store').pathname;
      try {
        if (serveDiscovery(req, res, path)) return;
        if (path === STORE_MCP_PATH) {
          if (req.method !== 'POST') {
            send(res, 405, rpcError(null, -32600, 'POST only'), { allow: 'POST' });
            return;
          }
          if (!(req.headers['content-type'] ?? '').startsWith('application/json')) {
            send(res, 415, rpcError(null, -32600, 'Content-Type must be application/json'));
            return;
          }
          await serveMcp(req, res);
          return;
        }
        if (options.extraRoutes && (await options.extraRoutes(req, res))) return;
        const continued = /^\/checkouts\/([^/]+)\/continue$/.exec(path);
        if (continued) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(`<!doctype html><title>Checkout</title><h1>Finish checkout ${continued[1] ?? ''}</h1>`);
          return;
        }
        send(res, 404, { error: 'not found' });
      } catch (error) {
        if (!res.headersSent) send(res, 500, { error: String(error) });
        else res.destroy();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${options.hostName ?? '127.0.0.1'}:${port}`;

  const control: StoreSimulatorControl = {
    dropConnections: () => server.closeAllConnections(),
    setDiscovery: (setup) => {
      discovery = { ...discovery, ...setup };
    },
    setCompleteMode: (mode) => {
      completeMode = mode;
    },
    rateLimitNext: (burst = {}) => {
      bursts = {
        count: burst.count ?? 1,
        status: burst.status ?? 429,
        retryAfterSeconds: burst.retryAfterSeconds ?? 1,
        via: burst.via ?? 'both',
      };
    },
    setResultShape: (shape) => {
      resultShape = shape;
    },
    setPaymentOffer: (offer) => {
      paymentOffer = offer;
    },
    setToolInputSchema: (tool, schema) => {
      if (schema) inputSchemas.set(tool, schema);
      else inputSchemas.delete(tool);
    },
    calls: () => [...calls],
    toolCalls: (tool) => calls.filter((call) => call.tool === tool),
    checkouts: () => shopping.checkouts(),
    orders: () => shopping.orders(),
    reset: () => {
      calls = [];
      idempotency.clear();
      bursts = null;
      inputSchemas.clear();
      shopping.reset();
      discovery = { ...DEFAULT_DISCOVERY, ...options.discovery };
      completeMode = options.completeMode ?? 'complete';
      resultShape = 'structured';
      paymentOffer = 'wallet';
    },
  };

  return {
    url: baseUrl,
    mcpEndpoint: `${baseUrl}${STORE_MCP_PATH}`,
    port,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
