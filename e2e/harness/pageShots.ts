import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

/** Every image in `images` (there must be `count`) decoded with real pixels, not a broken or empty one. */
export async function expectImagesLoaded(images: Locator, count: number): Promise<void> {
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    // Retried as a whole: a push can re-render the list and replace the element while it is scrolled to.
    await expect(async () => {
      await image.scrollIntoViewIfNeeded({ timeout: 1000 });
      const width = await image.evaluate(
        (element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0),
        undefined,
        { timeout: 1000 },
      );
      expect(width).toBeGreaterThan(0);
    }).toPass({ timeout: 10_000 });
  }
}

// The screens' pictures, taken on request: SIGHTLINE_README_SHOTS=1 writes them to e2e/screenshots/.
export const README_SHOTS = process.env.SIGHTLINE_README_SHOTS === '1';
const SHOTS_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));
const SHOT_WIDTHS = [1920, 1024] as const;
const SHOT_HEIGHT = 900;

/** When asked for, the page as it is now, full length, as `{name}.png`. */
export async function shootPage(page: Page, name: string): Promise<void> {
  if (!README_SHOTS) return;
  await page.screenshot({ path: `${SHOTS_DIR}${name}.png`, fullPage: true, animations: 'disabled' });
}

/**
 * When asked for, the page as it is now, full length, at 1920 and at 1024 px wide (`{name}-1920.png`,
 * `{name}-1024.png`); the viewport is put back afterwards.
 */
export async function shootPageWidths(page: Page, name: string): Promise<void> {
  if (!README_SHOTS) return;
  const before = page.viewportSize();
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: SHOT_HEIGHT });
    // Let the layout and any lazy images settle at the new width.
    await page.waitForTimeout(300);
    await shootPage(page, `${name}-${width}`);
  }
  if (before) await page.setViewportSize(before);
}

/** The two screens the README shows pages at (1920×1080 and 1280×720). */
const SCREEN_SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
] as const;

/**
 * When asked for, the page as it is now, full length, on a 1920×1080 and a 1280×720 screen (`{name}-1920.png`,
 * `{name}-1280.png`); the viewport is put back afterwards.
 */
export async function shootScreenSizes(page: Page, name: string): Promise<void> {
  if (!README_SHOTS) return;
  const before = page.viewportSize();
  for (const size of SCREEN_SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await shootPage(page, `${name}-${size.width}`);
  }
  if (before) await page.setViewportSize(before);
}
