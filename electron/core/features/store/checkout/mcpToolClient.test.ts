import { describe, expect, it } from 'vitest';
import type { StoreRateLimitNotice } from '@shared/contract';
import type { HttpOutcome, HttpRequest } from '../../../platform/net/httpExchange';
import { createScriptedHttpClient, httpError, ok } from '../../../tools/testkit/scriptedHttpClient';
import { createMcpToolClient } from './mcpToolClient';

const ENDPOINT = 'https://shop.example/api/ucp/mcp';
const PROFILE = 'https://agent.example/profile.json';

const searchTool = {
  name: 'search_catalog',
  description: 'search',
  inputSchema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['meta', 'catalog'],
    properties: {
      meta: { type: 'object', required: ['ucp-agent'] },
      catalog: {
        type: 'object',
        properties: {
          query: { type: 'string' },
          pagination: { type: 'object', properties: { limit: { type: 'integer', maximum: 50 } } },
        },
      },
    },
  },
};

type Body = { method: string; params: { name?: string; arguments?: Record<string, unknown> } };
const bodyOf = (request: HttpRequest) => request.json as Body;

function setup(
  answerCall: (request: HttpRequest, attempt: number) => HttpOutcome,
  profile = PROFILE,
  tools: unknown[] = [searchTool],
) {
  let calls = 0;
  const slept: number[] = [];
  const notices: (StoreRateLimitNotice | null)[] = [];
  let keys = 0;
  const { client: http, requests } = createScriptedHttpClient((_path, request) => {
    if (bodyOf(request).method === 'tools/list') return ok({ jsonrpc: '2.0', id: 1, result: { tools } });
    calls += 1;
    return answerCall(request, calls);
  });
  const client = createMcpToolClient({
    http,
    endpoint: ENDPOINT,
    agentProfile: () => profile,
    newIdempotencyKey: () => `key-${++keys}`,
    now: () => 1_000_000,
    sleep: async (ms) => void slept.push(ms),
    onRateLimit: (notice) => notices.push(notice),
  });
  const toolCalls = () => requests.filter((request) => bodyOf(request).method === 'tools/call');
  return { client, requests, toolCalls, slept, notices };
}

const structured = (content: Record<string, unknown>) =>
  ok({
    jsonrpc: '2.0',
    id: 2,
    result: { structuredContent: content, content: [{ type: 'text', text: JSON.stringify(content) }] },
  });

