import type { Locator, Page } from '@playwright/test';
import { OVERLAY_ROUTES } from '../../shared/contract/overlays';
import { README_SHOTS, shootPage } from '../harness/pageShots';
import { expect, stackForTests, startStack, test } from '../harness/fixtures';

/**
 * The OBS page as a streamer uses it: every source's URL and Copy button in one column, each overlay live in a
 * small frame of its overlay link, and the 16:9 layout view where the scoreboard bar and the feed are dragged
 * (or moved with the keyboard) into place, which the overlay pages follow at once. With SIGHTLINE_README_SHOTS=1,
 * screenshots of the page at 1920×1080 and 1280×720 go to e2e/screenshots/.
 */

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;

const running = stackForTests(async () => {
  // Scenario time stands still between steps: the game stays under way however long the tests take.
  const started = await startStack('full-game', {}, { now: () => 0 });
  // In game from about 7 s: the bar and the feed have something to show.
  await started.simulator.control.advance(40);
  return started;
});

async function lefts(locator: Locator): Promise<number[]> {
  return locator.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().left));
}

async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/**
 * One figure of the box, for a poll: NaN (which fails every comparison, so the poll looks again) while the element
 * is between two renders and has no box, where boxOf would end the poll with an error.
 */
async function boxFigure(
  locator: Locator,
  figure: (box: { x: number; y: number; width: number; height: number }) => number,
): Promise<number> {
  const box = await locator.boundingBox();
  return box ? figure(box) : Number.NaN;
}

/** The overlay token of the links serve printed (every overlay URL carries the same one). */
function overlayToken(): string {
  const url = new URL(running().app.overlayUrls.scoreboard ?? '');
  return url.searchParams.get('token') ?? '';
}

async function openObsPage(page: Page): Promise<void> {
  await page.goto(running().app.pageUrl('/overlays'));
  await expect(page.getByRole('heading', { name: 'OBS browser sources' })).toBeVisible();
}

test('the OBS page lines up every URL and Copy button, and shows each overlay live through its overlay link', async ({
  page,
}) => {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await openObsPage(page);
    const rows = page.locator('.overlay-list > li');
    await expect(rows).toHaveCount(OVERLAY_ROUTES.length);
    for (const column of [page.locator('.overlay-list .url'), page.getByRole('button', { name: 'Copy' })]) {
      await expect(column).toHaveCount(OVERLAY_ROUTES.length);
      const xs = await lefts(column);
      expect(Math.max(...xs) - Math.min(...xs), `${size.width}: ${xs.join(', ')}`).toBeLessThan(1);
    }

    // Each preview frames its overlay link: the overlay token, never the companion's.
    const frames = page.locator('.overlay-list iframe');
    await expect(frames).toHaveCount(OVERLAY_ROUTES.length);
    const token = overlayToken();
    const companionToken = new URL(running().app.companionUrl).searchParams.get('token') ?? '';
    for (const src of await frames.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('src')),
    )) {
      expect(new URL(src ?? '').searchParams.get('token')).toBe(token);
      expect(src).not.toContain(companionToken);
    }
    // And the host lets the companion frame it: the scoreboard bar is drawn inside its preview.
    const scoreboard = page.getByTestId('overlay-scoreboard').frameLocator('iframe');
    await expect(scoreboard.getByTestId('score-bar')).toBeVisible({ timeout: 15_000 });
    const status = page.getByTestId('overlay-status').frameLocator('iframe');
    await expect(status.getByTestId('legal-footer')).toBeVisible();
    // Scaled down into its box, whole.
    const preview = await boxOf(page.getByTestId('overlay-scoreboard').getByTestId('overlay-preview'));
    expect(preview.width).toBeLessThanOrEqual(194);
    expect(preview.height).toBeLessThanOrEqual(110);

    await shootPage(page, `obs-page-${size.width}`);
  }
});

