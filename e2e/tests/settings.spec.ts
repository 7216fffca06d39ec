import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../electron/simulator/webApi/webApiSimulator';

/** settings.json as the host saved it. */
async function savedSettings(stack: Stack): Promise<unknown> {
  return JSON.parse(await readFile(join(stack.app.dataDir, 'settings.json'), 'utf8'));
}

test.describe('settings', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('idle');
  });
  test.afterAll(() => stopStack(stack));

  test('each setting saves itself when left: kept after a reload; a poll faster than once a second is refused and loses nothing', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/settings'));
    // One way to save: no Save button on the page (secrets keep their own forms, in the closed sections).
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);

    await page.getByTestId('setting-poll-seconds').fill('2');
    await page.getByTestId('setting-poll-seconds').press('Tab');
    await expect(page.getByTestId('setting-poll-seconds-status')).toHaveText('Saved');
    const saved = (await savedSettings(stack)) as { live: { pollIntervalMs: number } };
    expect(saved.live.pollIntervalMs).toBe(2000);

    await page.getByTestId('setting-poll-seconds').fill('0.5');
    await page.getByTestId('setting-poll-seconds').press('Tab');
    await expect(page.getByTestId('setting-poll-seconds-status')).toContainText('Invalid settings');
    // What was typed stays, to be corrected; the saved value is unchanged.
    await expect(page.getByTestId('setting-poll-seconds')).toHaveValue('0.5');
    const after = (await savedSettings(stack)) as typeof saved;
    expect(after.live.pollIntervalMs).toBe(2000);
    await page.reload();
    await expect(page.getByTestId('setting-poll-seconds')).toHaveValue('2');
  });

  test('a value set by the environment is shown as such and cannot be edited', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/settings'));
    await expect(page.getByTestId('setting-card-port')).toBeDisabled();
    await expect(page.getByText('Set by SIGHTLINE_CARD_URL for this run.')).toBeVisible();
  });

  test('a fixed host port is saved for the next start; an impossible one is refused', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/settings'));
    await expect(page.getByTestId('setting-host-port')).toHaveValue('0');
    await page.getByTestId('setting-host-port').fill('70000');
    await page.getByTestId('setting-host-port').press('Enter');
    await expect(page.getByTestId('setting-host-port-status')).toContainText('Invalid settings');
    await page.getByTestId('setting-host-port').fill('47123');
    await page.getByTestId('setting-host-port').press('Enter');
    await expect(page.getByTestId('setting-host-port-status')).toHaveText('Saved');
    const saved = (await savedSettings(stack)) as { host: { port: number } };
    expect(saved.host.port).toBe(47123);
    await page.reload();
    await expect(page.getByTestId('setting-host-port')).toHaveValue('47123');
  });

  test('store: buyer and agent profile are saved; a bad currency is refused and loses nothing', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/settings'));
    // The agent profile is protocol detail: in the Advanced section, closed until opened.
    await expect(page.getByTestId('setting-store-agent-profile')).toBeHidden();
    await page.getByTestId('advanced-settings-advanced').locator('summary').click();
    await page.getByTestId('setting-store-agent-profile').fill('https://agent.example/profile.json');
    await page.getByTestId('setting-store-agent-profile').press('Tab');
    await expect(page.getByTestId('setting-store-agent-profile-status')).toHaveText('Saved');
    // The country is picked by its name; the settings keep its code.
    await expect(page.getByTestId('setting-store-country').locator('option:checked')).toHaveText(
      'United States',
    );
    await page.getByTestId('setting-store-country').selectOption({ label: 'Germany' });
    await expect(page.getByTestId('setting-store-country-status')).toHaveText('Saved');
    await page.getByTestId('setting-store-currency').fill('eur');
    await page.getByTestId('setting-store-currency').press('Tab');
    await expect(page.getByTestId('setting-store-currency-status')).toHaveText('Saved');
    type Saved = { store: { agentProfile: string; country: string; currency: string } };
    const readSaved = async () => ((await savedSettings(stack)) as Saved).store;
    expect(await readSaved()).toMatchObject({
      agentProfile: 'https://agent.example/profile.json',
      country: 'DE',
      currency: 'EUR',
    });

    await page.getByTestId('setting-store-currency').fill('E1R');
    await page.getByTestId('setting-store-currency').press('Tab');
    await expect(page.getByTestId('setting-store-currency-status')).toContainText(
      'three-letter currency code',
    );
    await expect(page.getByTestId('setting-store-currency')).toHaveValue('E1R');
    expect((await readSaved()).currency).toBe('EUR');
    await page.reload();
    await expect(page.getByTestId('setting-store-currency')).toHaveValue('EUR');
    await expect(page.getByTestId('setting-store-country')).toHaveValue('DE');
    await expect(page.getByTestId('setting-store-url')).toBeEnabled();
  });
});

test.describe('web API settings', () => {
  let webApi: RunningWebApiSimulator;
  let stack: Stack;
  test.beforeAll(async () => {
    webApi = await startWebApiSimulator();
    stack = await startStack('idle', {
      SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
      SIGHTLINE_API_KEY: SIMULATOR_API_KEY,
    });
  });
  test.afterAll(async () => {
    await stopStack(stack);
    await webApi.close();
  });

  /** How the simulated web API saw the last match lookup. */
  const lastLookup = () => {
    const last = webApi.control.requests().at(-1);
    return { endpoint: last?.endpoint, routing: last?.routing, auth: last?.auth };
  };

  test('the api_key parameter and the v4 paths, once saved, are what the web API sees', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/matches', { match: 'EUW1_7101003135' }));
    await expect(page.getByTestId('match-details')).toBeVisible();
    expect(lastLookup()).toEqual({ endpoint: 'match-v5.match', routing: 'europe', auth: 'header' });

    await page.goto(stack.app.pageUrl('/settings'));
    await page.getByTestId('advanced-settings-advanced').locator('summary').click();
    await expect(page.getByTestId('setting-web-api-auth-mode')).toHaveValue('header');
    await expect(page.getByTestId('setting-web-api-version')).toHaveValue('v5');
    await expect(page.getByText('puts the key in every URL')).toBeVisible();
    await page.getByTestId('setting-web-api-auth-mode').selectOption('query');
    await expect(page.getByTestId('setting-web-api-auth-mode-status')).toHaveText('Saved');
    await page.getByTestId('setting-web-api-version').selectOption('v4');
    await expect(page.getByTestId('setting-web-api-version-status')).toHaveText('Saved');
    const saved = (await savedSettings(stack)) as { webApi: { authMode: string; apiVersion: string } };
    expect(saved.webApi).toMatchObject({ authMode: 'query', apiVersion: 'v4' });
    await page.reload();
    await expect(page.getByTestId('setting-web-api-auth-mode')).toHaveValue('query');
    await expect(page.getByTestId('setting-web-api-version')).toHaveValue('v4');

    // One server error first: the retry is logged with its URL, which now carries the key.
    webApi.control.failNext(1);
    await page.goto(stack.app.pageUrl('/matches', { match: 'EUW1_7101003135' }));
    await expect(page.getByTestId('match-details')).toBeVisible();
    expect(lastLookup()).toEqual({ endpoint: 'match-v4.match', routing: 'euw1', auth: 'query' });
    const log = () => readFile(join(stack.app.dataDir, 'sightline.log'), 'utf8');
    await expect.poll(log).toContain('/lol/match/v4/matches/7101003135?api_key=[redacted]');
    expect(await log()).not.toContain(SIMULATOR_API_KEY);
  });
});
