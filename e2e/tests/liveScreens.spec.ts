import type { Page } from '@playwright/test';
import { expect, startStack, stopStack, syncStaticData, test } from '../harness/fixtures';

// Screenshots of the scoreboard and its overlays for a person to look at: SIGHTLINE_SHOTS=<folder>.
const shots = process.env.SIGHTLINE_SHOTS;

/** An overlay as a viewer sees it: over a busy, game-like backdrop instead of OBS's scene. */
async function overBackdrop(page: Page, path: string): Promise<void> {
  await page.addStyleTag({
    content:
      'html.overlay-mode, html.overlay-mode body { background: radial-gradient(circle at 30% 40%, #3c5a3a, #1d2b22 45%, #2a3548 75%, #141a22) !important; }',
  });
  await page.screenshot({ path });
}

test('scoreboard screenshots', async ({ page }) => {
  test.skip(!shots, 'set SIGHTLINE_SHOTS to a folder to take screenshots');
  test.setTimeout(120_000);
  const stack = await startStack('full-game');
  try {
    const { control } = stack.simulator;
    await control.advance(232);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(stack.app.pageUrl('/scoreboard'));
    await expect(page.getByTestId('team-kills-ORDER')).toHaveText('9');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shots}/scoreboard.png`, fullPage: true });
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.screenshot({ path: `${shots}/scoreboard-narrow.png`, fullPage: true });

    await page.setViewportSize({ width: 1920, height: 1080 });
    for (const overlay of ['scoreboard', 'feed', 'arena']) {
      await page.goto(stack.app.pageUrl(`/overlay/${overlay}`));
      await expect(page.getByTestId(`overlay-${overlay}`)).toBeVisible();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${shots}/overlay-${overlay}.png`, omitBackground: true });
      await overBackdrop(page, `${shots}/overlay-${overlay}-backdrop.png`);
    }

    // With static data: champion, item, spell and rune images instead of letters.
    await syncStaticData(page, stack.app);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(stack.app.pageUrl('/scoreboard'));
    await expect(page.getByTestId('team-kills-ORDER')).toHaveText('9');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${shots}/scoreboard-icons.png`, fullPage: true });

    await control.advance(302 - control.state().live.gameTime);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(stack.app.pageUrl('/scoreboard'));
    await expect(page.getByTestId('live-result')).toBeVisible();
    await page.screenshot({ path: `${shots}/scoreboard-ended.png` });
    await control.advance(12);
    await expect(page.getByTestId('last-game')).toBeVisible();
    await page.screenshot({ path: `${shots}/scoreboard-no-game.png` });
  } finally {
    await stopStack(stack);
  }

  const spectator = await startStack('spectator');
  try {
    await spectator.simulator.control.advance(160);
    await page.goto(spectator.app.pageUrl('/scoreboard'));
    await expect(page.getByTestId('spectator-badge')).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shots}/scoreboard-spectator.png`, fullPage: true });
  } finally {
    await stopStack(spectator);
  }
});
