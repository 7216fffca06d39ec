import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStoreSimulator, type RunningStoreSimulator } from '../../../../simulator/store/storeSimulator';
import { createHttpClient } from '../../../platform/net/httpClient';
import { createScriptedHttpClient, ok } from '../../../tools/testkit/scriptedHttpClient';
import { discoverStore } from './storeDiscovery';
import { parseStoreProfile } from './ucpProfile';

let store: RunningStoreSimulator;
const http = createHttpClient();
const options = { http, policy: { allowInsecureLoopback: true }, now: () => 42 };

beforeAll(async () => {
  store = await startStoreSimulator();
});
afterEach(() => store.control.reset());
afterAll(async () => {
  http.close();
  await store.close();
});

describe('store discovery', () => {
  it('reads the map-of-arrays profile and picks the shopping service’s MCP endpoint', async () => {
    const profile = await discoverStore(store.url, options);
    expect(profile).toMatchObject({
      storeUrl: store.url,
      version: '2026-04-08',
      publishedVersion: '2026-04-08',
      profileShape: 'map-of-arrays',
      transport: 'mcp',
      endpoint: store.mcpEndpoint,
      discoveredAt: 42,
    });
    expect(profile.capabilities.map((capability) => capability.name)).toContain('dev.ucp.shopping.checkout');
    expect(
      profile.capabilities.find((capability) => capability.name === 'dev.ucp.shopping.fulfillment')?.extends,
    ).toEqual(['dev.ucp.shopping.checkout']);
    expect(profile.paymentHandlers).toEqual([
      {
        name: 'sim.wallet',
        id: 'sim.wallet',
        version: '2026-04-08',
        instrumentTypes: ['wallet', 'card'],
        refusal: null,
      },
    ]);
    expect(store.control.calls().map((call) => call.method)).toEqual(['GET /.well-known/ucp']);
  });

  it('reads the older capability-array profile', async () => {
    store.control.setDiscovery({
      shape: 'capability-array',
      publishedVersion: '2026-01-23',
      supportedVersions: [],
    });
    const profile = await discoverStore(store.url, options);
    expect(profile).toMatchObject({
      version: '2026-01-23',
      profileShape: 'capability-array',
      endpoint: store.mcpEndpoint,
    });
    expect(profile.capabilities.map((capability) => capability.name)).toContain('dev.ucp.shopping.cart');
    expect(profile.paymentHandlers.map((handler) => handler.id)).toEqual(['sim.wallet']);
  });

  it('follows supported_versions when the store publishes a newer version', async () => {
    store.control.setDiscovery({
      publishedVersion: '2026-08-25',
      supportedVersions: ['2026-04-08', '2026-01-23'],
    });
    const profile = await discoverStore(store.url, options);
    expect(profile).toMatchObject({
      version: '2026-04-08',
      publishedVersion: '2026-08-25',
      storeVersions: ['2026-08-25', '2026-04-08', '2026-01-23'],
    });
    expect(store.control.calls().map((call) => call.method)).toEqual([
      'GET /.well-known/ucp',
      'GET /.well-known/ucp/2026-04-08',
    ]);
  });

  it('negotiates down to 2026-01-23 when that is the best both speak', async () => {
    store.control.setDiscovery({ publishedVersion: '2026-08-25', supportedVersions: ['2026-01-23'] });
    expect((await discoverStore(store.url, options)).version).toBe('2026-01-23');
  });

  it('says which versions each side speaks when there is none in common', async () => {
    store.control.setDiscovery({ publishedVersion: '2026-08-25', supportedVersions: [] });
    await expect(discoverStore(store.url, options)).rejects.toMatchObject({
      code: 'version-unsupported',
      message: 'The store speaks protocol 2026-08-25; Sightline speaks 2026-04-08 and 2026-01-23.',
    });
  });

  it('does not follow a redirect of the discovery document', async () => {
    store.control.setDiscovery({ redirectTo: 'https://evil.example/.well-known/ucp' });
    await expect(discoverStore(store.url, options)).rejects.toMatchObject({
      code: 'discovery-failed',
      message: expect.stringContaining('does not follow redirects'),
    });
    expect(store.control.calls()).toHaveLength(1);
  });

  it('refuses plain http unless insecure loopback is allowed, before any request', async () => {
    await expect(
      discoverStore(store.url, { ...options, policy: { allowInsecureLoopback: false } }),
    ).rejects.toMatchObject({
      code: 'bad-url',
      message: expect.stringContaining('SIGHTLINE_ALLOW_INSECURE_LOOPBACK=1'),
    });
    await expect(discoverStore('http://shop.example', options)).rejects.toMatchObject({ code: 'bad-url' });
    expect(store.control.calls()).toHaveLength(0);
  });

  it('refuses an MCP endpoint that is not https', async () => {
    const { client } = createScriptedHttpClient(() =>
      ok({
        ucp: {
          version: '2026-04-08',
          services: {
            'dev.ucp.shopping': [
              { version: '2026-04-08', transport: 'mcp', endpoint: 'http://shop.example/api/ucp/mcp' },
            ],
          },
          capabilities: {},
          payment_handlers: {},
        },
      }),
    );
    await expect(discoverStore('https://shop.example', { ...options, http: client })).rejects.toMatchObject({
      code: 'no-endpoint',
    });
  });

  // Found by the fuzz (storeDiscovery.fuzz.test.ts): new URL threw a TypeError out of discovery.
  it('refuses an MCP endpoint that is no URL at all, in words', async () => {
    const { client } = createScriptedHttpClient(() =>
      ok({
        ucp: {
          version: '2026-04-08',
          services: { 'dev.ucp.shopping': { version: '2026-04-08', mcp: { endpoint: 'https://' } } },
          capabilities: [],
        },
      }),
    );
    await expect(discoverStore('https://shop.example', { ...options, http: client })).rejects.toMatchObject({
      name: 'StoreFailure',
      code: 'no-endpoint',
      message: 'The store\'s MCP endpoint "https://" is not a URL.',
    });
  });

  // Found by the fuzz: the store's URLs and version were quoted whole, thousands of characters long.
  it('quotes at most a short piece of what the store sent', async () => {
    const long = `https://shop.example/.well-known/ucp/${'2026-04-08'.repeat(300)}`;
    const { client } = createScriptedHttpClient((path) =>
      ok(
        path === '/.well-known/ucp'
          ? { ucp: { version: '2026-08-25', supported_versions: { '2026-04-08': long } } }
          : { ucp: { version: '2026-08-25'.repeat(300) } },
      ),
    );
    const failure = await discoverStore('https://shop.example', { ...options, http: client }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 'discovery-failed' });
    expect(failure instanceof Error && failure.message.length).toBeLessThan(300);
  });
});

