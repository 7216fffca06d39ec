import { expect, startStack, stopStack, test } from '../harness/fixtures';
import { shootPage } from '../harness/pageShots';

/**
 * The Data page's default download succeeds: it starts with the sets the host publishes (the simulated card host
 * has Set 1 and Set 9), names every set as players do, and finishes with no problem, at 1920 and 1024 px wide.
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

      // Once the host has answered: only what it publishes is chosen, and the rest is named as players name it.
      const note = page.getByTestId('sync-sets-note');
      await expect(note).toHaveText(/^Not published by this host: Set 2, .*Set 8b\.$/);
      await expect(note).not.toContainText('set8');
      for (const published of ['set1', 'set9']) {
        await expect(page.getByTestId(`sync-set-${published}`)).toHaveAttribute('aria-pressed', 'true');
      }
      for (const missing of ['set2', 'set3', 'set4', 'set5', 'set6', 'set6cde', 'set7', 'set7b', 'set8']) {
        await expect(page.getByTestId(`sync-set-${missing}`)).toHaveAttribute('aria-pressed', 'false');
        await expect(page.getByTestId(`sync-set-${missing}`)).toHaveAttribute('data-published', 'no');
      }
      await expect(page.getByTestId('sync-set-set8')).toHaveText('Set 8b');
      await expect(page.getByTestId('sync-set-adventure')).toHaveAttribute('aria-pressed', 'false');

      await page.getByTestId('sync-start').click();
      await expect(page.getByTestId('last-sync-verdict')).toHaveText('Up to date', { timeout: 45_000 });
      await expect(page.getByTestId('sync-problems')).toHaveCount(0);
      const result = page.getByTestId('last-sync');
      await expect(result).toContainText('Set 1 downloaded');
      await expect(result).toContainText('Set 9 downloaded');
      await expect(page.getByTestId('cached-cards-count-en_us')).toHaveText('11');

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
