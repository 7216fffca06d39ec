import type { Locator, Page } from '@playwright/test';
import { COMPANION_ROUTES } from '../harness/navigation';
import { shootPage } from '../harness/pageShots';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';

/**
 * The companion's page bar and page frame (issue 33 items 1 and 6), at the three screens the issue names: the bar
 * is one row of groups by what people come to do, every page is reached from it by keyboard, the current page
 * is named in the bar; and every page has the same width and left edge. With SIGHTLINE_README_SHOTS=1, the bar
 * with a group open at each size.
 */

const SCREENS = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
] as const;

function bar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Pages' });
}

/** The bar's own controls (group buttons and single links), not the links inside an open group. */
function topControls(page: Page): Locator {
  return bar(page).locator('[data-nav-top]');
}

async function expectOneRow(page: Page): Promise<void> {
  const boxes = await topControls(page).evaluateAll((controls) =>
    controls.map((control) => {
      const box = control.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, right: box.right };
    }),
  );
  expect(boxes.length).toBeGreaterThan(5);
  const tops = boxes.map((box) => box.top);
  expect(Math.max(...tops) - Math.min(...tops), `control tops ${tops.join(', ')}`).toBeLessThanOrEqual(1);
  const viewport = page.viewportSize();
  expect(Math.max(...boxes.map((box) => box.right))).toBeLessThanOrEqual(viewport?.width ?? 0);
}

/** The current page is named in the bar, on screen, with every group shut. */
async function expectCurrentNamed(page: Page, label: string): Promise<void> {
  const current = bar(page).locator('[data-nav-top][aria-current]');
  await expect(current).toHaveCount(1);
  await expect(current).toBeInViewport({ ratio: 1 });
  await expect(current).toContainText(label);
}

