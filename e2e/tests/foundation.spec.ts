import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import { cornerAlpha } from './liveGameDom';

test.describe('the first slice: connection states and the game clock', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('full-game');
  });
  test.afterAll(() => stopStack(stack));

  test('the companion shows every source connected and the clock advancing', async ({ page }) => {
    await page.goto(stack.app.companionUrl);
    await expect(page.getByTestId('source-live')).toHaveAttribute('data-state', 'connected');
    await expect(page.getByTestId('source-card')).toHaveAttribute('data-state', 'connected');
    await expect(page.getByTestId('source-replay')).toHaveAttribute('data-state', 'connected');
    await expect(page.getByTestId('game-clock')).toHaveAttribute('data-phase', 'in-game');

    const clock = page.getByTestId('game-clock-time');
    const first = await clock.textContent();
    await expect(clock).not.toHaveText(first ?? '');
    await expect(page.getByTestId('legal-footer')).toContainText('Not endorsed by Riot Games');
  });

  test('the legal notice is one click away', async ({ page }) => {
    await page.goto(stack.app.companionUrl);
    await page.getByTestId('legal-footer').getByRole('link', { name: 'Legal notice' }).click();
    await expect(page.getByTestId('legal-notice')).toContainText("isn't endorsed by Riot Games");
  });

  test('the status overlay renders on a transparent background for OBS', async ({ page }) => {
    const url = stack.app.overlayUrls.status;
    expect(url).toBeDefined();
    await page.setViewportSize({ width: 480, height: 160 });
    await page.goto(url ?? '');
    await expect(page.getByTestId('source-live')).toHaveAttribute('data-state', 'connected');
    const backgrounds = await page.evaluate(() => [
      getComputedStyle(document.documentElement).backgroundColor,
      getComputedStyle(document.body).backgroundColor,
    ]);
    expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    // Pixels outside the card stay fully transparent in a capture without a page background.
    const shot = await page.screenshot({ omitBackground: true });
    expect(await cornerAlpha(page, shot)).toBe(0);
    await expect(page.getByTestId('legal-footer')).toBeVisible();
  });

  test('an overlay rebuilt by OBS starts complete from a snapshot', async ({ page }) => {
    await page.goto(stack.app.overlayUrls.status ?? '');
    await expect(page.getByTestId('game-clock')).toHaveAttribute('data-phase', 'in-game');
    await page.reload();
    await expect(page.getByTestId('game-clock')).toHaveAttribute('data-phase', 'in-game');
  });
});

test.describe('while the game loads', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    // Scenario time stands still unless the test moves it, so the loading screen lasts as long as needed.
    stack = await startStack('full-game', {}, { now: () => 0 });
  });
  test.afterAll(() => stopStack(stack));

  test('the live source shows "waiting" on the loading screen, then connects when the game starts', async ({
    page,
  }) => {
    const { control } = stack.simulator;
    const live = page.getByTestId('source-live');
    await page.goto(stack.app.companionUrl);
    await expect(live).toHaveAttribute('data-state', 'not-running');

    // full-game: the game process appears at 2 s and shows the loading screen until 7 s.
    await control.advance(3);
    expect(control.state().live.phase).toBe('loading');
    await expect(live).toHaveAttribute('data-state', 'waiting');
    await expect(page.getByTestId('source-live-status')).toHaveText('waiting: loading screen');
    await expect(page.getByTestId('game-clock')).toHaveAttribute('data-phase', 'loading');

    // Held there: more polls answered 404 while loading do not turn it into an error or "connected".
    const polls = (): number => control.requests().live['/liveclientdata/gamestats']?.count ?? 0;
    const seen = polls();
    await expect.poll(polls, { timeout: 15_000 }).toBeGreaterThanOrEqual(seen + 2);
    await expect(live).toHaveAttribute('data-state', 'waiting');

    await control.advance(5);
    await expect(live).toHaveAttribute('data-state', 'connected');
    await expect(page.getByTestId('game-clock')).toHaveAttribute('data-phase', 'in-game');
  });
});

test.describe('when nothing is running', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('idle');
  });
  test.afterAll(() => stopStack(stack));

  test('each source says plainly that it is not running', async ({ page }) => {
    await page.goto(stack.app.companionUrl);
    await expect(page.getByTestId('source-live')).toHaveAttribute('data-state', 'not-running');
    await expect(page.getByTestId('source-replay-status')).toHaveText(
      'not running: no game or replay running',
    );
    const cardPort = new URL(stack.simulator.urls.card).port;
    await expect(page.getByTestId('source-card-status')).toHaveText(
      `not running: no answer on port ${cardPort} — is the client running with its third-party endpoint enabled?`,
    );
    await expect(page.getByTestId('game-clock')).toHaveAttribute('data-phase', 'no-game');
  });
});
