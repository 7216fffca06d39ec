import type { Locator, Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { OVERLAY_ROUTES } from '../../shared/contract/overlays';
import { expect, scenarioPath, stopStack, syncStaticData, test, type Stack } from '../harness/fixtures';
import { serveApp } from '../harness/servedApp';
import { loadScenarioFile, startSimulator } from '../../electron/simulator/index';

/**
 * The first minute: OBS sources added before any static data is cached. The scoreboard names each champion
 * (the live client gives the name), the deck tracker shows codes under one notice; a sync run from the Data
 * page fills the same open pages in by themselves (portraits, card names, costs, art), without a reload.
 *
 * The card game is card-showcase.json: only cards the simulated bundles publish (set1 and set9), so after the
 * sync every row has its data. The arena game is full-game.json's.
 */

const SHOWCASE_SETS = ['set1', 'set9'];

/** The deck in the order the tracker lists it: by cost, then name. */
const DECK_BY_COST = [
  ['09NX010', '1', 'Noxian Focus'],
  ['09FR003', '2', 'Frostguard Scout'],
  ['01IO012', '2', 'Twin Disciplines'],
  ['01NX038', '3', 'Draven'],
  ['01IO015', '3', 'Greenglade Duo'],
  ['09BC005', '4', 'Poppy and Tristana'],
  ['01DE012', '5', 'Garen'],
  ['01DE042', '8', 'Judgment'],
] as const;

const CHAMPIONS = [
  'Ahri',
  'Garen',
  'Lee Sin',
  'Jinx',
  'Thresh',
  'Darius',
  'Vi',
  'Syndra',
  'Caitlyn',
  'Leona',
];

interface Showcase extends Stack {
  /** Scenario time to `seconds` (it stands still otherwise). */
  advanceTo(seconds: number): Promise<void>;
}

async function startShowcase(): Promise<Showcase> {
  const [arena, cards] = await Promise.all([
    loadScenarioFile(scenarioPath('full-game')),
    loadScenarioFile(scenarioPath('card-showcase')),
  ]);
  const simulator = await startSimulator({
    scenario: { ...arena, name: 'first-run', card: cards.card },
    now: () => 0,
  });
  const app = await serveApp({ ...simulator.urls, caPem: simulator.caPem });
  return {
    simulator,
    app,
    advanceTo: async (seconds) => {
      const now = simulator.control.state().scenarioTime;
      if (seconds > now) await simulator.control.advance(seconds - now);
    },
  };
}

function overlayUrl(stack: Stack, name: string): string {
  const url = stack.app.overlayUrls[name];
  if (!url) throw new Error(`serve printed no URL for the ${name} overlay`);
  return url;
}

function overlaySize(name: string): { width: number; height: number } {
  const route = OVERLAY_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`no overlay ${name}`);
  return { width: route.width, height: route.height };
}

/** An overlay as OBS opens it: the read-only link, at the size the OBS overlays page gives. */
async function openOverlay(page: Page, stack: Stack, name: string): Promise<void> {
  await page.setViewportSize(overlaySize(name));
  await page.goto(overlayUrl(stack, name));
}

/** The card game from its mulligan to 60 s, one step per poll, as the client is seen during a game. */
async function playCardGame(showcase: Showcase, deck: Page, until = 60): Promise<void> {
  const steps = [
    [10, '19 left'],
    [20, '19 left'],
    [30, '18 left'],
    [40, '17 left'],
    [50, '16 left'],
    [60, '15 left'],
  ] as const;
  for (const [at, left] of steps.filter(([at]) => at <= until)) {
    await showcase.advanceTo(at);
    await expect(deck.getByTestId('deck-cards-left')).toHaveText(left);
    // Long enough for a poll: each step's frame must be seen, as it would be at the game's pace.
    await deck.waitForTimeout(1200);
  }
}

async function expectDecoded(images: Locator, count: number): Promise<void> {
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
  }
}

/** The width of a card row's art strip once the browser has decoded it (0: no art). */
async function artWidth(row: Locator): Promise<number> {
  const art = await row.evaluate((element) => getComputedStyle(element).getPropertyValue('--art'));
  const src = /^url\("(.+)"\)$/.exec(art.trim())?.[1];
  if (!src) return 0;
  return row.evaluate(async (_element, url) => {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth;
  }, src);
}

