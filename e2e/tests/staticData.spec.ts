import type { Page } from '@playwright/test';
import { runCli } from '../harness/cliProcess';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import { expectImagesLoaded } from '../harness/pageShots';

// 3:01DE012 3:01DE042 2:01IO012 1:09BC005 3:01NX038 (`sightline deck encode`).
const DECK_CODE = 'CQBACAIDEYBACAAMFIAQCAICBQAQCCIKAU';

function goTo(page: Page, stack: Stack, path: string): Promise<unknown> {
  return page.goto(stack.app.pageUrl(path));
}

test.describe('static data', () => {
  test.describe.configure({ mode: 'serial' });
  let stack: Stack;
  test.beforeAll(async () => {
    // A little latency per file, so the download's progress is on screen long enough to be seen.
    stack = await startStack('idle', {}, { staticHosts: { latencyMs: 40 } });
  });
  test.afterAll(() => stopStack(stack));

  test('the Data page downloads from the simulated hosts with a progress bar of files and bytes', async ({
    page,
  }) => {
    await goTo(page, stack, '/data');
    await expect(page.getByTestId('cache-empty')).toBeVisible();

    // en_us, lite, two of the sets the simulated host publishes.
    await page.getByTestId('sync-sets-none').click();
    await page.getByTestId('sync-set-set1').click();
    await page.getByTestId('sync-set-set9').click();
    await expect(page.getByTestId('sync-set-set2')).toHaveAttribute('aria-pressed', 'false');
    await page.getByTestId('sync-start').click();

    const files = page.getByTestId('sync-progress-files');
    await expect(files).toBeVisible();
    await page.waitForFunction(
      () => {
        const bar = document.querySelector('[data-testid="sync-progress-files"]');
        const done = Number(bar?.getAttribute('aria-valuenow'));
        const total = Number(bar?.getAttribute('aria-valuemax'));
        return done > 0 && total >= done;
      },
      undefined,
      { polling: 'raf' },
    );
    await expect(page.getByTestId('sync-progress-bytes')).toHaveText(/\d.* of \d/);

    await expect(page.getByTestId('last-sync-verdict')).toHaveText('Up to date', { timeout: 30_000 });
    await expect(files).toBeHidden();
    await expect(page.getByTestId('sync-problems')).toHaveCount(0);
    await expect(page.getByTestId('cached-cards-count-en_us')).toHaveText('26');
    await expect(page.getByTestId('cached-arena-en_US')).toContainText('14.1.2');
    await expect(page.getByTestId('cache-total')).not.toHaveText('0 B');
    // The arena icons (14 champions at 14.1.2, 57 items) come from the cache too.
    await expectImagesLoaded(page.getByTestId('arena-data').locator('img.sd-icon'), 14 + 57);
  });

  test('the offline pack is an opt-in download on the Data page, listed with its size once in', async ({
    page,
  }) => {
    await goTo(page, stack, '/data');
    const download = page.getByTestId('pack-download');
    await expect(download).toHaveText(/^Download the pack for \d+\.\d+\.\d+$/);
    await download.click();
    await expect(page.getByTestId('pack-list')).toContainText(/Patch \d+\.\d+\.\d+/);
    await expect(page.getByTestId('pack-list')).toContainText(/\d+ files · [\d.]+ [KM]B/);
    await expect(download).toHaveText(/^Pack for \d+\.\d+\.\d+ downloaded$/);
    await expect(download).toBeDisabled();
  });

  test('the card browser shows card art from the bundles, filters and opens a card', async ({ page }) => {
    await goTo(page, stack, '/library');
    await expect(page.getByTestId('card-count')).toHaveText('1–23 of 23 cards');
    await expectImagesLoaded(page.getByTestId('card-grid').locator('img.sd-card-art'), 23);

    await page.getByTestId('filter-region-Ionia').click();
    await expect(page.getByTestId('card-count')).toHaveText('1–6 of 6 cards');
    await page.getByTestId('filter-region-Ionia').click();
    await page.getByTestId('filter-cost-7').click();
    await expect(page.getByTestId('card-count')).toHaveText('1–2 of 2 cards');
    await page.getByTestId('filter-cost-7').click();
    await expect(page.getByTestId('card-count')).toHaveText('1–23 of 23 cards');

    // Types: the five spells of the two sets; a second type widens again (types are alternatives).
    const tiles = page.getByTestId('card-grid').getByRole('button');
    await page.getByTestId('filter-type-Spell').click();
    await expect(page.getByTestId('filter-type-Spell')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('card-count')).toHaveText('1–5 of 5 cards');
    await expect(tiles).toHaveCount(5);
    expect(await tiles.evaluateAll((buttons) => buttons.map((button) => button.dataset.testid))).toEqual(
      expect.arrayContaining([
        'card-01DE042',
        'card-01IO012',
        'card-09NX010',
        'card-01IO049',
        'card-01PZ036',
      ]),
    );
    await page.getByTestId('filter-type-Unit').click();
    await expect(page.getByTestId('card-count')).toHaveText('1–23 of 23 cards');
    await page.getByTestId('filter-type-Spell').click();
    await expect(page.getByTestId('card-count')).toHaveText('1–18 of 18 cards');
    await expect(page.getByTestId('card-01DE042')).toHaveCount(0);
    await page.getByTestId('filter-type-Unit').click();
    await expect(page.getByTestId('card-count')).toHaveText('1–23 of 23 cards');

    await page.getByTestId('card-search').fill('elusive');
    await expect(page.getByTestId('card-grid').getByRole('button')).toHaveCount(4);

    await page.getByTestId('card-search').fill('garen');
    await page.getByTestId('card-01DE012').click();
    const detail = page.getByTestId('card-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByRole('heading', { name: 'Garen' })).toBeVisible();
    await expect(page.getByTestId('card-detail-description')).toHaveText('Strike: Rally.');
    await expectImagesLoaded(page.getByTestId('card-detail-image'), 1);
    await detail.getByText('Every field').click();
    await expect(page.getByTestId('card-record')).toContainText('associatedCardRefs');
    await expect(page.getByTestId('card-record')).toContainText('01DE012T1, 01DE042');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
  });

  test('with the static hosts stopped, the app still shows the cards from its cache', async ({ page }) => {
    await stack.simulator.staticHosts.close();
    await goTo(page, stack, '/library');
    await expect(page.getByTestId('card-count')).toHaveText('1–23 of 23 cards');
    await expectImagesLoaded(page.getByTestId('card-grid').locator('img.sd-card-art'), 23);
    await page.getByTestId('card-01DE012').click();
    // The alternative art is in the lite bundle: it shows offline too.
    await page.getByTestId('card-detail').getByRole('button', { name: 'Alternative' }).click();
    await expectImagesLoaded(page.getByTestId('card-detail-image'), 1);
  });

  test('the deck-code box shows a pasted deck: art, counts, mana curve, regions', async ({ page }) => {
    await goTo(page, stack, '/library');
    await page.getByTestId('tab-deck').click();
    await page.getByTestId('deck-code-input').fill('Garen please!');
    await page.getByTestId('deck-code-show').click();
    await expect(page.getByTestId('deck-code-error')).toContainText('This is not a deck code');

    await page.getByTestId('deck-code-input').fill(DECK_CODE);
    await page.getByTestId('deck-code-show').click();
    await expect(page.getByTestId('deck-total')).toHaveText('12');
    await expect(page.getByTestId('deck-card-01DE012')).toContainText('Garen');
    await expect(page.getByTestId('deck-card-01DE012')).toContainText('×3');
    await expect(page.getByTestId('deck-card-09BC005')).toContainText('×1');
    await expect(page.getByTestId('deck-region-Demacia')).toContainText('7');
    await expect(page.getByTestId('deck-region-Noxus')).toContainText('3');
    await expect(page.getByTestId('mana-curve').getByLabel('3 cards costing 7 or more')).toBeVisible();
    await expectImagesLoaded(page.getByTestId('deck-view').locator('img.sd-deck-art'), 5);
  });

  test('champion tooltips render the spec’s examples, with nothing raw left', async ({ page }) => {
    await goTo(page, stack, '/data');
    await page.getByTestId('champion-icon-Annie').hover();
    const annie = page.getByTestId('champion-tooltip');
    await expect(annie).toContainText('Deals 80/115/150/185/220 (+80% AP) magic damage.');
    await expect(annie.getByTestId('spell-Q')).toContainText('Cost 60/65/70/75/80 Mana');
    await expect(annie).not.toContainText('{{');
    await expect(annie).not.toContainText('}}');

    await page.getByTestId('champion-icon-DrMundo').hover();
    const mundo = page.getByTestId('champion-tooltip');
    await expect(mundo).toContainText('Dr. Mundo');
    await expect(mundo.getByTestId('spell-Q')).toContainText('Cost 50/60/70/80/90 Health');
    await expect(mundo).not.toContainText('{{');

    await page.getByTestId('item-icon-3031').hover();
    await expect(page.getByTestId('item-tooltip')).toContainText('+25% Critical Strike Chance');
  });

  // Last: it empties the cache the tests above read.
  test('Clear cache asks once more, then leaves nothing cached', async ({ page }) => {
    await goTo(page, stack, '/data');
    await expect(page.getByTestId('cached-cards-en_us')).toBeVisible();
    await expect(page.getByTestId('cached-arena-en_US')).toBeVisible();

    // Keep backs out and nothing is removed.
    await page.getByTestId('clear-all').click();
    await page.getByTestId('cache-panel').getByRole('button', { name: 'Keep' }).click();
    await expect(page.getByTestId('clear-confirm')).toHaveCount(0);
    await expect(page.getByTestId('cached-cards-en_us')).toBeVisible();

    await page.getByTestId('clear-all').click();
    await expect(page.getByTestId('cache-panel')).toContainText('Remove all downloaded data?');
    await page.getByTestId('clear-confirm').click();
    await expect(page.getByTestId('cache-empty')).toBeVisible();
    await expect(page.getByTestId('cache-total')).toHaveText('0 B');
    await expect(page.getByTestId('cached-cards-en_us')).toHaveCount(0);
    await expect(page.getByTestId('cached-arena-en_US')).toHaveCount(0);
    await expect(page.getByTestId('clear-all')).toHaveCount(0);

    // A fresh page reads the status again from the host: still nothing, and no cards to browse.
    await page.reload();
    await expect(page.getByTestId('cache-empty')).toBeVisible();
    await expect(page.getByTestId('cache-total')).toHaveText('0 B');
    await goTo(page, stack, '/library');
    await expect(page.getByTestId('cards-empty')).toBeVisible();

    // The files are gone, not only hidden: the command line reads the same folder and finds nothing.
    const status = await runCli(['data', 'status'], { SIGHTLINE_DATA_DIR: stack.app.dataDir });
    expect(status.code, status.stderr.join('\n')).toBe(0);
    const stdout = status.stdout.join('\n');
    expect(stdout).toContain('(empty)');
    expect(stdout).toContain('Nothing is cached yet');
  });
});

test.describe('the adventure bundle', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('idle');
  });
  test.afterAll(() => stopStack(stack));

  test('is synced only when ticked, and the library’s Source filter shows its cards alone', async ({
    page,
  }) => {
    await goTo(page, stack, '/data');
    const adventure = page.getByTestId('sync-set-adventure');
    await expect(adventure).toHaveAttribute('aria-pressed', 'false');
    await page.getByTestId('sync-sets-none').click();
    await page.getByTestId('sync-set-set1').click();
    await adventure.click();
    await page.getByTestId('sync-start').click();
    await expect(page.getByTestId('last-sync-verdict')).toHaveText('Up to date', { timeout: 30_000 });

    await goTo(page, stack, '/library');
    const count = page.getByTestId('card-count');
    await expect(count).toHaveText(/^1–\d+ of \d+ cards$/);
    const allText = (await count.textContent()) ?? '';
    const all = Number(/of (\d+) cards/.exec(allText)?.[1]);
    await page.getByTestId('filter-source-adventure').click();
    await expect(count).not.toHaveText(allText);
    await expect(count).toHaveText(/^1–\d+ of \d+ cards?$/);
    const adventureCards = Number(/of (\d+) card/.exec((await count.textContent()) ?? '')?.[1]);
    expect(adventureCards).toBeGreaterThan(0);
    expect(adventureCards).toBeLessThan(all);
  });
});
