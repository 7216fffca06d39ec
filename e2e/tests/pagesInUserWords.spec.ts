import type { Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures';
import { COMPANION_ROUTES } from '../harness/navigation';
import { shootScreenSizes } from '../harness/pageShots';
import { startStoreStack, stopStoreStack, type StoreStack } from '../harness/storeStack';

/**
 * Every companion page speaks to whoever opens it (issue 33 item 3): a player, a caster or a buyer sees no
 * protocol words; those live in the Organizer and Advanced sections, closed until opened.
 */

const PROTOCOL_WORDS = /client secret|x-riot-token|agents\.md|agent profile|regional cluster|oauth/gi;

const SCREENS = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

/** The pages whose settings save themselves as they are changed (Settings, Shortcuts, retention, team names). */
const SAVED_AS_CHANGED: ReadonlySet<string> = new Set([
  '/settings',
  '/shortcuts',
  '/history',
  '/scoreboard',
  '/overlays',
]);

let running: StoreStack;
test.beforeAll(async () => {
  running = await startStoreStack();
});
test.afterAll(() => stopStoreStack(running));

/** The protocol words the page's visible text shows (closed sections and test ids are not text). */
async function protocolWords(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return text.match(PROTOCOL_WORDS) ?? [];
}

test('no companion page shows protocol words outside its closed Organizer or Advanced section, nor a settings Save button, at three screen sizes', async ({
  page,
}) => {
  test.setTimeout(240_000);
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    for (const route of COMPANION_ROUTES) {
      await page.goto(running.stack.app.pageUrl(route));
      const main = page.locator('main');
      await expect(main).toBeVisible();
      await expect(main).not.toContainText('Loading', { timeout: 15_000 });
      expect(await protocolWords(page), `${route} at ${screen.width}×${screen.height}`).toEqual([]);
      // Settings are saved one way: where they are changed, no Save button (secrets keep theirs, in closed sections).
      if (SAVED_AS_CHANGED.has(route))
        await expect(page.getByRole('button', { name: /^Save/ }), `${route} at ${screen.width}`).toHaveCount(
          0,
        );
    }
  }

  // The words are there for whoever opens the section, and the section stays open once opened.
  await page.goto(running.stack.app.pageUrl('/settings'));
  const advanced = page.getByTestId('advanced-settings-advanced');
  await expect(advanced).not.toHaveAttribute('open');
  await advanced.locator('summary').click();
  await expect(advanced).toContainText('X-Riot-Token');
  await page.reload();
  await expect(page.getByTestId('advanced-settings-advanced')).toHaveAttribute('open');
  await shootScreenSizes(page, 'settings-advanced-open');
});

test('a player opening the sign-on page is told what signing in gives them, in their words', async ({
  page,
}) => {
  await page.goto(running.stack.app.pageUrl('/sign-on'));
  await expect(page.getByRole('heading', { name: 'Sign in with your Riot account' })).toBeVisible();
  await expect(page.getByTestId('sign-on-what')).toContainText('your Riot ID and your tournament matches');
  await expect(page.getByTestId('advanced-sign-on-organizer')).not.toHaveAttribute('open');
  await expect(page.getByTestId('sign-on-client-id')).toBeHidden();
  await shootScreenSizes(page, 'sign-on-player');
  await page.getByTestId('advanced-sign-on-organizer').locator('summary').click();
  await expect(page.getByTestId('sign-on-config-status')).toContainText('register the redirect URI');
  await expect(page.getByTestId('sign-on-client-id')).toBeVisible();
});