test.describe('navigation', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('idle');
  });
  test.afterAll(() => stopStack(stack));

  for (const screen of SCREENS) {
    test(`is one row at ${screen.width}×${screen.height}, reaches every page by keyboard and names the current one`, async ({
      page,
    }) => {
      await page.setViewportSize(screen);
      await page.goto(stack.app.pageUrl('/legal'));
      await expect(topControls(page).first()).toBeVisible();
      await expectOneRow(page);

      const reached: string[] = [];
      const count = await topControls(page).count();
      for (let index = 0; index < count; index += 1) {
        const control = topControls(page).nth(index);
        const isGroup = (await control.evaluate((element) => element.tagName)) === 'BUTTON';
        // From the bar's first control, Right moves along the bar.
        await topControls(page).first().focus();
        for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowRight');
        await expect(control).toBeFocused();
        if (!isGroup) {
          const label = (await control.textContent()) ?? '';
          await page.keyboard.press('Enter');
          reached.push(new URL(page.url()).pathname);
          await expectCurrentNamed(page, label);
          await expectOneRow(page);
          continue;
        }
        await page.keyboard.press('ArrowDown');
        await expect(control).toHaveAttribute('aria-expanded', 'true');
        const menu = bar(page).locator(`#${await control.getAttribute('aria-controls')}`);
        const links = menu.getByRole('link');
        const pages = await links.count();
        expect(pages).toBeGreaterThan(0);
        await expect(links.first()).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(control).toHaveAttribute('aria-expanded', 'false');
        await expect(control).toBeFocused();
        for (let link = 0; link < pages; link += 1) {
          await page.keyboard.press('ArrowDown');
          for (let step = 0; step < link; step += 1) await page.keyboard.press('ArrowDown');
          await expect(links.nth(link)).toBeFocused();
          const label = (await links.nth(link).textContent()) ?? '';
          await page.keyboard.press('Enter');
          await expect(menu).toBeHidden();
          await expect(control).toBeFocused();
          reached.push(new URL(page.url()).pathname);
          await expectCurrentNamed(page, label);
          await expect(control).toHaveAttribute('aria-current', 'true');
          await expectOneRow(page);
        }
        // Up opens a group on its last page.
        await page.keyboard.press('ArrowUp');
        await expect(links.last()).toBeFocused();
        if (index === 0) await shootPage(page, `navigation-open-${screen.width}`);
        await page.keyboard.press('Escape');
      }
      expect([...reached].sort()).toEqual([...COMPANION_ROUTES].sort());
    });
  }

  test('shuts an open group on a click elsewhere and on Tab out of it, and keeps the legal notice one click away', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(stack.app.pageUrl('/settings'));
    const play = bar(page).getByRole('button', { name: /^Play/ });
    await play.click();
    await expect(play).toHaveAttribute('aria-expanded', 'true');
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await expect(play).toHaveAttribute('aria-expanded', 'false');
    await play.click();
    await bar(page).getByRole('link', { name: 'History' }).focus();
    await page.keyboard.press('Tab');
    await expect(play).toHaveAttribute('aria-expanded', 'false');
    await bar(page).getByRole('link', { name: 'Legal' }).click();
    await expect(page.getByTestId('legal-notice')).toBeVisible();
  });

  for (const screen of SCREENS) {
    test(`gives every page one width and left edge at ${screen.width}×${screen.height}`, async ({ page }) => {
      await page.setViewportSize(screen);
      let first: { left: number; width: number } | null = null;
      for (const route of COMPANION_ROUTES) {
        await page.goto(stack.app.pageUrl(route));
        const main = page.locator('main');
        await expect(main.locator(':scope > *').first()).toBeVisible();
        // Each of the page's own blocks spans the frame: none keeps a width or an alignment of its own.
        const blocks = await main.evaluate((element) =>
          Array.from(element.children).map((child) => {
            const box = child.getBoundingClientRect();
            return { left: box.left, width: box.width };
          }),
        );
        for (const block of blocks) {
          first ??= block;
          expect(Math.abs(block.left - first.left), `${route}: left ${block.left}`).toBeLessThanOrEqual(1);
          expect(Math.abs(block.width - first.width), `${route}: width ${block.width}`).toBeLessThanOrEqual(
            1,
          );
        }
        // Centred: as much room on the right of the frame as on its left.
        const right = screen.width - ((first?.left ?? 0) + (first?.width ?? 0));
        expect(Math.abs(right - (first?.left ?? 0)), `${route}: centred`).toBeLessThanOrEqual(16);
      }
    });
  }

  for (const screen of SCREENS) {
    test(`while Sightline is out of reach, its notice keeps the bar one row and the page the window's width at ${screen.width}×${screen.height}`, async ({
      page,
    }) => {
      await page.setViewportSize(screen);
      // Every socket the page opens is shut at once: the page says it is retrying, as when the core restarts.
      await page.routeWebSocket(/\/ws/, (socket) => socket.close());
      await page.goto(stack.app.pageUrl('/library'));
      const notice = page.getByTestId('transport-status');
      await expect(notice).toHaveText('Disconnected from Sightline, retrying…');
      await expect(notice).toBeInViewport({ ratio: 1 });
      await expectOneRow(page);
      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        main: document.querySelector('main')?.getBoundingClientRect().width ?? 0,
      }));
      expect(widths.document).toBeLessThanOrEqual(screen.width);
      expect(widths.main).toBeLessThanOrEqual(screen.width);
    });
  }

  test('lines History’s tabs up with its content', async ({ page }) => {
    for (const screen of SCREENS) {
      await page.setViewportSize(screen);
      await page.goto(stack.app.pageUrl('/history'));
      for (const tab of ['history-tab-card', 'history-tab-arena']) {
        await page.getByTestId(tab).click();
        const tabs = page.getByRole('tablist');
        const content = page.locator('main .panel').first();
        await expect(content).toBeVisible();
        const [tabsBox, contentBox] = [await tabs.boundingBox(), await content.boundingBox()];
        expect(
          Math.abs((tabsBox?.x ?? 0) - (contentBox?.x ?? -10)),
          `${tab} at ${screen.width}`,
        ).toBeLessThanOrEqual(1);
      }
    }
  });
});
