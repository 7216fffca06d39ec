import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OVERLAY_ROUTES } from '../../shared/contract/overlays';
import { advanceScenarioTo, expect, scenarioPath, stackForTests, test } from '../harness/fixtures';
import { hostRequest } from '../harness/hostRequest';
import { expectLegible, legalLine } from '../harness/legalLine';
import { serveApp } from '../harness/servedApp';
import { loadScenarioFile, startSimulator } from '../../electron/simulator/index';
import { expectedKda, maxAlpha, scenarioEvents } from './liveGameDom';

/**
 * What a streamer's scene gets from each overlay: nothing at all while there is nothing to show (the card
 * client off, no arena game, a mistyped URL), the show itself during a game, scaled to the source and with a
 * legible notice. And the History page at a 1024-pixel window. With SIGHTLINE_README_SHOTS=1, screenshots of
 * every overlay route, idle and in a game, at 1920 and 1024 wide, and of the History page, go to
 * e2e/screenshots/stream/.
 *
 * full-game.json with its card client off for the first 15 s: at 0 s nothing runs; at 96 s the arena game
 * and the first card game are under way; the card game ends at 110 s.
 */

const README_SHOTS = process.env.SIGHTLINE_README_SHOTS === '1';
const SHOTS_DIR = fileURLToPath(new URL('../screenshots/stream/', import.meta.url));
const WIDTHS = [
  { width: 1920, height: 1080 },
  { width: 1024, height: 700 },
] as const;
const TRANSPARENT = 'rgba(0, 0, 0, 0)';

interface ScenarioPlayer {
  riotId: string;
  team: 'ORDER' | 'CHAOS';
}

/** The players' names as the bar writes them (the Riot ID's game name), ORDER's side first. */
function barNames(): string[] {
  const scenario = JSON.parse(readFileSync(scenarioPath('full-game'), 'utf8')) as {
    live: { players: ScenarioPlayer[] };
  };
  const players = scenario.live.players;
  return ['ORDER', 'CHAOS'].flatMap((team) =>
    players.filter((player) => player.team === team).map((player) => player.riotId.split('#')[0] ?? ''),
  );
}

const running = stackForTests(async () => {
  const scenario = await loadScenarioFile(scenarioPath('full-game'));
  if (!scenario.card) throw new Error('full-game has no card game');
  const simulator = await startSimulator({
    scenario: {
      ...scenario,
      name: 'overlays-on-stream',
      card: { ...scenario.card, absent: [{ from: 0, to: 15 }] },
    },
    // Scenario time stands still between steps.
    now: () => 0,
  });
  const app = await serveApp({ ...simulator.urls, caPem: simulator.caPem });
  return { simulator, app };
});

const advanceTo = (seconds: number): Promise<void> => advanceScenarioTo(running().simulator, seconds);

function overlayUrl(name: string): string {
  const url = running().app.overlayUrls[name];
  if (!url) throw new Error(`serve printed no URL for the ${name} overlay`);
  return url;
}

async function backgrounds(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    getComputedStyle(document.documentElement).backgroundColor,
    getComputedStyle(document.body).backgroundColor,
  ]);
}

/** An overlay over a flat, game-like backdrop (OBS's scene), when screenshots are asked for. */
async function shoot(page: Page, file: string): Promise<void> {
  if (!README_SHOTS) return;
  await page.addStyleTag({ content: 'html, body { background: #2f4a3c !important; }' });
  await page.screenshot({ path: `${SHOTS_DIR}${file}` });
}

/** Every overlay at both widths, over a flat game-like backdrop (OBS's scene), as `<name>-<state>-<width>.png`. */
async function shootEveryOverlay(page: Page, state: 'idle' | 'in-game'): Promise<void> {
  if (!README_SHOTS) return;
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const route of OVERLAY_ROUTES) {
      await page.goto(overlayUrl(route.name));
      await expect(page.locator('#root')).toBeAttached();
      // Images decoded and the bar measured before the shot.
      await page.waitForTimeout(400);
      await shoot(page, `${route.name}-${state}-${size.width}.png`);
    }
  }
}