describe('MCP tool client', () => {
  it('POSTs JSON-RPC 2.0 with the agent profile and an idempotency key in meta', async () => {
    const { client, toolCalls, requests } = setup(() => structured({ products: [] }));
    await client.callTool('search_catalog', { catalog: { query: 'hoodie' } });
    const [call] = toolCalls();
    expect(call).toMatchObject({ method: 'POST', url: ENDPOINT });
    expect(call?.json).toMatchObject({
      jsonrpc: '2.0',
      method: 'tools/call',
      params: {
        name: 'search_catalog',
        arguments: {
          meta: { 'ucp-agent': { profile: PROFILE }, 'idempotency-key': 'key-1' },
          catalog: { query: 'hoodie' },
        },
      },
    });
    // tools/list is asked once and cached.
    await client.callTool('search_catalog', { catalog: { query: 'poro' } });
    expect(requests.filter((request) => bodyOf(request).method === 'tools/list')).toHaveLength(1);
  });

  it('refuses input that does not match the listed schema, before sending anything', async () => {
    const { client, toolCalls } = setup(() => structured({}));
    await expect(
      client.callTool('search_catalog', { catalog: { query: 'x', pagination: { limit: 500 } } }),
    ).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringContaining('catalog.pagination.limit'),
    });
    await expect(client.callTool('search_catalog', { catalog: { query: 42 } })).rejects.toMatchObject({
      code: 'invalid-input',
    });
    expect(toolCalls()).toHaveLength(0);
  });

  it('refuses a tool whose schema is unsafe, as the store’s fault, and keeps the other tools', async () => {
    const unsafeTool = {
      name: 'create_cart',
      description: 'cart',
      inputSchema: {
        type: 'object',
        properties: { tags: { type: 'array', uniqueItems: true, items: { type: 'object' } } },
      },
    };
    const { client, toolCalls } = setup(() => structured({ products: [] }), PROFILE, [
      searchTool,
      unsafeTool,
    ]);
    await expect(client.callTool('create_cart', { tags: [] })).rejects.toMatchObject({
      code: 'store-error',
      message: expect.stringContaining('input schema for create_cart was refused as unsafe'),
    });
    expect(toolCalls()).toHaveLength(0);
    await expect(client.callTool('search_catalog', { catalog: { query: 'poro' } })).resolves.toEqual({
      products: [],
    });
  });

  it('refuses to call without an agent profile, with a message that says which setting', async () => {
    const { client, requests } = setup(() => structured({}), '');
    await expect(client.callTool('search_catalog', { catalog: {} })).rejects.toMatchObject({
      code: 'not-configured',
      message: expect.stringContaining('agent profile'),
    });
    expect(requests).toHaveLength(0);
  });

  it('honours error.data.retry_after on 429 and keeps the same idempotency key on the retry', async () => {
    const { client, toolCalls, slept, notices } = setup((_request, attempt) =>
      attempt === 1
        ? httpError(429, {
            jsonrpc: '2.0',
            id: 2,
            error: { code: -32000, message: 'Rate limit exceeded', data: { retry_after: 7 } },
          })
        : structured({ products: [] }),
    );
    await client.callTool('search_catalog', { catalog: {} });
    expect(slept).toEqual([7000]);
    const keys = toolCalls().map(
      (call) => (bodyOf(call).params.arguments?.meta as Record<string, unknown>)['idempotency-key'],
    );
    expect(keys).toEqual(['key-1', 'key-1']);
    expect(toolCalls()[0]?.json).toEqual(toolCalls()[1]?.json);
    expect(notices).toEqual([
      { tool: 'search_catalog', retryAfterSeconds: 7, resumesAt: 1_000_000 + 7000, attempt: 1 },
      null,
    ]);
  });

  it('honours a Retry-After header on 503, and backs off 1 s, 2 s when the store names no wait', async () => {
    const header = setup((_request, attempt) =>
      attempt === 1 ? { ...httpError(503), headers: { 'retry-after': '3' } } : structured({}),
    );
    await header.client.callTool('search_catalog', { catalog: {} });
    expect(header.slept).toEqual([3000]);

    const bare = setup((_request, attempt) => (attempt <= 2 ? httpError(429) : structured({})));
    await bare.client.callTool('search_catalog', { catalog: {} });
    expect(bare.slept).toEqual([1000, 2000]);
  });

  it('gives up with a clear message when the store asks for too long a wait or keeps refusing', async () => {
    const long = setup(() =>
      httpError(429, { error: { code: -32000, message: 'slow down', data: { retry_after: 600 } } }),
    );
    await expect(long.client.callTool('search_catalog', { catalog: {} })).rejects.toMatchObject({
      code: 'rate-limited',
      message: expect.stringContaining('600 s'),
    });
    expect(long.slept).toEqual([]);

    const always = setup(() => httpError(429));
    await expect(always.client.callTool('search_catalog', { catalog: {} })).rejects.toMatchObject({
      code: 'rate-limited',
    });
    expect(always.toolCalls()).toHaveLength(4);
    expect(always.notices.at(-1)).toBeNull();
  });

  it('reads structuredContent, and falls back to the JSON text content', async () => {
    const both = setup(() =>
      ok({
        jsonrpc: '2.0',
        id: 2,
        result: {
          structuredContent: { from: 'structured' },
          content: [{ type: 'text', text: '{"from":"text"}' }],
        },
      }),
    );
    expect(await both.client.callTool('search_catalog', { catalog: {} })).toEqual({ from: 'structured' });

    const textOnly = setup(() =>
      ok({
        jsonrpc: '2.0',
        id: 2,
        result: { content: [{ type: 'text', text: '{"from":"text"}' }], isError: false },
      }),
    );
    expect(await textOnly.client.callTool('search_catalog', { catalog: {} })).toEqual({ from: 'text' });

    const garbage = setup(() =>
      ok({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'not json' }] } }),
    );
    await expect(garbage.client.callTool('search_catalog', { catalog: {} })).rejects.toMatchObject({
      code: 'store-error',
    });
  });

  it('turns JSON-RPC errors into messages, keeping a continue_url the store gives', async () => {
    const forbidden = setup(() =>
      httpError(403, {
        jsonrpc: '2.0',
        id: 2,
        error: {
          code: -32000,
          message: 'Forbidden',
          data: { code: 'insufficient_scope', continue_url: 'https://shop.example/c/1' },
        },
      }),
    );
    await expect(forbidden.client.callTool('search_catalog', { catalog: {} })).rejects.toMatchObject({
      code: 'store-error',
      continueUrl: 'https://shop.example/c/1',
      message: expect.stringContaining('insufficient_scope'),
    });

    const profile = setup(() =>
      httpError(422, {
        error: {
          code: -32001,
          message: 'UCP discovery failed',
          data: { code: 'invalid_profile_url', content: 'Missing profile uri' },
        },
      }),
    );
    await expect(profile.client.callTool('search_catalog', { catalog: {} })).rejects.toMatchObject({
      message: expect.stringContaining(
        'could not use the agent profile (invalid_profile_url: Missing profile uri)',
      ),
    });
  });

  it('says so when the store does not offer a tool', async () => {
    const { client, toolCalls } = setup(() => structured({}));
    await expect(client.callTool('complete_checkout', { id: 'x' })).rejects.toMatchObject({
      code: 'tool-missing',
    });
    expect(toolCalls()).toHaveLength(0);
  });
});
