import type { StoreRateLimitNotice } from '@shared/contract';
import { describeFailure, type HttpClient } from '../../../platform/net/httpClient';
import type { HttpOutcome } from '../../../platform/net/httpExchange';
import { StoreFailure } from './storeFailure';
import { backoffSeconds, readRetryAfterSeconds } from './retryAfter';
import { createToolInputValidator } from './toolInputValidator';

export interface McpTool {
  name: string;
  description: string;
  inputSchema: unknown;
}

export interface McpToolClientOptions {
  http: HttpClient;
  endpoint: string;
  /** The agent profile URL (the store.agentProfile setting), read at each call. */
  agentProfile: () => string;
  newIdempotencyKey: () => string;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** A notice while a rate limit is honoured; null once the call goes through or gives up. */
  onRateLimit?: (notice: StoreRateLimitNotice | null) => void;
  /** Retries of one logical call after 429/503/502/504. */
  maxRetries?: number;
  /** A store asking for a longer wait than this is reported, not waited for. */
  maxWaitSeconds?: number;
  timeoutMs?: number;
}

export interface McpToolClient {
  /** tools/list, fetched once and cached. */
  listTools(): Promise<McpTool[]>;
  hasTool(name: string): Promise<boolean>;
  /**
   * tools/call with meta (agent profile, idempotency key) added, the arguments checked against the
   * tool's listed inputSchema first. Answers the result's structuredContent, else its text content.
   */
  callTool(name: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

type JsonRecord = Record<string, unknown>;

const RETRYABLE = new Set([429, 502, 503, 504]);

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A JSON-RPC 2.0 client for a store's UCP MCP endpoint (stateless POSTs, no session).
 *
 * Why not the official MCP TypeScript SDK (@modelcontextprotocol/sdk), checked at 1.32.2:
 * - Its Client opens with an `initialize` handshake and keeps a session (Mcp-Session-Id); the UCP endpoint is
 *   stateless POSTs of tools/list and tools/call (spec 3), so the SDK adds a round trip the store need not answer.
 * - Its HTTP transport sends with fetch; every store request here goes through the one HttpClient (net/), with
 *   its TLS verification, deadlines, body cap and the store URL policy, which a fetch adapter would re-implement.
 * - It retries and reconnects on its own terms; here a rate-limited call is sent again with the very same body,
 *   so the idempotency key of a payment step never changes between attempts (spec 3: payment only after the
 *   buyer's approval, once), and the wait is shown to the buyer.
 * - It compiles tool schemas with its own Ajv; the store's schemas here go through toolSchemaSafety and run
 *   their patterns on RE2 (toolInputValidator), because a hostile store writes them and they run in main.
 * - Its dependencies (express, hono, cors, jose, eventsource, express-rate-limit…) are a server's, in the
 *   main process bundle, for two JSON-RPC methods.
 * What is left is the protocol's two calls and the store's error shapes; HTTP is the repo's own client.
 */
export function createMcpToolClient(options: McpToolClientOptions): McpToolClient {
  const { http, endpoint, now, sleep } = options;
  const maxRetries = options.maxRetries ?? 3;
  const maxWaitSeconds = options.maxWaitSeconds ?? 60;
  const validator = createToolInputValidator();
  let nextId = 1;
  let tools: Promise<McpTool[]> | null = null;

  const profileUrl = (): string => {
    const profile = options.agentProfile().trim();
    if (!profile) {
      throw new StoreFailure(
        'not-configured',
        'Set the agent profile URL (Settings → Store → Agent profile URL) before talking to the store: every call must name it.',
      );
    }
    return profile;
  };

  /** One logical JSON-RPC call, retried after rate limits with the very same body (and so the same key). */
  const rpc = async (method: string, params: JsonRecord, label: string): Promise<unknown> => {
    const body = { jsonrpc: '2.0', id: nextId++, method, params };
    let noticed = false;
    const clearNotice = (): void => {
      if (noticed) options.onRateLimit?.(null);
    };
    for (let attempt = 1; ; attempt++) {
      const outcome = await http.send({
        method: 'POST',
        url: endpoint,
        json: body,
        timeoutMs: options.timeoutMs ?? 30_000,
      });
      const waitSeconds = rateLimitWait(outcome, attempt);
      if (waitSeconds === null) {
        clearNotice();
        return readRpcResult(outcome, label);
      }
      if (attempt > maxRetries || waitSeconds > maxWaitSeconds) {
        clearNotice();
        throw new StoreFailure(
          'rate-limited',
          `The store is rate limiting ${label} and asked us to wait ${Math.ceil(waitSeconds)} s; try again later.`,
        );
      }
      noticed = true;
      options.onRateLimit?.({
        tool: label,
        retryAfterSeconds: waitSeconds,
        resumesAt: now() + waitSeconds * 1000,
        attempt,
      });
      await sleep(waitSeconds * 1000);
    }
  };

  const rateLimitWait = (outcome: HttpOutcome, attempt: number): number | null => {
    const limited =
      (outcome.kind === 'http-error' && RETRYABLE.has(outcome.status)) ||
      (outcome.kind === 'ok' && readRetryAfterSeconds({}, outcome.body, now()) !== null);
    if (!limited || (outcome.kind !== 'ok' && outcome.kind !== 'http-error')) return null;
    return readRetryAfterSeconds(outcome.headers, outcome.body, now()) ?? backoffSeconds(attempt);
  };

  const listTools = (): Promise<McpTool[]> => {
    tools ??= rpc('tools/list', {}, 'tools/list').then(readToolList);
    // A failed list is not cached: the next call asks again.
    tools.catch(() => {
      tools = null;
    });
    return tools;
  };

  return {
    listTools,
    hasTool: async (name) => (await listTools()).some((tool) => tool.name === name),
    callTool: async (name, args) => {
      const profile = profileUrl();
      const tool = (await listTools()).find((candidate) => candidate.name === name);
      if (!tool) throw new StoreFailure('tool-missing', `The store does not offer the ${name} tool.`);
      const callerMeta = isRecord(args.meta) ? args.meta : {};
      const fullArgs = {
        ...args,
        meta: {
          ...callerMeta,
          'ucp-agent': { profile },
          'idempotency-key': options.newIdempotencyKey(),
        },
      };
      const check = validator.check(name, tool.inputSchema, fullArgs);
      if (!check.ok) {
        throw new StoreFailure(
          check.unsafeSchema ? 'store-error' : 'invalid-input',
          `Not sent: ${check.reason}.`,
        );
      }
      const result = await rpc('tools/call', { name, arguments: fullArgs }, name);
      return readToolResult(result, name);
    },
  };
}

function readRpcResult(outcome: HttpOutcome, label: string): unknown {
  if (outcome.kind !== 'ok' && outcome.kind !== 'http-error') {
    throw new StoreFailure('network', `The store did not answer ${label}: ${describeFailure(outcome)}.`);
  }
  const body = outcome.body;
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  if (outcome.kind === 'http-error' || error) {
    throw describeRpcError(outcome.kind === 'http-error' ? outcome.status : 200, error, label);
  }
  if (!isRecord(body) || !('result' in body)) {
    throw new StoreFailure('store-error', `The store's answer to ${label} is not a JSON-RPC result.`);
  }
  return body.result;
}

function describeRpcError(status: number, error: JsonRecord | null, label: string): StoreFailure {
  const data = error && isRecord(error.data) ? error.data : {};
  const detail = [data.code, data.content ?? error?.message]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(': ');
  const continueUrl = typeof data.continue_url === 'string' ? data.continue_url : null;
  const suffix = detail ? ` (${detail})` : '';
  if (error?.code === -32001) {
    return new StoreFailure(
      'store-error',
      `The store could not use the agent profile${suffix}.`,
      continueUrl,
    );
  }
  switch (status) {
    case 401:
    case 403:
      return new StoreFailure(
        'store-error',
        `The store does not let this agent ${label}${suffix}; finish at the store instead.`,
        continueUrl,
      );
    case 409:
      return new StoreFailure(
        'store-error',
        `The store saw this request before with different content${suffix}.`,
      );
    default:
      return new StoreFailure(
        'store-error',
        `The store refused ${label}${status === 200 ? '' : ` (HTTP ${status})`}${suffix}.`,
        continueUrl,
      );
  }
}

function readToolList(result: unknown): McpTool[] {
  if (!isRecord(result) || !Array.isArray(result.tools)) {
    throw new StoreFailure('store-error', 'The store’s tools/list answer has no tool list.');
  }
  return result.tools.flatMap((tool) =>
    isRecord(tool) && typeof tool.name === 'string'
      ? [
          {
            name: tool.name,
            description: typeof tool.description === 'string' ? tool.description : '',
            inputSchema: tool.inputSchema ?? null,
          },
        ]
      : [],
  );
}

/** structuredContent when present, else the JSON in the first text content (Shopify sends both). */
export function readToolResult(result: unknown, name: string): Record<string, unknown> {
  if (!isRecord(result)) throw new StoreFailure('store-error', `The store's ${name} answer is empty.`);
  const text = Array.isArray(result.content)
    ? result.content.find(
        (item): item is { type: 'text'; text: string } =>
          isRecord(item) && item.type === 'text' && typeof item.text === 'string',
      )?.text
    : undefined;
  if (result.isError === true) {
    throw new StoreFailure(
      'store-error',
      `The store could not ${name}: ${text?.slice(0, 300) ?? 'no detail'}.`,
    );
  }
  if (isRecord(result.structuredContent)) return result.structuredContent;
  if (text !== undefined) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (isRecord(parsed)) return parsed;
    } catch {
      // Not JSON: reported below.
    }
  }
  throw new StoreFailure('store-error', `The store's ${name} answer has no readable content.`);
}