test('dragging the bar in the layout view moves it on the overlay page; the keyboard moves and resizes it too', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const obs = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  try {
    await obs.goto(running().app.overlayUrls.scoreboard ?? '');
    const bar = obs.getByTestId('score-bar');
    await expect(bar).toBeVisible({ timeout: 15_000 });
    const before = await boxOf(bar);
    // At its anchor: the top centre.
    expect(before.y).toBeLessThan(100);

    await openObsPage(page);
    await page.getByTestId('layout-frame').scrollIntoViewIfNeeded();
    const frame = await boxOf(page.getByTestId('layout-frame'));
    const barBox = page.getByTestId('layout-box-scoreboard');
    const start = await boxOf(barBox);
    // The old layout's anchor, mapped to a box: at the top, in the middle.
    expect(start.y - frame.y).toBeLessThan(frame.height * 0.1);
    expect(Math.abs(start.x + start.width / 2 - (frame.x + frame.width / 2))).toBeLessThan(2);

    // Drag it by its label, down to the lower part of the screen and to the left.
    const grab = { x: start.x + 30, y: start.y + start.height / 2 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(grab.x - frame.width * 0.05, grab.y + frame.height * 0.4, { steps: 8 });
    await page.mouse.move(grab.x - frame.width * 0.1, grab.y + frame.height * 0.8, { steps: 8 });
    await page.mouse.up();
    const dropped = await boxOf(barBox);
    // Kept inside the frame, however far it was dragged.
    expect(dropped.y + dropped.height).toBeLessThanOrEqual(frame.y + frame.height + 1);
    expect(dropped.y - frame.y).toBeGreaterThan(frame.height * 0.7);

    // The overlay page follows: the bar is now at the bottom of the 1920×1080 source, as wide as before (the box
    // its anchor mapped to is the bar's own size), and whole on the source however far left it was dragged.
    await expect.poll(() => boxFigure(bar, (box) => box.y), { timeout: 10_000 }).toBeGreaterThan(800);
    const moved = await boxOf(bar);
    expect(moved.width).toBeCloseTo(before.width, -1);
    expect(moved.x).toBeGreaterThanOrEqual(0);
    expect(moved.x + moved.width).toBeLessThanOrEqual(1920 + 1);
    expect(moved.y + moved.height).toBeLessThanOrEqual(1080 + 1);
    await expect(obs.getByTestId('overlay-scoreboard')).toHaveAttribute('data-placement', 'box');

    // The keyboard: Shift+arrows resize it, arrows move it by 1 % of the screen.
    await barBox.focus();
    const wideBefore = await boxOf(barBox);
    for (let press = 0; press < 8; press += 1) await page.keyboard.press('Shift+ArrowLeft');
    await expect
      .poll(async () => (await boxOf(barBox)).width)
      .toBeLessThan(wideBefore.width - frame.width * 0.06);
    // Narrower box, smaller bar on stream.
    await expect
      .poll(() => boxFigure(bar, (box) => box.width), { timeout: 10_000 })
      .toBeLessThan(moved.width);
    const narrow = await boxOf(bar);
    for (let press = 0; press < 5; press += 1) await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => boxFigure(bar, (box) => box.x), { timeout: 10_000 })
      .toBeGreaterThan(narrow.x + 1920 * 0.03);

    // Saved: a reloaded source starts where it was put.
    await obs.reload();
    await expect(bar).toBeVisible({ timeout: 15_000 });
    const full = await boxOf(bar);
    expect(full.y).toBeGreaterThan(800);
    // A 1280×720 source draws the same layout in the same box, two thirds of the screen's: at most two thirds the
    // size (its text kept legible makes the bar taller, so it may fit the box's height at a little less).
    await obs.setViewportSize({ width: 1280, height: 720 });
    await expect
      .poll(() => boxFigure(bar, (box) => box.width / full.width), { timeout: 5_000 })
      .toBeLessThanOrEqual(2 / 3 + 0.02);
    const small = await boxOf(bar);
    expect(small.width / full.width).toBeGreaterThan(0.5);
    // Within the box the 1920 source's bar fills, as fractions of the screen.
    expect(small.x / 1280).toBeGreaterThanOrEqual(full.x / 1920 - 0.01);
    expect((small.x + small.width) / 1280).toBeLessThanOrEqual((full.x + full.width) / 1920 + 0.01);
    expect((small.y + small.height) / 720).toBeCloseTo((full.y + full.height) / 1080, 1);
    await obs.setViewportSize({ width: 1920, height: 1080 });

    if (README_SHOTS) {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.getByTestId('layout-frame').scrollIntoViewIfNeeded();
        await shootPage(page, `obs-layout-${size.width}`);
      }
      await page.setViewportSize({ width: 1920, height: 1080 });
    }

    // Back to its position on the Scoreboard page: the anchor again.
    await page
      .getByRole('button', { name: 'Scoreboard bar: back to its position on the Scoreboard page' })
      .click();
    await expect(obs.getByTestId('overlay-scoreboard')).toHaveAttribute('data-anchor', 'top-center');
    await expect.poll(() => boxFigure(bar, (box) => box.y), { timeout: 10_000 }).toBeLessThan(100);
  } finally {
    await obs.close();
  }
});
