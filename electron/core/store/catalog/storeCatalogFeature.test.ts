import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialAppState, type AppState } from '@shared/contract';
import { createStoreCatalogPages } from '../../../../e2e/simulator/store/storeCatalogPages';
import type { FeatureContext } from '../../app/feature';
import { StateHub } from '../../hub/stateHub';
import { createLogger } from '../../log/logger';
import { createHttpClient } from '../../net/httpClient';
import { realScheduler } from '../../polling/poller';
import { readEnvironment } from '../../settings/environment';
import { SettingsStore } from '../../settings/settingsStore';
import { createStoreCatalogFeature } from './storeCatalogFeature';

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
  const logger = createLogger(() => undefined);
  const env = readEnvironment({ SIGHTLINE_STORE_URL: storeUrl });
  const settings = await SettingsStore.open(join(dataDir, 'settings.json'), env, logger);
  const context: FeatureContext = {
    http,
    hub: new StateHub<AppState>(initialAppState(Date.now())),
    scheduler: realScheduler,
    logger,
    settings,
    env,
    dataDir,
    resourcesDir: dataDir,
  };
  return {
    settings,
    handlers: createStoreCatalogFeature(context, { urlPolicy: { allowInsecureLoopback } }).handlers,
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