describe('profile parsing', () => {
  it('takes a service entry per transport, and the older object with a key per transport', () => {
    const newer = parseStoreProfile(
      {
        ucp: {
          version: '2026-04-08',
          services: {
            'dev.ucp.shopping': [
              { version: '2026-01-23', transport: 'mcp', endpoint: 'https://a/old' },
              { version: '2026-04-08', transport: 'rest', endpoint: 'https://a/rest' },
              { version: '2026-04-08', transport: 'mcp', endpoint: 'https://a/mcp' },
            ],
            'dev.ucp.other': [{ transport: 'mcp', endpoint: 'https://a/other' }],
          },
        },
      },
      'https://a/.well-known/ucp',
    );
    expect(newer.ok && newer.profile.mcpServices).toEqual([
      { version: '2026-01-23', endpoint: 'https://a/old' },
      { version: '2026-04-08', endpoint: 'https://a/mcp' },
    ]);
    const older = parseStoreProfile(
      {
        ucp: {
          version: '2026-01-11',
          services: { 'dev.ucp.shopping': { version: '2026-01-11', mcp: { endpoint: 'https://a/mcp' } } },
          capabilities: [],
        },
      },
      'https://a/.well-known/ucp',
    );
    expect(older.ok && older.profile).toMatchObject({
      shape: 'capability-array',
      mcpServices: [{ endpoint: 'https://a/mcp' }],
    });
  });

  it('rejects a document without a dated version', () => {
    expect(parseStoreProfile({ ucp: { version: 'latest' } }, 'https://a/')).toMatchObject({ ok: false });
    expect(parseStoreProfile('<html>', 'https://a/')).toMatchObject({ ok: false });
  });
});
