import type { Page } from '@playwright/test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { advanceScenarioTo, expect, scenarioPath, stopStack, test, type Stack } from '../harness/fixtures';
import { serveApp } from '../harness/servedApp';
import { loadScenarioFile, startSimulator } from '../../electron/simulator/index';

/**
 * The deck tracker's views during the full-game scenario's two card games, captured for review in
 * $TMPDIR/sightline-card-shots/. Also checks what a capture depends on: the overlays paint nothing around
 * their panels, and the history page lists both games.
 */

// Outside test-results/, which every Playwright run empties.
const SHOTS = join(tmpdir(), 'sightline-card-shots');

let stack: Stack | undefined;
test.beforeAll(async () => {
  // Scenario time stands still between steps (full-game runs in real time otherwise), so every step is seen.
  const simulator = await startSimulator({
    scenario: await loadScenarioFile(scenarioPath('full-game')),
    now: () => 0,
  });
  const app = await serveApp(
    { ...simulator.urls, caPem: simulator.caPem },
    { SIGHTLINE_DATA_DIR: await mkdtemp(join(tmpdir(), 'sightline-shots-')) },
  );
  stack = { simulator, app };
});
test.afterAll(() => stopStack(stack));

function view(path: string): string {
  if (!stack) throw new Error('the stack did not start');
  return stack.app.pageUrl(path);
}

/** Scenario time to `seconds`. */
async function advanceTo(seconds: number): Promise<void> {
  if (!stack) throw new Error('the stack did not start');
  await advanceScenarioTo(stack.simulator, seconds);
}

async function transparentBackground(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    getComputedStyle(document.documentElement).backgroundColor,
    getComputedStyle(document.body).backgroundColor,
  ]);
}

test('deck tracker overlays, companion page and history', async ({ page }) => {
  test.setTimeout(90_000);
  if (!stack) throw new Error('the stack did not start');
  // Card game 1, step by step as the host would see it: the mulligan, draws, plays, the opponent's units.
  await page.goto(view('/overlay/deck-tracker'));
  for (const [at, left] of [
    [21, '36 left'],
    [36, '36 left'],
    [51, '35 left'],
    [66, '34 left'],
    [81, '33 left'],
    [96, '32 left'],
  ] as const) {
    await advanceTo(at);
    await expect(page.getByTestId('deck-cards-left')).toHaveText(left);
    // Long enough for a poll: each step's frame must be seen, as it would be at the game's pace.
    await page.waitForTimeout(1200);
  }

  for (const overlay of [
    { path: '/overlay/deck-tracker', size: { width: 340, height: 1000 }, testId: 'deck-column' },
    { path: '/overlay/deck-tracker-compact', size: { width: 250, height: 760 }, testId: 'deck-column' },
    { path: '/overlay/opponent-cards', size: { width: 340, height: 640 }, testId: 'opponent-cards' },
  ]) {
    await page.setViewportSize(overlay.size);
    await page.goto(view(overlay.path));
    await expect(page.getByTestId(overlay.testId)).toBeVisible();
    expect(await transparentBackground(page)).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
    await page.screenshot({
      path: join(SHOTS, `${overlay.path.split('/').at(-1)}.png`),
      omitBackground: true,
    });
  }

  await page.setViewportSize({ width: 1360, height: 1000 });
  await page.goto(view('/cards'));
  await expect(page.getByTestId('local-plays')).toContainText('played');
  await page.screenshot({ path: join(SHOTS, 'deck-tracker-page.png'), fullPage: true });

  // Game 1 ends (111 s), game 2 is played (191 s) and ends (211 s): history with the first game opened.
  await advanceTo(111);
  await page.goto(view('/history'));
  await expect(page.getByTestId('history-game')).toHaveCount(1);
  await page.goto(view('/cards'));
  // Game 2 in steps, each long enough for a poll: two units reach the board (171 s), then a spell leaves
  // the hand without reaching it (191 s) and counts as played too.
  for (const [at, plays] of [
    [131, '0 played'],
    [151, '0 played'],
    [171, '2 played'],
    [191, '3 played'],
  ] as const) {
    await advanceTo(at);
    await expect(page.getByTestId('tracker-players')).toContainText('PiltoverPeacekeeper');
    await expect(page.getByTestId('local-plays')).toContainText(plays);
    await page.waitForTimeout(1200);
  }
  await advanceTo(211);
  await page.goto(view('/history'));
  await expect(page.getByTestId('history-game')).toHaveCount(2);
  // The row opens from any cell but the deck's copy button and the tick box: its opponent cell, as a user would.
  await page.getByTestId('history-game').last().getByTestId('history-game-opponent').click();
  await expect(page.getByTestId('history-game-detail')).toBeVisible();
  await page.screenshot({ path: join(SHOTS, 'history-page.png'), fullPage: true });

  // Between games the overlay draws nothing; the last game is on the Deck tracker page.
  await page.goto(view('/overlay/deck-tracker'));
  await page.setViewportSize({ width: 340, height: 200 });
  await expect(page.getByTestId('deck-overlay')).toHaveAttribute('data-phase', 'no-game');
  await expect(page.locator('body')).toHaveText('');
  await page.goto(view('/cards'));
  await expect(page.getByTestId('tracker-last-game')).toContainText('Loss');
  await page.screenshot({ path: join(SHOTS, 'deck-tracker-waiting.png'), omitBackground: true });
});
