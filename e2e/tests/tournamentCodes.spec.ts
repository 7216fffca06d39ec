import type { Locator, Page } from '@playwright/test';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import { shootPage } from '../harness/pageShots';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../electron/simulator/webApi/webApiSimulator';

/**
 * Tournament codes as issued: the exact case in a monospace face with a copy button (never upper-cased
 * by a heading's style), lobby players named by Riot ID, and the signed metaData as labelled fields.
 * Screenshots of the code panel and the lobby at 1920 and 1024 px wide go to e2e/screenshots/ when asked for
 * (SIGHTLINE_README_SHOTS=1).
 */

const CALLBACK_URL = 'http://results.example.com/tournament/callback';

let webApi: RunningWebApiSimulator;
let stack: Stack;

/** What a person sees: innerText follows text-transform, unlike textContent. */
const shownText = (locator: Locator) => locator.evaluate((element) => (element as HTMLElement).innerText);
const style = (locator: Locator, property: 'fontFamily' | 'textTransform') =>
  locator.evaluate((element, name) => getComputedStyle(element)[name], property);

/** A datetime-local value `days` from now, in the browser's time zone. */
function localDateTime(days: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

async function setUpDesk(page: Page): Promise<void> {
  await page.goto(stack.app.pageUrl('/tournaments'));
  await page.getByTestId('api-key-input').fill(SIMULATOR_API_KEY);
  await page.getByTestId('api-key-kind').selectOption('production');
  await page.getByTestId('api-key-save').click();
  await expect(page.getByTestId('desk-notice-no-key')).toHaveCount(0);
  // A production key is no tournament key until the organizer says it is tournament-enabled.
  await page.getByTestId('confirm-tournament-key').click();
  await expect(page.getByTestId('desk-notice-tournament-key')).toHaveCount(0);
  await page.getByTestId('provider-url').fill(CALLBACK_URL);
  await expect(page.getByTestId('url-check-verdict')).toHaveText('valid');
  await page.getByTestId('provider-create').click();
  await expect(page.getByTestId('provider-row')).toHaveCount(1);
  await page.getByTestId('tournament-name').fill('Spring Cup');
  await page.getByTestId('tournament-participants').fill('40');
  await page.getByTestId('tournament-fee').fill('10');
  await page.getByTestId('tournament-share').fill('80');
  await page.getByTestId('tournament-first-match').fill(localDateTime(10));
  await page.getByTestId('tournament-win-condition').fill('Best of one; the final is best of three.');
  await expect(page.getByTestId('policy-verdict')).toHaveAttribute('data-allowed', 'true');
  await page.getByTestId('tournament-create').click();
  await expect(page.getByTestId('code-row')).toHaveCount(1);
  await page.getByTestId('code-count').fill('1');
  await page.getByTestId('code-metadata').fill('Semi final');
  await page.getByTestId('code-create').click();
  await expect(page.getByTestId('code-row')).toHaveCount(2);
}

test.describe('tournament codes as issued', () => {
  test.beforeAll(async () => {
    webApi = await startWebApiSimulator();
    stack = await startStack('idle', { SIGHTLINE_WEB_API_BASE: webApi.baseTemplate });
  });
  test.afterAll(async () => {
    await stopStack(stack);
    await webApi.close();
  });

  test('shows the exact code in monospace with a copy button, Riot IDs in the lobby, metaData by field', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(stack.app.companionUrl).origin,
    });
    await setUpDesk(page);
    const issued = webApi.control.tournament.codes().at(-1);
    const code = issued?.code ?? '';
    // Issued codes mix cases (NA + lower-case hex): upper-casing would change them.
    expect(code).not.toBe(code.toUpperCase());

    const row = page.locator(`[data-testid="code-row"][data-code="${code}"]`);
    await expect(shownText(row.getByTestId('code-value'))).resolves.toBe(code);
    await row.getByTestId('code-open').click();

    // The code panel's heading: the code as issued, monospace, with its own copy button.
    const panel = page.getByTestId('code-panel');
    const heading = panel.getByTestId('code-panel-code');
    await expect(heading).toHaveText(code);
    await expect(shownText(heading)).resolves.toBe(code);
    await expect(shownText(panel.locator('h2'))).resolves.toBe(`CODE ${code}`);
    await expect(style(heading, 'textTransform')).resolves.toBe('none');
    await expect(style(heading, 'fontFamily')).resolves.toMatch(/monospace/);
    const copy = panel.getByTestId('copy-code');
    await copy.click();
    await expect(copy).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    // The signed metaData by field, never its JSON.
    const details = page.getByTestId('code-details');
    await expect(details.getByTestId('code-detail-organizer-text')).toHaveText('Semi final');
    await expect(details.getByTestId('code-detail-signature')).toHaveText('valid: signed by this desk');
    await expect(details.getByTestId('code-detail-signed-for-tournament')).toHaveText(
      String(issued?.tournamentId),
    );
    await expect(details.getByTestId('code-detail-metadata')).toHaveCount(0);
    await expect(details).not.toContainText('"sl"');

    // The lobby names its players by Riot ID, not by cut-off PUUIDs.
    webApi.control.tournament.playLobby(code, { startAt: Date.now() - 20_000, stepMs: 1000 });
    await row.getByTestId('code-watch').click();
    const live = page.getByTestId('live-lobby');
    await expect(live.getByTestId('lobby-event')).toHaveCount(17, { timeout: 30_000 });
    const match = webApi.control.dataset.match(issued?.platform ?? '', issued?.gameId ?? 0);
    const riotIds = new Set(
      (match?.participants ?? []).map(({ player }) => `${player.gameName}#${player.tagLine}`),
    );
    const joined = live.locator('[data-testid="lobby-event"]', { hasText: 'joined' });
    await expect(joined.first().getByTestId('lobby-event-player')).toContainText('#', { timeout: 15_000 });
    await expect
      .poll(async () => {
        const names = await joined.getByTestId('lobby-event-player').allInnerTexts();
        return names.length > 0 && names.every((name) => riotIds.has(name));
      })
      .toBe(true);
    await expect(live.getByTestId('lobby-event-player').filter({ hasText: '…' })).toHaveCount(0);
    await expect(shownText(live.locator('code').first())).resolves.toBe(code);

    await page.waitForTimeout(300);
    await shootPage(page, 'tournament-code-1920');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.waitForTimeout(300);
    await expect(shownText(heading)).resolves.toBe(code);
    await shootPage(page, 'tournament-code-1024');
  });
});