/** The alpha (0–1) of an element's computed background colour. */
function backgroundAlpha(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const match = /rgba?\(([^)]+)\)/.exec(getComputedStyle(node).backgroundColor);
    const parts = match?.[1]?.split(',').map(Number) ?? [];
    return parts.length === 4 ? (parts[3] ?? 0) : parts.length === 3 ? 1 : 0;
  });
}

test.describe.configure({ mode: 'serial' });

test('with the card client off and no arena game, every overlay but the status one draws nothing', async ({
  page,
}) => {
  const { app } = running();
  // The companion knows why: the Status page names the card client's state, the OBS page each overlay's.
  await page.goto(app.pageUrl('/'));
  await expect(page.getByTestId('source-card')).toHaveAttribute('data-state', 'not-running');
  await page.goto(app.pageUrl('/overlays'));
  await expect(page.getByTestId('overlay-deck-tracker-content')).toHaveText(
    /^Blank on stream: no card game: client not running: no answer on port \d+/,
  );
  await expect(page.getByTestId('overlay-scoreboard-content')).toHaveAttribute('data-showing', 'false');
  await expect(page.getByTestId('overlay-status-content')).toHaveText('Showing now');

  // The status overlay's show is the connections, in a word each: the reasons stay on the Status page.
  await page.goto(overlayUrl('status'));
  await expect(page.getByTestId('source-card-status')).toHaveText('not running');
  await expect(page.getByTestId('legal-footer')).toBeVisible();

  for (const route of OVERLAY_ROUTES.filter((candidate) => candidate.name !== 'status')) {
    await page.setViewportSize({ width: route.width, height: route.height });
    await page.goto(overlayUrl(route.name));
    await expect(page.locator('#root')).toBeAttached();
    await page.waitForTimeout(300);
    await expect(page.locator('body'), route.name).toHaveText('');
    expect(await backgrounds(page), route.name).toEqual([TRANSPARENT, TRANSPARENT]);
    expect(await maxAlpha(page, await page.screenshot({ omitBackground: true })), route.name).toBe(0);
  }
  await shootEveryOverlay(page, 'idle');
});

test('a mistyped overlay URL answers 404 with a page that is transparent and says nothing', async ({
  page,
}) => {
  const mistyped = overlayUrl('deck-tracker').replace('/overlay/deck-tracker', '/overlay/nope');
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    const response = await page.goto(mistyped);
    expect(response?.status()).toBe(404);
    await expect(page.locator('body')).toHaveText('');
    await expect(page.locator('nav')).toHaveCount(0);
    expect(await backgrounds(page)).toEqual([TRANSPARENT, TRANSPARENT]);
    expect(await maxAlpha(page, await page.screenshot({ omitBackground: true }))).toBe(0);
  }
});

test('in a game the overlays show the game, with the notice on a dark backing', async ({ page }) => {
  test.setTimeout(120_000);
  await advanceTo(96);
  const { app } = running();
  await page.goto(app.pageUrl('/overlays'));
  await expect(page.getByTestId('overlay-deck-tracker-content')).toHaveText('Showing now');
  await expect(page.getByTestId('overlay-arena-content')).toHaveText('Showing now');

  // Every overlay shows something now, so each carries the notice's words (spec 1 §1), legible over the game.
  for (const { name, width, height } of OVERLAY_ROUTES) {
    await page.setViewportSize({ width, height });
    await page.goto(overlayUrl(name));
    const legal = page.getByTestId('legal-footer');
    await expect(legal, name).toBeVisible();
    await expect(legal, name).toContainText('Not endorsed by Riot Games');
    expect(await backgroundAlpha(legal), name).toBeGreaterThanOrEqual(0.7);
  }
  await shootEveryOverlay(page, 'in-game');
});

/** Where an overlay draws, as one box around everything it paints, and the page's scrollable size. */
interface DrawnBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
  scrollWidth: number;
  scrollHeight: number;
}

