import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreCatalogPages } from '../../../../simulator/store/storeCatalogPages';
import { createHttpClient } from '../../../platform/net/httpClient';
import { openTestFeatureContext } from '../../../tools/testkit/testFeatureContext';
import { createStoreCatalogHandlers } from './storeCatalogHandlers';

let server: Server;
let storeUrl: string;
let dataDir: string;
const http = createHttpClient();

beforeAll(async () => {
  const pages = createStoreCatalogPages();
  server = createServer((req, res) => void (pages.handle(req, res) || res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  storeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-store-catalog-'));
});
afterAll(async () => {
  http.close();
  server.closeAllConnections();
  server.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function feature(allowInsecureLoopback: boolean) {
  const context = await openTestFeatureContext({
    dataDir,
    http,
    variables: { SIGHTLINE_STORE_URL: storeUrl },
  });
  return {
    settings: context.settings,
    handlers: createStoreCatalogHandlers(context, { urlPolicy: { allowInsecureLoopback } }),
  };
}

describe('store catalog feature', () => {
  it('uses SIGHTLINE_STORE_URL for this run and the saved buyer context', async () => {
    const { settings, handlers } = await feature(true);
    expect(settings.view.overridden).toContain('store.url');
    await settings.update({ store: { currency: 'GBP', country: 'GB' } });
    const answer = await handlers['store.catalog.product']({ handle: 'poro-plush' });
    expect(answer.buyer).toEqual({ country: 'GB', currency: 'GBP' });
    expect(answer.product.priceMin).toEqual({ minor: 2369, currency: 'GBP' });
  });

  it('refuses a plain-http store unless insecure loopback is allowed', async () => {
    const { handlers } = await feature(false);
    await expect(handlers['store.catalog.collections']({})).rejects.toMatchObject({
      error: { code: 'unsupported', message: expect.stringContaining('SIGHTLINE_ALLOW_INSECURE_LOOPBACK=1') },
    });
  });
});
