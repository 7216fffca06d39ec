import { expect, test, type Stack } from '../harness/fixtures';
import { hostRequest } from '../harness/hostRequest';
import { saveBuyerContext, startStoreStack, stopStoreStack } from '../harness/storeStack';
import type { StoreCatalogPages } from '../../electron/simulator/store/storeCatalogPages';
import type { RunningStoreSimulator } from '../../electron/simulator/store/storeSimulator';

/** The store page's read-only catalog, in Chromium, against the real headless host and the fake store. */

let store: RunningStoreSimulator;
let catalog: StoreCatalogPages;
let stack: Stack;

test.describe('store catalog', () => {
  test.beforeAll(async () => {
    ({ store, catalog, stack } = await startStoreStack());
  });
  test.afterAll(() => stopStoreStack({ store, stack }));
  test.afterEach(() => {
    catalog.control.reset();
    store.control.reset();
  });

  test('browses a collection: titles, images and prices in the buyer currency', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/store'));
    await expect(
      page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Shop · Store' }),
    ).toBeVisible();
    await expect(page.getByTestId('store-collection-title')).toHaveText('All products');
    await expect(page.getByTestId('store-product-card')).toHaveCount(4);

    const collections = page.getByTestId('store-collections');
    await expect(collections.getByRole('link')).toHaveText([
      'All products',
      'Apparel',
      'Accessories',
      'Collectibles',
    ]);
    await collections.getByRole('link', { name: 'Accessories' }).click();
    await expect(page).toHaveURL(/collection=accessories/);
    await expect(page.getByTestId('store-collection-title')).toHaveText('Accessories');
    const cards = page.getByTestId('store-product-card');
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('Runeterra Card Sleeves (60)');
    await expect(cards.first()).toContainText('$12.50');
    await expect(cards.nth(1)).toContainText('Sold out');
    // Images come through the core as data: URLs (the page may load no other site's images).
    await expect(cards.first().locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    const sent = catalog.control
      .requests()
      .find((request) => request.path === '/collections/accessories/products.json');
    expect(sent?.query).toMatchObject({ currency: 'USD', country: 'US' });
  });

  test('searches the store', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/store'));
    // A fresh data folder names Shopify's sample agent profile; with it cleared, only the storefront is left.
    const cleared = await hostRequest(page, 'settings.update', { store: { agentProfile: '' } });
    expect(cleared.ok).toBe(true);
    await page.getByTestId('store-search-input').fill('arena');
    await page.getByTestId('store-search-submit').click();
    await expect(page).toHaveURL(/q=arena/);
    // No agent profile is set now, so the store's tools cannot be used: its search page is read (said in the buyer's words).
    await expect(page.getByTestId('store-search-results')).toHaveAttribute('data-source', 'storefront');
    await expect(page.getByTestId('store-search-source')).toContainText('shopping profile is not set');
    await expect(page.getByTestId('store-search-source')).not.toContainText('agent profile');
    const cards = page.getByTestId('store-product-card');
    await expect(cards).toHaveCount(2);
    await expect(cards).toContainText(['Arena Champion Hoodie', 'Arena Mousepad XL']);
    await expect(cards.first()).toContainText('$65.00');
    expect(catalog.control.requests().find((request) => request.path === '/search')?.query).toMatchObject({
      q: 'arena',
      type: 'product',
    });
    expect(store.control.toolCalls('search_catalog')).toEqual([]);
  });

  test('opens a product priced in the buyer currency, with variants and availability', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/store'));
    await saveBuyerContext(page, 'DE', 'EUR');

    await page
      .getByTestId('store-product-card')
      .filter({ hasText: 'Arena Champion Hoodie' })
      .getByRole('link')
      .click();
    await expect(page.getByTestId('store-product-title')).toHaveText('Arena Champion Hoodie');
    await expect(page.getByTestId('store-product-price')).toHaveText('€59.80');
    await expect(page.getByTestId('store-product-availability')).toHaveText('In stock');
    await expect(page.getByTestId('store-product-description').locator('li')).toHaveText(['80% cotton']);
    await page.getByRole('radio', { name: /^L/ }).check();
    await expect(page.getByTestId('store-product-availability')).toHaveText('Sold out');
    await expect(page.getByTestId('store-product-price')).toContainText('€59.80');
    await expect(page.getByTestId('store-product-price')).toContainText('€69.00');
    // A sold-out variant cannot go in the cart.
    await expect(page.getByTestId('store-add-to-cart')).toBeDisabled();
    const sent = catalog.control
      .requests()
      .filter((request) => request.path.startsWith('/products/arena-champion-hoodie'));
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) expect(request.query).toMatchObject({ currency: 'EUR', country: 'DE' });

    await page.getByTestId('store-currency').fill('USD');
    await page.getByTestId('store-country').selectOption('US');
    await page.getByTestId('store-buyer-save').click();
    await expect(page.getByTestId('store-product-price')).toContainText('$65.00');
  });

  test('shows a policy whose hostile merchant HTML never runs', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(stack.app.pageUrl('/store'));
    await page.getByTestId('store-policy-links').getByRole('link', { name: 'Refund policy' }).click();
    const policy = page.getByTestId('store-policy');
    await expect(page.getByTestId('store-policy-title')).toHaveText('Refund policy');
    const body = page.getByTestId('store-policy-body');
    await expect(body.locator('h3')).toHaveText('Returns');
    await expect(body.locator('li')).toHaveText(['Items must be unworn', 'Keep the tags on']);
    await expect(body).toContainText('Contact us');
    await body.getByText('Hover text.').hover();

    // The javascript: link is text now; the FAQ link is a plain external link.
    await expect(body.getByRole('link')).toHaveCount(1);
    const faq = body.getByRole('link', { name: 'the FAQ' });
    await expect(faq).toHaveAttribute('href', `${store.url}/pages/faq`);
    await expect(faq).toHaveAttribute('target', '_blank');
    await expect(faq).toHaveAttribute('rel', 'noopener noreferrer');

    expect(await policy.locator('script, img, iframe, style, object, embed').count()).toBe(0);
    const handlers = await policy.evaluate((root) =>
      [root, ...Array.from(root.querySelectorAll('*'))].flatMap((element) =>
        Array.from(element.attributes)
          .filter((attribute) => attribute.name.startsWith('on') || attribute.name === 'style')
          .map((attribute) => `${element.tagName}.${attribute.name}`),
      ),
    );
    expect(handlers).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { __storePolicyRan?: boolean }).__storePolicyRan),
    ).toBeUndefined();
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });

  test('says so when the store asked it to wait (429), then shows the page', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/store'));
    await expect(page.getByTestId('store-product-card')).toHaveCount(4);
    // The policy is the request the store refuses (a refetch of the grid meanwhile must not take the 429).
    catalog.control.rateLimitNext({ count: 1, retryAfterSeconds: 1, path: '/policies/' });
    await page.getByTestId('store-policy-links').getByRole('link', { name: 'Shipping policy' }).click();
    await expect(page.getByTestId('store-policy-title')).toHaveText('Shipping policy');
    await expect(page.getByTestId('store-rate-notice')).toContainText(
      'The store asked Sightline to wait (HTTP 429)',
    );
    const statuses = catalog.control
      .requests()
      .filter((request) => request.path === '/policies/shipping-policy')
      .map((request) => request.status);
    expect(statuses).toEqual([429, 200]);
  });
});
