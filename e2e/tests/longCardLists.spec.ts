import type { Page } from '@playwright/test';
import { OVERLAY_ROUTES } from '../../shared/contract/overlays';
import type { CardRectangle } from '../../electron/simulator/cardScenario';
import { cardScenarioAfter, rectangleOf } from '../harness/cardScenarios';
import { advanceScenarioTo, expect, stackForTests, startStack, test } from '../harness/fixtures';
import { expectLegible, legalLine } from '../harness/legalLine';

/**
 * An opponent's list longer than its OBS source: drawn whole and smaller, the legal line under it, never cut at
 * the source's foot. card-tracker.json, with the opponent putting 24 cards not seen before on the board at 65 s.
 */

const NEW_CARDS = 24;

function scenarioWithLongList() {
  return cardScenarioAfter(
    'card-tracker',
    60,
    (at60) => {
      // The opponent's 01NX004.
      const first = rectangleOf(at60, 201);
      const played = Array.from({ length: NEW_CARDS }, (_, index): CardRectangle => ({
        ...first,
        CardID: 300 + index,
        CardCode: `01NX${String(40 + index).padStart(3, '0')}`,
        TopLeftX: 40 + (index % 12) * 150,
      }));
      return [{ ...at60, at: 65, Rectangles: [...at60.Rectangles, ...played] }];
    },
    'long-card-lists',
  );
}

const running = stackForTests(async () => {
  // Scenario time stands still between steps.
  return startStack(await scenarioWithLongList(), {}, { now: () => 0 });
});

const ROUTES = OVERLAY_ROUTES.filter((route) => route.name.startsWith('opponent-cards'));

async function open(page: Page, route: (typeof ROUTES)[number]): Promise<void> {
  await page.setViewportSize({ width: route.width, height: route.height });
  await page.goto(running().app.pageUrl(route.path));
}

const advanceTo = (seconds: number): Promise<void> => advanceScenarioTo(running().simulator, seconds);

/** Where each card row is drawn, and its height as laid out (before any scale). */
const drawnRows = (page: Page) =>
  page.locator('.card-row').evaluateAll((elements) =>
    elements.map((element) => {
      const { bottom, height } = element.getBoundingClientRect();
      return { bottom, height, laidOut: (element as HTMLElement).offsetHeight };
    }),
  );

test('a list that fits its source is drawn at full size', async ({ page }) => {
  await advanceTo(60);
  for (const route of ROUTES) {
    await open(page, route);
    await expect(page.locator('.card-row'), route.name).toHaveCount(2);
    for (const row of await drawnRows(page)) expect(row.height, route.name).toBeCloseTo(row.laidOut, 1);
  }
});

test('a list longer than its source is drawn whole and smaller, the legal line legible under it', async ({
  page,
}) => {
  await advanceTo(65);
  for (const route of ROUTES) {
    const name = `${route.name} at ${route.width}×${route.height}`;
    await open(page, route);
    await expect(page.locator('.card-row'), name).toHaveCount(2 + NEW_CARDS);
    // Every row inside the source, whole: the list is drawn smaller.
    await expect
      .poll(async () => Math.max(...(await drawnRows(page)).map((row) => row.bottom)), name)
      .toBeLessThanOrEqual(route.height);
    for (const row of await drawnRows(page)) expect(row.height, name).toBeLessThan(row.laidOut);
    expectLegible(await legalLine(page), name);
    // Nor does the page grow past the source.
    expect(await page.evaluate(() => document.documentElement.scrollHeight), name).toBeLessThanOrEqual(
      route.height,
    );
  }
});
