import { expect, startStack, stopStack, test } from '../harness/fixtures';
import { shootPage } from '../harness/pageShots';
import { PUBLISHED_CARD_SETS } from '../../electron/simulator/staticData';
import { SET_CARDS } from '../../electron/simulator/staticData/cardModel';

/**
 * The Data page's default download succeeds: it starts with the sets the host publishes (the simulated card host
 * has every set the spec names), names every set as players do, and finishes with no problem, at 1920 and 1024 px
 * wide.
 */
for (const viewport of [
  { width: 1920, height: 1080 },
  { width: 1024, height: 700 },
]) {
  test(`the Data page's default choice downloads with no failures (${viewport.width} px)`, async ({
    page,
  }) => {
    const stack = await startStack('idle');
    try {
      await page.setViewportSize(viewport);
      await page.goto(stack.app.pageUrl('/data'));
      await expect(page.getByTestId('cache-empty')).toBeVisible();

      // Once the host has answered: it publishes every set the spec names, so every set is chosen (named as
      // players name them), the adventure bundle is not, and nothing is said to be missing.
      const note = page.getByTestId('sync-sets-note');
      await expect(note).toHaveText('');
      for (const set of PUBLISHED_CARD_SETS) {
        await expect(page.getByTestId(`sync-set-${set}`)).toHaveAttribute('aria-pressed', 'true');
        await expect(page.getByTestId(`sync-set-${set}`)).not.toHaveAttribute('data-published', 'no');
      }
      await expect(page.getByTestId('sync-set-set8')).toHaveText('Set 8b');
      await expect(page.getByTestId('sync-set-adventure')).toHaveAttribute('aria-pressed', 'false');

      await page.getByTestId('sync-start').click();
      await expect(page.getByTestId('last-sync-verdict')).toHaveText('Up to date', { timeout: 45_000 });
      await expect(page.getByTestId('sync-problems')).toHaveCount(0);
      const result = page.getByTestId('last-sync');
      for (const label of ['Set 1', 'Set 6 (CDE)', 'Set 7', 'Set 8b', 'Set 9']) {
        await expect(result).toContainText(`${label} downloaded`);
      }
      const allCards = Object.values(SET_CARDS).reduce((total, cards) => total + cards.length, 0);
      await expect(page.getByTestId('cached-cards-count-en_us')).toHaveText(String(allCards));

      // The layout holds: nothing spills out sideways.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shootPage(page, `data-default-sets-${viewport.width}`);
    } finally {
      await stopStack(stack);
    }
  });
}
