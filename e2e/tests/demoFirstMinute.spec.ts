import type { Locator, Page } from '@playwright/test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectionLog, isLoopbackTarget } from '../harness/connectionLog';
import { startDemo, stopDemo } from '../harness/demoProcess';
import { expect, test } from '../harness/fixtures';

/**
 * The "done when", as a new user runs it: a fresh data folder, `npm run demo:browser` (built), then the
 * overlay URLs it prints opened as OBS would. Within 60 seconds of the start the scoreboard shows champion
 * portraits and the deck tracker card names with their costs, and nothing but the simulated hosts (all on this
 * machine) was contacted: every connection and name lookup the demo process made is recorded.
 */

const FIRST_MINUTE_MS = 60_000;

/** Cards of the demo deck (full-game.json) that the simulated bundles publish: code, cost, name. */
const KNOWN_CARDS = [
  ['01IO012', '2', 'Twin Disciplines'],
  ['01IO015', '3', 'Greenglade Duo'],
  ['01DE012', '5', 'Garen'],
  ['01DE042', '8', 'Judgment'],
] as const;

/** Every image decoded by the browser, each from the app's own `/static-data/` path. */
async function expectPortraits(images: Locator, count: number, timeout: number): Promise<void> {
  await expect(images).toHaveCount(count, { timeout });
  for (const image of await images.all()) {
    expect(new URL((await image.getAttribute('src')) ?? '', 'http://x').pathname).toMatch(/^\/static-data\//);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), {
        timeout,
      })
      .toBeGreaterThan(0);
  }
}

function recordRequests(page: Page, urls: string[]): void {
  page.on('request', (request) => urls.push(request.url()));
}

test('npm run demo:browser: portraits and card names with costs within a minute, from the simulated hosts only', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const work = await mkdtemp(join(tmpdir(), 'sightline-demo-first-minute-'));
  const connections = await connectionLog(work);
  const startedAt = Date.now();
  const demo = await startDemo({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SIGHTLINE_DATA_DIR: join(work, 'data'),
    ...connections.env,
  });
  try {
    const urlsAt = Date.now() - startedAt;
    // The game data came down from the simulated hosts before the URLs (progress on stderr only).
    expect(demo.stderr()).toContain('demo: downloading the game data from the simulated hosts…');
    expect(demo.stderr()).not.toContain('the game data is incomplete');

    const pageRequests: string[] = [];
    recordRequests(page, pageRequests);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(demo.overlays.scoreboard ?? '');
    const left = (): number => Math.max(1_000, FIRST_MINUTE_MS - (Date.now() - startedAt));
    await expectPortraits(
      page.getByTestId('score-bar').locator('.champion-portrait img.game-icon'),
      10,
      left(),
    );
    const portraitsAt = Date.now() - startedAt;
    await expect(page.getByTestId('score-bar').locator('.text-icon')).toHaveCount(0);

    const deck = await context.newPage();
    recordRequests(deck, pageRequests);
    await deck.goto(demo.overlays['deck-tracker'] ?? '');
    for (const [code, cost, name] of KNOWN_CARDS) {
      const row = deck.getByTestId(`deck-row-${code}`);
      await expect(row.locator('.card-name')).toHaveText(name, { timeout: left() });
      await expect(row.locator('.card-cost')).toHaveText(cost);
    }
    const cardsAt = Date.now() - startedAt;
    expect(cardsAt).toBeLessThan(FIRST_MINUTE_MS);
    test.info().annotations.push({
      type: 'time to art',
      description: `URLs printed ${urlsAt} ms, portraits ${portraitsAt} ms, card names and costs ${cardsAt} ms after start`,
    });
    console.log(`time to art: URLs ${urlsAt} ms, portraits ${portraitsAt} ms, cards ${cardsAt} ms`);

    // The pages asked only the app's own host (their images included).
    const host = new URL(demo.overlays.scoreboard ?? '').origin;
    expect(pageRequests.filter((url) => !url.startsWith(`${host}/`) && !url.startsWith('data:'))).toEqual([]);
  } finally {
    await stopDemo(demo.child);
  }
  // And the demo process (app, simulators, downloads) connected and looked up nothing but this machine.
  const contacted = await connections.read();
  expect(contacted.some((entry) => entry.startsWith('tcp 127.0.0.1:'))).toBe(true);
  expect(contacted.filter((entry) => !isLoopbackTarget(entry))).toEqual([]);
});
