import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures';
import { hostRequest } from '../harness/hostRequest';
import { shootScreenSizes } from '../harness/pageShots';
import { startStoreStack, stopStoreStack, type StoreStack } from '../harness/storeStack';
import { variantGid } from '../../electron/simulator/store/storeProducts';
import { SIM_AGENT_PROFILE } from '../../electron/simulator/store/storeSimulator';

/**
 * The checkout form for a buyer reading German (issue 33 item 4): nothing is called missing before the buyer
 * acts, a field's problem is named on that field once the buyer leaves it or submits, and the country is picked
 * by its German name while the store gets the two-letter code.
 */

test.use({ locale: 'de-DE' });

const PORO_PLUSH = variantGid(4510000031);

let running: StoreStack;
test.beforeAll(async () => {
  running = await startStoreStack();
});
test.afterAll(() => stopStoreStack(running));

async function must(page: Page, channel: string, input: unknown): Promise<void> {
  const result = await hostRequest(page, channel, input);
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.message}`);
}

test('no banner on first view; a missing field is named on it after the buyer acts; the country list speaks German and sends the code', async ({
  page,
}) => {
  await page.goto(running.stack.app.pageUrl('/legal'));
  await must(page, 'settings.update', {
    store: { agentProfile: SIM_AGENT_PROFILE, country: 'US', currency: 'USD' },
  });
  await must(page, 'store.checkout.reset', {});
  await must(page, 'store.checkout.createCart', { lines: [{ variantId: PORO_PLUSH, quantity: 1 }] });
  await must(page, 'store.checkout.createCheckout', {});
  await page.goto(running.stack.app.pageUrl('/store/checkout'));

  // First view: the store has said the contact and the address are missing, but the buyer has not acted.
  for (const screen of [
    { width: 1920, height: 1080 },
    { width: 1280, height: 720 },
    { width: 1024, height: 768 },
  ]) {
    await page.setViewportSize(screen);
    await expect(page.getByTestId('step-buyer')).toBeVisible();
    await expect(page.getByTestId('buyer-email')).toBeVisible();
    await expect(page.getByTestId('store-messages')).toHaveCount(0);
    await expect(page.locator('.checkout-field-error')).toHaveCount(0);
    // The form fits the screen: nothing to scroll sideways for.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  // Leaving a field names that field only.
  await page.getByTestId('buyer-email').focus();
  await page.getByTestId('buyer-email').press('Tab');
  const errors = page.getByTestId('step-buyer').locator('.checkout-field-error');
  await expect(errors).toHaveText(['Fill in the email address.']);

  // A submit with the last name missing names that field, and sends nothing.
  await page.getByTestId('buyer-email').fill('ada@example.com');
  await page.getByTestId('buyer-first-name').fill('Ada');
  await expect(errors).toHaveCount(0);
  await page.getByTestId('buyer-save').click();
  await expect(errors).toHaveText(['Fill in the last name.']);
  await expect(page.getByTestId('buyer-last-name')).toHaveAttribute('aria-invalid', 'true');
  expect(running.store.control.toolCalls('update_checkout')).toHaveLength(0);
  await shootScreenSizes(page, 'checkout-form-missing-field');
  await page.getByTestId('buyer-last-name').fill('Lovelace');
  await page.getByTestId('buyer-save').click();
  await expect(page.getByTestId('buyer-summary')).toHaveText('Ada Lovelace · ada@example.com');

  // The address: the country by its German name; the store gets DE.
  await expect(page.getByTestId('store-messages')).toHaveCount(0);
  const country = page.getByTestId('address-country');
  await expect(country.locator('option:checked')).toHaveText('Vereinigte Staaten');
  await expect(country.locator('option', { hasText: /^Deutschland$/ })).toHaveCount(1);
  await country.selectOption({ label: 'Deutschland' });
  await page.getByTestId('address-street').fill('Unter den Linden 1');
  await page.getByTestId('address-city').fill('Berlin');
  await page.getByTestId('address-postal-code').fill('10117');
  await page.getByTestId('address-save').click();
  await expect(page.getByTestId('address-summary')).toContainText('Unter den Linden 1');
  const sent = running.store.control
    .toolCalls('update_checkout')
    .map((call) => JSON.stringify(call.arguments))
    .join('\n');
  expect(sent).toContain('"address_country":"DE"');
});