async function drawnBox(page: Page): Promise<DrawnBox> {
  return page.evaluate(() => {
    const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    for (const element of Array.from(document.querySelectorAll('#root *'))) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      box.left = Math.min(box.left, rect.left);
      box.top = Math.min(box.top, rect.top);
      box.right = Math.max(box.right, rect.right);
      box.bottom = Math.max(box.bottom, rect.bottom);
    }
    const { scrollWidth, scrollHeight } = document.documentElement;
    return { ...box, scrollWidth, scrollHeight };
  });
}

/** A text's baseline: the bottom of an empty inline-block put at its end (its baseline is its bottom edge). */
async function baselineOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const probe = document.createElement('span');
    probe.style.display = 'inline-block';
    node.appendChild(probe);
    const baseline = probe.getBoundingClientRect().bottom;
    probe.remove();
    return baseline;
  });
}

test('every overlay draws inside the size serve prints for it, the status card whole with its notice inside', async ({
  page,
}) => {
  // Both games under way: every overlay draws its show.
  await advanceTo(96);
  const { app } = running();
  for (const route of OVERLAY_ROUTES) {
    const size = app.overlaySizes[route.name];
    if (!size) throw new Error(`serve printed no size for the ${route.name} overlay`);
    await page.setViewportSize(size);
    await page.goto(overlayUrl(route.name));
    await expect(page.getByTestId('legal-footer'), route.name).toBeVisible();
    // Images decoded and the arena widgets fitted to the source.
    await page.waitForTimeout(300);
    const drawn = await drawnBox(page);
    const name = `${route.name} at ${size.width}×${size.height}`;
    expect(drawn.left, name).toBeGreaterThanOrEqual(0);
    expect(drawn.top, name).toBeGreaterThanOrEqual(0);
    expect(drawn.right, name).toBeLessThanOrEqual(size.width + 0.5);
    expect(drawn.bottom, name).toBeLessThanOrEqual(size.height + 0.5);
    // Nothing cut by the page's edge either (overlay pages hide their overflow).
    expect(drawn.scrollWidth, name).toBeLessThanOrEqual(size.width);
    expect(drawn.scrollHeight, name).toBeLessThanOrEqual(size.height);
  }

  // The status card holds its notice, and the phase is written on the clock's baseline.
  const status = app.overlaySizes.status;
  if (!status) throw new Error('serve printed no size for the status overlay');
  await page.setViewportSize(status);
  await page.goto(overlayUrl('status'));
  const card = await page.locator('.overlay-card').boundingBox();
  const legal = await page.getByTestId('legal-footer').boundingBox();
  if (!card || !legal) throw new Error('the status overlay drew no card or no notice');
  expect(legal.x).toBeGreaterThanOrEqual(card.x);
  expect(legal.y).toBeGreaterThanOrEqual(card.y);
  expect(legal.x + legal.width).toBeLessThanOrEqual(card.x + card.width);
  expect(legal.y + legal.height).toBeLessThanOrEqual(card.y + card.height);
  const clock = page.getByTestId('game-clock');
  await expect(clock).toHaveAttribute('data-phase', 'in-game');
  const phaseBaseline = await baselineOf(clock.locator('.phase'));
  const timeBaseline = await baselineOf(page.getByTestId('game-clock-time'));
  expect(Math.abs(phaseBaseline - timeBaseline)).toBeLessThanOrEqual(0.5);
});