async function expectDeckWithData(deck: Page): Promise<void> {
  const rows = deck.getByTestId('deck-column').locator('.card-row');
  await expect(rows.locator('.card-name')).toHaveText(DECK_BY_COST.map(([, , name]) => name));
  await expect(rows.locator('.card-cost')).toHaveText(DECK_BY_COST.map(([, cost]) => cost));
  expect(await rows.evaluateAll((elements) => elements.map((row) => row.getAttribute('data-code')))).toEqual(
    DECK_BY_COST.map(([code]) => code),
  );
  await expect(deck.locator('.card-row.no-data')).toHaveCount(0);
  // Champions stand out; the others do not.
  await expect(deck.locator('.card-row.champion')).toHaveCount(2);
  await expect(deck.getByTestId('deck-row-01DE012')).toHaveClass(/champion/);
  await expect(deck.getByTestId('deck-row-01NX038')).toHaveClass(/champion/);
  for (const [code] of DECK_BY_COST) {
    const row = deck.getByTestId(`deck-row-${code}`);
    await expect(row).toHaveClass(/has-art/);
    expect(await artWidth(row), `the art of ${code}`).toBeGreaterThan(0);
  }
}

test.describe('overlays from the first minute', () => {
  test.describe.configure({ mode: 'serial' });
  let showcase: Showcase | undefined;
  test.beforeAll(async () => {
    showcase = await startShowcase();
  });
  test.afterAll(() => stopStack(showcase));

  function running(): Showcase {
    if (!showcase) throw new Error('the stack did not start');
    return showcase;
  }

  test('overlays opened before the sync show names and codes, then fill in by themselves', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const stack = running();
    const deck = page;
    await openOverlay(deck, stack, 'deck-tracker');
    const scoreboard = await context.newPage();
    await openOverlay(scoreboard, stack, 'scoreboard');
    await playCardGame(stack, deck);

    // No card data: codes, no cost, no art, and nothing on stream about why; the companion says it.
    await expect(deck.getByTestId('card-data-notice')).toHaveCount(0);
    const companion = await context.newPage();
    await companion.goto(stack.app.pageUrl('/cards'));
    await expect(companion.getByTestId('card-data-notice')).toHaveText(
      'Card data not downloaded, open Sightline → Data',
    );
    await companion.close();
    await expect(deck.locator('.card-row.no-data')).toHaveCount(DECK_BY_COST.length);
    const garen = deck.getByTestId('deck-row-01DE012');
    await expect(garen.locator('.card-name')).toHaveText('01DE012');
    await expect(garen.locator('.card-cost')).toHaveText('');
    await expect(garen).not.toHaveClass(/has-art/);
    await expect(deck.getByTestId('legal-footer')).toBeVisible();

    // No arena data: each champion's square says its name (the live client's), not two letters.
    const bar = scoreboard.getByTestId('score-bar');
    await expect(bar.locator('.tile-name')).toHaveText(CHAMPIONS);
    await expect(bar.locator('img')).toHaveCount(0);
    await expect(scoreboard.getByTestId('legal-footer')).toBeVisible();

    // Marks that a reload would wipe.
    for (const open of [deck, scoreboard])
      await open.evaluate(() => (document.body.dataset.opened = 'before'));

    const data = await context.newPage();
    await syncStaticData(data, stack.app, SHOWCASE_SETS);
    await data.close();

    await expectDeckWithData(deck);
    await expectDecoded(bar.locator('.champion-portrait img.game-icon'), CHAMPIONS.length);
    expect(
      await bar
        .locator('.champion-portrait img.game-icon')
        .evaluateAll((images) => images.map((image) => image.getAttribute('alt'))),
    ).toEqual(CHAMPIONS);
    await expect(bar.locator('.text-icon')).toHaveCount(0);
    for (const open of [deck, scoreboard]) {
      expect(await open.evaluate(() => document.body.dataset.opened)).toBe('before');
    }
    await scoreboard.close();
  });

  test('the overlay URLs show champion portraits, and card names with costs and art', async ({ page }) => {
    const stack = running();
    await openOverlay(page, stack, 'scoreboard');
    await expectDecoded(
      page.getByTestId('score-bar').locator('.champion-portrait img.game-icon'),
      CHAMPIONS.length,
    );

    await openOverlay(page, stack, 'deck-tracker');
    await expectDeckWithData(page);

    await openOverlay(page, stack, 'deck-tracker-compact');
    const compact = page.getByTestId('deck-column');
    await expect(compact).toHaveClass(/compact/);
    await expect(compact.locator('.card-name')).toHaveText(DECK_BY_COST.map(([, , name]) => name));
    await expect(compact.locator('.card-cost')).toHaveText(DECK_BY_COST.map(([, cost]) => cost));

    // The opponent's cards in the order seen, their champion in gold.
    await openOverlay(page, stack, 'opponent-cards');
    const seen = page.getByTestId('opponent-cards');
    await expect(seen.locator('.card-name')).toHaveText(['Greenglade Duo', 'Draven', 'Frostguard Scout']);
    await expect(page.getByTestId('opponent-row-01NX038')).toHaveClass(/champion/);
    await expect(page.getByTestId('card-data-notice')).toHaveCount(0);
    await expect(page.getByTestId('legal-footer')).toBeVisible();
  });
});

