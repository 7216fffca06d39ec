import type { Page } from '@playwright/test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoPageUrl, startDemo, stopDemo } from '../harness/demoProcess';
import { expect, test } from '../harness/fixtures';

/**
 * A fresh `sightline demo --browser`: no card shows as its bare code (01DE001) anywhere a viewer or the player
 * looks, on the deck tracker and opponent overlays or on any card page: the simulated hosts publish every card the
 * demo's scenario plays, and the demo downloads every set before it prints a URL.
 */

const RAW_CARD_CODE = /\b\d{2}[A-Z]{2}\d{3}\b/g;

/** The card codes the page's text shows (what a viewer reads; test ids and URLs are not text). */
async function rawCodes(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return text.match(RAW_CARD_CODE) ?? [];
}

test('a fresh demo shows no raw card code on the deck tracker, the opponent overlays or any card page', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const work = await mkdtemp(join(tmpdir(), 'sightline-demo-codes-'));
  const demo = await startDemo({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SIGHTLINE_DATA_DIR: join(work, 'data'),
  });
  try {
    expect(demo.stderr()).not.toContain('the game data is incomplete');
    await page.setViewportSize({ width: 1920, height: 1080 });

    // The demo deck's 14 rows, once the card game is on.
    await page.goto(demo.overlays['deck-tracker'] ?? '');
    await expect(page.locator('[data-testid^="deck-row-"]')).toHaveCount(14, { timeout: 60_000 });
    expect(await rawCodes(page)).toEqual([]);

    // The opponent's cards, once it has played some.
    await page.goto(demo.overlays['opponent-cards'] ?? '');
    await expect(page.locator('.card-row').first()).toBeVisible({ timeout: 60_000 });
    expect(await rawCodes(page)).toEqual([]);

    for (const overlay of ['deck-tracker-compact', 'opponent-cards-compact']) {
      await page.goto(demo.overlays[overlay] ?? '');
      await expect(page.locator('.card-row').first()).toBeVisible({ timeout: 30_000 });
      expect(await rawCodes(page), overlay).toEqual([]);
    }

    // The companion's card pages: the deck tracker (deck and opponent), the card library, the history.
    await page.goto(demoPageUrl(demo, '/cards'));
    await expect(page.locator('[data-testid^="deck-row-"]')).toHaveCount(14, { timeout: 30_000 });
    await expect(page.getByTestId('card-data-notice')).toHaveCount(0);
    expect(await rawCodes(page), '/cards').toEqual([]);
    await page.goto(demoPageUrl(demo, '/library'));
    await expect(page.getByTestId('card-count')).toHaveText(/^1–\d+ of \d+ cards$/, { timeout: 30_000 });
    expect(await rawCodes(page), '/library').toEqual([]);
    await page.goto(demoPageUrl(demo, '/history'));
    await expect(page.locator('main')).toBeVisible();
    expect(await rawCodes(page), '/history').toEqual([]);
  } finally {
    await stopDemo(demo.child);
  }
});
