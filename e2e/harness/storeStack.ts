import { createStoreCatalogPages, type StoreCatalogPages } from '../simulator/store/storeCatalogPages';
import { startStoreSimulator, type RunningStoreSimulator } from '../simulator/store/storeSimulator';
import { startStack, stopStack, type Stack } from './fixtures';

export interface StoreStack {
  store: RunningStoreSimulator;
  catalog: StoreCatalogPages;
  stack: Stack;
}

/**
 * The fake store (its protocol endpoint and catalog pages) and the idle stack whose host is pointed at it;
 * plain-http loopback is allowed, since that is what the fake store serves.
 */
export async function startStoreStack(): Promise<StoreStack> {
  const catalog = createStoreCatalogPages();
  const store = await startStoreSimulator({ extraRoutes: catalog.handle });
  const stack = await startStack('idle', {
    SIGHTLINE_STORE_URL: store.url,
    SIGHTLINE_ALLOW_INSECURE_LOOPBACK: '1',
  });
  return { store, catalog, stack };
}

export async function stopStoreStack(running: Partial<StoreStack>): Promise<void> {
  await stopStack(running.stack);
  await running.store?.close();
}
