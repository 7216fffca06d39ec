import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, recordHostFrames, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import {
  startSignOnSimulator,
  type RunningSignOnSimulator,
} from '../../electron/simulator/signOn/signOnSimulator';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../electron/simulator/webApi/webApiSimulator';
import { openFromBar } from '../harness/navigation';

/**
 * Player sign-on in Chromium against the fake sign-on server, with the real headless host: the redirect
 * lands on the host's loopback route and the page follows the pushed state.
 */

const CLIENT_ID = 'sightline-cup';
const CLIENT_SECRET = 'cup-secret-0b6e1d94';

let signOn: RunningSignOnSimulator;
let webApi: RunningWebApiSimulator;
let stack: Stack;
const frames: string[] = [];

/** Ticks the opt-in and presses "Link account"; returns the tab the sign-on page opened in. */
async function startLinking(page: Page): Promise<Page> {
  await expect(page.getByTestId('sign-on-disclaimer')).toContainText('Linking makes your data public');
  await expect(page.getByTestId('sign-on-link')).toBeDisabled();
  await page.getByTestId('sign-on-consent').check();
  const popup = page.waitForEvent('popup');
  await page.getByTestId('sign-on-link').click();
  const tab = await popup;
  await tab.waitForLoadState();
  return tab;
}

test.describe('player sign-on', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    webApi = await startWebApiSimulator();
    const player = webApi.control.dataset.players[0];
    if (!player) throw new Error('the web API simulator has no players');
    signOn = await startSignOnSimulator({
      clients: [{ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }],
      account: { puuid: player.puuid, gameName: player.gameName, tagLine: player.tagLine },
      // The identity call goes to the web API host, which must know the tokens this server hands out.
      onAccessToken: (token, puuid) => webApi.control.addAccessToken(token, puuid),
    });
    stack = await startStack('idle', {
      SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
      SIGHTLINE_SIGN_ON_BASE: signOn.url,
    });
  });
  test.afterAll(async () => {
    await stopStack(stack);
    await signOn.close();
    await webApi.close();
  });

  test('is unavailable until the key is a production key', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/sign-on'));
    await expect(page.getByTestId('sign-on-unavailable')).toContainText('no API key is set yet');
    await page.goto(stack.app.pageUrl('/players'));
    await page.getByTestId('api-key-input').fill(SIMULATOR_API_KEY);
    await page.getByTestId('api-key-kind').selectOption('personal');
    await page.getByTestId('api-key-save').click();
    await openFromBar(page, 'Organize', 'Sign-on');
    await expect(page.getByTestId('sign-on-unavailable')).toContainText(
      'only available with a production API key; this is a personal key',
    );
    await expect(page.locator('.legal-footer')).toBeVisible();

    await openFromBar(page, 'Look up', 'Players');
    await page.getByTestId('api-key-change').click();
    await page.getByTestId('api-key-input').fill(SIMULATOR_API_KEY);
    await page.getByTestId('api-key-kind').selectOption('production');
    await page.getByTestId('api-key-save').click();
    await openFromBar(page, 'Organize', 'Sign-on');
    await expect(page.getByTestId('sign-on-unavailable')).toHaveCount(0);
    await expect(page.getByTestId('sign-on-needs-config')).toBeVisible();
  });

  test('the organizer sets the client; the secret is never shown back', async ({ page }) => {
    recordHostFrames(page, frames);
    await page.goto(stack.app.pageUrl('/sign-on'));
    // The client is the organizer's: in its own section, closed until opened.
    await expect(page.getByTestId('sign-on-client-id')).toBeHidden();
    await page.getByTestId('advanced-sign-on-organizer').locator('summary').click();
    await expect(page.getByTestId('sign-on-redirect-uri')).toHaveText(
      `http://127.0.0.1:${stack.app.port}/sign-on/callback`,
    );
    // serve has no OS encryption: the form says where the secret will be kept, before it is entered.
    const secretsFile = join(stack.app.dataDir, 'sign-on-secrets.json');
    await expect(page.getByTestId('sign-on-storage-notice')).toContainText(
      `stored unencrypted in ${secretsFile}, a file only your user can read`,
    );
    await page.getByTestId('sign-on-client-id').fill(CLIENT_ID);
    await page.getByTestId('sign-on-auth-method').selectOption('client_secret_basic');
    await page.getByTestId('sign-on-credential').fill(CLIENT_SECRET);
    await page.getByTestId('sign-on-config-save').click();
    await expect(page.getByTestId('sign-on-config-status')).toContainText(
      `Client sightline-cup, client secret (client secret basic), kept unencrypted in ${secretsFile}.`,
    );
    await expect(page.getByTestId('sign-on-credential')).toHaveCount(0);
    await expect(page.getByTestId('sign-on-link')).toBeVisible();
    await expect(page.locator('body')).not.toContainText(CLIENT_SECRET);
    expect(frames.join('\n')).not.toContain(CLIENT_SECRET);
  });

  test('a redirect with a wrong state is refused and nothing is linked', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/sign-on'));
    signOn.control.reset();
    signOn.control.answerWithWrongState();
    const tab = await startLinking(page);
    await expect(tab.locator('h1')).toHaveText('Sign-on refused');
    await expect(tab.locator('body')).toContainText('wrong or missing state');
    await tab.close();
    await expect(page.getByTestId('sign-on-error')).toContainText('nothing was linked');
    await expect(page.getByTestId('sign-on-account')).toHaveCount(0);
    expect(signOn.control.requests().filter((request) => request.endpoint === 'token')).toEqual([]);
    await page.getByTestId('sign-on-cancel').click();
    await expect(page.getByTestId('sign-on-waiting')).toHaveCount(0);
  });

  test('opt-in → link → the account is shown; tokens never reach the page', async ({ page }) => {
    recordHostFrames(page, frames);
    await page.goto(stack.app.pageUrl('/sign-on'));
    signOn.control.reset();
    const tab = await startLinking(page);
    await expect(tab.locator('h1')).toHaveText('Account linked');
    await expect(tab.locator('body')).toContainText('Quiet Lantern#EUW');
    // Opened without the host's token, the page cannot link to the legal page: it carries the notice itself.
    await expect(tab.locator('footer.legal-notice')).toContainText("Sightline isn't endorsed by Riot Games");
    await tab.close();
    await expect(page.getByTestId('sign-on-account')).toHaveText('Quiet Lantern#EUW');
    await expect(page.getByTestId('sign-on-error')).toHaveCount(0);
    // With PKCE (S256): the simulator refuses an authorize request without a challenge and a token
    // request whose verifier does not match it, so a link that got this far sent both.
    expect(
      signOn.control.requests().map((request) => [request.endpoint, request.status, request.pkce]),
    ).toEqual([
      ['authorize', 302, 'S256'],
      ['token', 200, 'S256'],
    ]);
    expect(webApi.control.requests().map((request) => [request.endpoint, request.auth])).toContainEqual([
      'account-v1.me',
      'bearer',
    ]);
    const pushed = frames.join('\n');
    for (const token of signOn.control.issuedTokens()) expect(pushed).not.toContain(token);

    // Still linked after a reload: the session lives in the core.
    await page.reload();
    await expect(page.getByTestId('sign-on-account')).toHaveText('Quiet Lantern#EUW');
  });

  test('sign out clears the account', async ({ page }) => {
    await page.goto(stack.app.pageUrl('/sign-on'));
    await page.getByTestId('sign-on-signout').click();
    await expect(page.getByTestId('sign-on-account')).toHaveCount(0);
    await expect(page.getByTestId('sign-on-disclaimer')).toBeVisible();
    await expect(page.getByTestId('sign-on-consent')).not.toBeChecked();
  });
});