// The README's screenshots, taken on request: SIGHTLINE_README_SHOTS=1 writes them to e2e/screenshots/.
const README_SHOTS = process.env.SIGHTLINE_README_SHOTS === '1';
const SHOTS_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** The overlay over a game-like backdrop (OBS's scene), cut to what it paints plus a margin. */
async function shootOverlay(page: Page, content: Locator, file: string): Promise<void> {
  await page.addStyleTag({
    content:
      'html, body { background: radial-gradient(circle at 30% 40%, #3c5a3a, #1d2b22 45%, #2a3548 75%, #141a22) !important; }',
  });
  const box = await content.boundingBox();
  if (!box) throw new Error(`${file}: nothing painted`);
  const margin = 12;
  const viewport = page.viewportSize() ?? { width: 1920, height: 1080 };
  const x = Math.max(0, box.x - margin);
  const y = Math.max(0, box.y - margin);
  await page.screenshot({
    path: `${SHOTS_DIR}${file}`,
    clip: {
      x,
      y,
      width: Math.min(viewport.width - x, box.width + 2 * margin),
      height: Math.min(viewport.height - y, box.height + 2 * margin),
    },
  });
}

test('README screenshots of the overlays after the sync', async ({ page, context }) => {
  test.skip(!README_SHOTS, 'set SIGHTLINE_README_SHOTS=1 to write e2e/screenshots/');
  test.setTimeout(120_000);
  const stack = await startShowcase();
  try {
    await syncStaticData(page, stack.app, SHOWCASE_SETS);
    const deck = await context.newPage();
    await openOverlay(deck, stack, 'deck-tracker');
    const opponent = await context.newPage();
    await openOverlay(opponent, stack, 'opponent-cards');
    await playCardGame(stack, deck);
    // The opponent's card of the last step is still lit.
    await expect(opponent.locator('.card-row.fresh')).toHaveCount(1);
    await shootOverlay(opponent, opponent.getByTestId('opponent-overlay'), 'opponent-cards.png');
    await expectDeckWithData(deck);
    await shootOverlay(deck, deck.getByTestId('deck-overlay'), 'deck-tracker.png');

    await openOverlay(deck, stack, 'deck-tracker-compact');
    await expect(deck.locator('.card-row.has-art')).toHaveCount(DECK_BY_COST.length);
    await deck.waitForTimeout(500);
    await shootOverlay(deck, deck.getByTestId('deck-overlay'), 'deck-tracker-compact.png');

    // The arena game further on (3:25, baron taken), everyone alive: ten portraits, none greyed.
    await stack.advanceTo(212);
    await openOverlay(deck, stack, 'scoreboard');
    await expect(deck.getByTestId('team-kills-ORDER')).toHaveText('4');
    await expect(deck.getByTestId('player-respawn')).toHaveCount(0);
    await expectDecoded(
      deck.getByTestId('score-bar').locator('.champion-portrait img.game-icon'),
      CHAMPIONS.length,
    );
    await shootOverlay(
      deck,
      deck.getByTestId('overlay-scoreboard').locator('.overlay-widget'),
      'scoreboard.png',
    );
  } finally {
    await stopStack(stack);
  }
});
