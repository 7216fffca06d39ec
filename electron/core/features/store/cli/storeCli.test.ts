import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STORE_AGENT_PROFILE } from '@shared/contract';
import { startShopifyMock } from '../../../../simulator/store/shopifyMockBusiness';
import {
  SIM_AGENT_PROFILE,
  startStoreSimulator,
  type RunningStoreSimulator,
} from '../../../../simulator/store/storeSimulator';
import { runStoreCommand } from './storeCli';
import { exitOnUsageError } from '../../../../cli/usageErrors';

let store: RunningStoreSimulator;
let dataDir: string;

beforeAll(async () => {
  store = await startStoreSimulator();
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-store-cli-'));
});
afterEach(() => store.control.reset());
afterAll(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function run(argv: string[], env: NodeJS.ProcessEnv = { SIGHTLINE_ALLOW_INSECURE_LOOPBACK: '1' }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStoreCommand(argv, {
    env: { SIGHTLINE_DATA_DIR: dataDir, ...env },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  }).catch((error: unknown) => exitOnUsageError('store', error, (line) => err.push(line)));
  return { code, out, err };
}

describe('sightline store', () => {
  it('discover prints the negotiated version, the transport and the endpoint', async () => {
    store.control.setDiscovery({ publishedVersion: '2026-08-25', supportedVersions: ['2026-04-08'] });
    expect(await run(['discover', store.url])).toEqual({
      code: 0,
      out: [
        'version: 2026-04-08',
        'transport: mcp',
        `endpoint: ${store.mcpEndpoint}`,
        'payment handlers: sim.wallet',
        'service dev.ucp.shopping: 2026-04-08 (mcp)',
      ],
      err: [],
    });
  });

  it('discover prints the version negotiated for each service: a 2026-04-08 profile may run a 2026-01-23 one', async () => {
    const shopify = await startShopifyMock();
    try {
      expect(await run(['discover', shopify.url])).toEqual({
        code: 0,
        out: [
          'version: 2026-04-08',
          'transport: mcp',
          `endpoint: ${shopify.mcpEndpoint}`,
          'payment handlers: none listed',
          'service dev.ucp.shopping: 2026-01-23 (mcp)',
        ],
        err: [],
      });
    } finally {
      await shopify.close();
    }
  });

  it('discover marks a crypto-currency handler refused, and refuses a store that offers only those', async () => {
    store.control.setPaymentOffer('crypto-preselected');
    expect(await run(['discover', store.url])).toMatchObject({
      code: 0,
      out: expect.arrayContaining([
        'payment handlers: sim.wallet, xyz.coinpay.stablecoin (refused: crypto-currency)',
      ]),
      err: [],
    });
    store.control.setPaymentOffer('crypto-only');
    store.control.setDiscovery({ shape: 'capability-array' });
    expect(await run(['discover', store.url])).toMatchObject({
      code: 1,
      out: expect.arrayContaining(['payment handlers: xyz.coinpay.stablecoin (refused: crypto-currency)']),
      err: [
        'Sightline will not pay at this store: it offers only xyz.coinpay.stablecoin, crypto-currency, which the publisher’s rules forbid Sightline to use (no cryptocurrency or blockchain).',
      ],
    });
  });

  it('search prints title, price and variant ID per product, through the tool endpoint', async () => {
    const { code, out } = await run(['search', store.url, 'arena', '--profile', SIM_AGENT_PROFILE]);
    expect(code).toBe(0);
    expect(out).toEqual([
      'Arena Champion Hoodie\t$65.00\tgid://shopify/ProductVariant/4510000011',
      'Arena Mousepad XL\t$35.00\tgid://shopify/ProductVariant/4510000041',
    ]);
    const [call] = store.control.toolCalls('search_catalog');
    expect(call?.agentProfile).toBe(SIM_AGENT_PROFILE);
    expect(call?.arguments?.catalog).toMatchObject({
      query: 'arena',
      context: { address_country: 'US', currency: 'USD' },
    });
  });

  it('waits out a rate limit and says so on stderr', async () => {
    store.control.rateLimitNext({ count: 1, retryAfterSeconds: 0, via: 'header' });
    const { code, out, err } = await run(['search', store.url, 'poro', '--profile', SIM_AGENT_PROFILE]);
    expect(code).toBe(0);
    expect(out).toHaveLength(1);
    expect(err).toEqual(['rate limited: the store asked us to wait 0 s (tools/list)']);
  });

  it('refuses plain http without SIGHTLINE_ALLOW_INSECURE_LOOPBACK=1', async () => {
    const insecure = await run(['discover', store.url], {});
    expect(insecure.code).toBe(1);
    expect(insecure.err.join('\n')).toContain('SIGHTLINE_ALLOW_INSECURE_LOOPBACK=1');
    expect(store.control.toolCalls('search_catalog')).toHaveLength(0);
  });

  it('search works on a fresh data folder with the default agent profile, and says when nothing matches', async () => {
    const found = await run(['search', store.url, 'poro']);
    expect(found).toEqual({
      code: 0,
      out: ['Poro Plush\t$29.99\tgid://shopify/ProductVariant/4510000031'],
      err: [],
    });
    expect(store.control.toolCalls('search_catalog')[0]?.agentProfile).toBe(DEFAULT_STORE_AGENT_PROFILE);
    expect(await run(['search', store.url, 'zzzz'])).toEqual({
      code: 0,
      out: [],
      err: ['no products match zzzz'],
    });
  });

  it('says what is wrong with a command line in one line, not its usage', async () => {
    expect(await run(['search', store.url])).toEqual({
      code: 2,
      out: [],
      err: ['sightline store: missing <query> (see sightline store --help)'],
    });
    expect(await run(['browse', store.url])).toEqual({
      code: 2,
      out: [],
      err: ['sightline store: unknown command "browse" (see sightline store --help)'],
    });
  });
});
