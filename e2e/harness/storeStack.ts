import {
  createStoreCatalogPages,
  type StoreCatalogPages,
} from '../../electron/simulator/store/storeCatalogPages';
import {
  startStoreSimulator,
  type RunningStoreSimulator,
} from '../../electron/simulator/store/storeSimulator';
import type { Page } from '@playwright/test';
import type { SettingsView } from '../../shared/contract';
import { expect, startStack, stopStack, type Stack } from './fixtures';
import { hostRequest } from './hostRequest';

export interface StoreStack {
  store: RunningStoreSimulator;
  catalog: StoreCatalogPages;
  stack: Stack;
}

/**
 * The fake store (its protocol endpoint and catalog pages) and the idle stack whose host is pointed at it;
 * plain-http loopback is allowed, since that is what the fake store serves. `extraEnv` goes to `serve` too.
 */
export async function startStoreStack(extraEnv: Record<string, string> = {}): Promise<StoreStack> {
  const catalog = createStoreCatalogPages();
  const store = await startStoreSimulator({ extraRoutes: catalog.handle });
  const stack = await startStack('idle', {
    SIGHTLINE_STORE_URL: store.url,
    SIGHTLINE_ALLOW_INSECURE_LOOPBACK: '1',
    ...extraEnv,
  });
  return { store, catalog, stack };
}

export async function stopStoreStack(running: Partial<StoreStack>): Promise<void> {
  await stopStack(running.stack);
  await running.store?.close();
}

/**
 * Sets the buyer's country and currency on the store page and waits until the core has them: the button is
 * disabled while the save is on its way too, and a catalog request sent meanwhile would carry the old ones.
 */
export async function saveBuyerContext(page: Page, country: string, currency: string): Promise<void> {
  await page.getByTestId('store-currency').fill(currency);
  await page.getByTestId('store-country').selectOption(country);
  await page.getByTestId('store-buyer-save').click();
  await expect
    .poll(async () => {
      const result = await hostRequest(page, 'settings.get', {});
      return result.ok ? (result.value as SettingsView).settings.store : null;
    })
    .toMatchObject({ country, currency });
}