test('the arena bar names each player beside their K/D/A, and fits a narrow source whole', async ({
  page,
}) => {
  const { simulator } = running();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(overlayUrl('arena'));
  const players = page.getByTestId('bar-player');
  await expect(players.getByTestId('bar-player-name')).toHaveText(barNames());
  const events = scenarioEvents('full-game');
  const gameTime = simulator.control.state().live.gameTime;
  await expect(players.getByTestId('bar-player-kda')).toHaveText(
    barNames().map((name) => expectedKda(events, name, gameTime)),
  );
  // Each name sits right above its own figures, inside its player's column.
  for (const player of await players.all()) {
    const [column, name, kda] = await Promise.all([
      player.boundingBox(),
      player.getByTestId('bar-player-name').boundingBox(),
      player.getByTestId('bar-player-kda').boundingBox(),
    ]);
    if (!column || !name || !kda) throw new Error('a player column is not drawn');
    expect(name.y + name.height).toBeLessThanOrEqual(kda.y + 1);
    for (const box of [name, kda]) {
      expect(box.x).toBeGreaterThanOrEqual(column.x - 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(column.x + column.width + 0.5);
    }
  }
  expect(Number(await page.locator('.overlay-widget').first().getAttribute('data-scale'))).toBe(1);

  // An 800-pixel source: the bar is scaled down to fit, nothing cut at either edge.
  await page.setViewportSize({ width: 800, height: 450 });
  const widget = page.getByTestId('overlay-scoreboard').locator('.overlay-widget');
  await expect.poll(async () => Number(await widget.getAttribute('data-scale'))).toBeLessThan(1);
  for (const part of [page.getByTestId('score-bar'), ...(await players.all())]) {
    const box = await part.boundingBox();
    if (!box) throw new Error('not drawn');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(800);
  }
  await shoot(page, 'arena-in-game-800.png');
});

test('the legal line is drawn at 11 px or more on every overlay, at 50 % scale and on small sources, inside the source and clear of the content', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Both games under way: every overlay draws, and so its legal line.
  await advanceTo(96);
  const { app } = running();
  const setScale = async (scale: number) => {
    const result = await hostRequest(page, 'settings.update', {
      overlays: { scoreboardScale: scale, feedScale: scale },
    });
    expect(result.ok).toBe(true);
  };
  const arena = ['arena', 'scoreboard', 'feed'];
  try {
    for (const scale of [0.5, 1]) {
      await page.goto(app.pageUrl('/'));
      await setScale(scale);
      for (const name of arena) {
        for (const size of [...WIDTHS, { width: 800, height: 450 }, { width: 640, height: 360 }]) {
          await page.setViewportSize(size);
          await page.goto(overlayUrl(name));
          const widget = page.locator('.overlay-widget').first();
          // The layout reached the page and the widget is measured and fitted to the source.
          await expect
            .poll(async () => Number(await widget.getAttribute('data-scale')))
            .toBeLessThanOrEqual(scale);
          await page.waitForTimeout(100);
          expectLegible(await legalLine(page), `${name} at scale ${scale}, ${size.width}×${size.height}`);
        }
      }
    }
  } finally {
    await page.goto(app.pageUrl('/'));
    await setScale(1);
  }
  // The others are not scaled: each at the size its source is given (the compact ones are the narrow ones).
  for (const route of OVERLAY_ROUTES.filter((candidate) => !arena.includes(candidate.name))) {
    await page.setViewportSize({ width: route.width, height: route.height });
    await page.goto(overlayUrl(route.name));
    expectLegible(await legalLine(page), `${route.name} at ${route.width}×${route.height}`);
  }
});

test('the History page holds its table inside its card at 1024 pixels', async ({ page }) => {
  await advanceTo(111);
  const { app } = running();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.goto(app.pageUrl('/history'));
    await expect(page.getByTestId('history-game')).toHaveCount(1);
    // Opened from its opponent cell: the row's middle may be the deck's copy button, which does not open it.
    await page.getByTestId('history-game').first().getByTestId('history-game-opponent').click();
    await expect(page.getByTestId('history-game-detail')).toBeVisible();
    if (README_SHOTS)
      await page.screenshot({ path: `${SHOTS_DIR}history-${size.width}.png`, fullPage: true });
    const card = page.locator('.history-games');
    const [tableWidth, cardWidth, pageWidth] = await Promise.all([
      page.getByTestId('history-games').evaluate((table) => table.scrollWidth),
      card.evaluate((panel) => panel.clientWidth),
      page.evaluate(() => document.documentElement.scrollWidth),
    ]);
    expect(tableWidth, `${size.width}: the table in its card`).toBeLessThanOrEqual(cardWidth);
    expect(await card.evaluate((panel) => panel.scrollWidth)).toBeLessThanOrEqual(cardWidth);
    expect(pageWidth, `${size.width}: no sideways scroll`).toBeLessThanOrEqual(size.width);
  }
});
