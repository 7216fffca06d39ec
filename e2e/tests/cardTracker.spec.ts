import type { Page } from '@playwright/test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, startStack, stopStack, syncStaticData, test, type Stack } from '../harness/fixtures';
import { serveApp } from '../harness/servedApp';
import { GAME_ID_STARTS, type GameIdStart } from '../../electron/simulator/index';

/**
 * The deck tracker end to end: the simulator's card client plays two games (card-tracker.json, stepped
 * with control.advance), the real headless host tracks them, the overlay's counts move as cards are
 * drawn, each game lands in history, and history survives a SIGKILL mid-game and a restart. All of it
 * runs twice: with a client whose GameID starts at -1 and one where it starts at 0.
 */

test.describe.configure({ mode: 'serial' });

const deckRow = (page: Page, code: string) => page.getByTestId(`deck-row-${code}`);

// Runs in the opponent's overlay (as text: the CSP forbids eval of a function's source): notes each row added to
// the list, and each added row lit only after it was put in the page (by a later render).
const WATCH_ROWS_LIT_LATE = `(() => {
  const added = new Set();
  window.rowsAdded = [];
  window.rowsLitLate = [];
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'childList') {
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          // A row, or the list the first row came in.
          // Each row once: one written into a list just put in the page comes in the list's record and its own.
          for (const row of [node, ...node.querySelectorAll('.card-row')].filter((each) => each.matches('.card-row') && !added.has(each))) {
            added.add(row);
            window.rowsAdded.push(row.dataset.code);
          }
        }
      } else if (added.has(record.target) && !/\\bfresh\\b/.test(record.oldValue ?? '') && record.target.matches('.fresh')) {
        window.rowsLitLate.push(record.target.dataset.code);
      }
    }
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['class'] });
})()`;

for (const gameIdStart of GAME_ID_STARTS) {
  test.describe(`with a client whose GameID starts at ${gameIdStart}`, () => recordedGames(gameIdStart));
}

function recordedGames(gameIdStart: GameIdStart): void {
  let stack: Stack | undefined;
  let dataDir: string;
  /** Scenario seconds reached so far. */
  let scenarioTime = 0;

  test.beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sightline-card-e2e-'));
    stack = await startStack('card-tracker', { SIGHTLINE_DATA_DIR: dataDir }, { gameIdStart });
  });
  test.afterAll(() => stopStack(stack));

  function running(): Stack {
    if (!stack) throw new Error('the stack did not start');
    return stack;
  }

  async function advanceTo(seconds: number): Promise<void> {
    await running().simulator.control.advance(seconds - scenarioTime);
    scenarioTime = seconds;
  }

  async function restartHost(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const current = running();
    const exited = new Promise<void>((resolve) => current.app.process.once('exit', () => resolve()));
    current.app.process.kill(signal);
    await exited;
    // Spacing is the host's promise: check each host's requests on their own.
    expectPoliteCardPolling();
    // The same simulator, the same data folder: only the host restarts.
    const app = await serveApp(
      { ...current.simulator.urls, caPem: current.simulator.caPem },
      { SIGHTLINE_DATA_DIR: dataDir },
    );
    stack = { simulator: current.simulator, app };
  }

  test('the overlay counts the mulligan, draws and plays as the game goes', async ({ page }) => {
    const { app } = running();
    await page.setViewportSize({ width: 340, height: 1000 });
    await page.goto(app.pageUrl('/overlay/deck-tracker'));
    // In the client's menus the overlay is blank on stream, notice included: the OBS page says why.
    await expect(page.getByTestId('deck-overlay')).toHaveAttribute('data-phase', 'no-game');
    await expect(page.locator('body')).toHaveText('');

    await advanceTo(10);
    await expect(page.getByTestId('deck-overlay')).toHaveAttribute('data-phase', 'in-game');
    await expect(page.getByTestId('legal-footer')).toBeVisible();
    await expect(page.getByTestId('deck-cards-left')).toHaveText('36 left');
    await expect(page.getByTestId('deck-column')).toContainText('Mulligan');
    await expect(deckRow(page, '01IO029')).toHaveAttribute('data-count', '2');

    // The swapped card goes back into the deck, its replacement comes out.
    await advanceTo(20);
    await expect(deckRow(page, '01IO029')).toHaveAttribute('data-count', '3');
    await expect(deckRow(page, '01DE022')).toHaveAttribute('data-count', '2');
    await expect(page.getByTestId('deck-cards-left')).toHaveText('36 left');

    await advanceTo(40);
    await expect(page.getByTestId('deck-cards-left')).toHaveText('35 left');
    await expect(page.getByTestId('deck-column')).not.toContainText('Mulligan');
    await expect(deckRow(page, '01IO041')).toHaveAttribute('data-count', '2');

    // The opponent's overlay, open before their first play: each card played arrives lit in the one DOM update
    // that adds its row, not lit by a second render after it (a second commit for every card played).
    const watcher = await page.context().newPage();
    await watcher.goto(app.pageUrl('/overlay/opponent-cards'));
    await expect(watcher.getByTestId('opponent-overlay')).toHaveAttribute('data-phase', 'in-game');
    await watcher.evaluate(WATCH_ROWS_LIT_LATE);
    await advanceTo(50);
    await expect(watcher.getByTestId('opponent-row-01NX004')).toHaveClass(/fresh/);

    await advanceTo(60);
    await expect(watcher.getByTestId('opponent-row-01NX020')).toHaveClass(/fresh/);
    // The light is drawn (the row's inner shadow) on the card just played, and gone from the one lit before.
    const light = /rgba\(255, 140, 120, 0\.85\)/;
    await expect(watcher.getByTestId('opponent-row-01NX020')).toHaveCSS('box-shadow', light);
    await expect(watcher.getByTestId('opponent-row-01NX004')).not.toHaveCSS('box-shadow', light);
    expect(await watcher.evaluate('window.rowsAdded')).toEqual(['01NX004', '01NX020']);
    expect(await watcher.evaluate('window.rowsLitLate')).toEqual([]);
    await watcher.close();
    await expect(page.getByTestId('deck-cards-left')).toHaveText('33 left');
    await expect(page.getByTestId('deck-drawn')).toHaveText('7 drawn');
    // The last copy drawn: the row stays, greyed, at zero.
    await expect(deckRow(page, '01DE012')).toHaveAttribute('data-count', '0');
    await expect(deckRow(page, '01DE012')).toHaveClass(/spent/);
    await page.screenshot({
      path: join(tmpdir(), 'sightline-card-shots', 'deck-tracker-spent.png'),
      omitBackground: true,
    });

    const opponent = await page.context().newPage();
    await opponent.goto(app.pageUrl('/overlay/opponent-cards'));
    await expect(opponent.getByTestId('opponent-cards-seen')).toHaveText('2 cards seen');
    // Its line is one figure high whatever it reads, and clips what passes it: the number is drawn whole in it.
    const numberInLine = await opponent.getByTestId('opponent-cards-seen').evaluate((figure) => {
      const line = figure.parentElement?.getBoundingClientRect();
      const number = figure.querySelector('strong')?.getBoundingClientRect();
      return (
        line !== undefined && number !== undefined && number.top >= line.top && number.bottom <= line.bottom
      );
    });
    expect(numberInLine).toBe(true);
    await expect(opponent.getByTestId('opponent-row-01NX004')).toHaveAttribute('data-count', '1');
    await expect(opponent.getByTestId('opponent-cards')).toContainText('decks_are_fun');
    await opponent.close();

    const companion = await page.context().newPage();
    await companion.goto(app.pageUrl('/cards'));
    await expect(companion.getByTestId('local-plays')).toContainText('2 played');
    await expect(companion.getByTestId('tracker-players')).toContainText('Sightline vs decks_are_fun');
    await companion.close();
  });

  test('the finished game is recorded with its result', async ({ page }) => {
    const { app } = running();
    await advanceTo(70);
    await page.goto(app.pageUrl('/history'));
    const rows = page.getByTestId('history-game');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-result', 'win');
    await expect(rows.first().getByTestId('history-game-opponent')).toHaveText('decks_are_fun');
    await expect(page.getByTestId('deck-records')).toContainText('Demacia');

    // Opened from its opponent cell: the row's middle may be the deck's copy button, which does not open it.
    await rows.first().getByTestId('history-game-opponent').click();
    const detail = page.getByTestId('history-game-detail');
    // Checked by card code: names depend on the card data loaded.
    const plays = detail.getByRole('region', { name: 'Your plays' }).locator('li');
    await expect(plays).toHaveCount(2);
    await expect(plays.nth(0)).toHaveAttribute('data-code', '01DE012');
    await expect(plays.nth(1)).toHaveAttribute('data-code', '01IO009');
    const seen = detail.getByRole('region', { name: "Opponent's cards seen" }).locator('li');
    await expect(seen).toHaveCount(2);
    await expect(seen.nth(1)).toHaveAttribute('data-code', '01NX020');
  });

  test('killing the host with SIGKILL mid-game loses no finished game, and the game goes on', async ({
    page,
  }) => {
    await advanceTo(85);
    const before = running().app;
    await page.goto(before.pageUrl('/cards'));
    await expect(page.getByTestId('tracker-players')).toContainText('PiltoverPeacekeeper');
    await expect(page.getByTestId('deck-cards-left')).toHaveText('35 left');

    await restartHost('SIGKILL');
    const { app } = running();
    await page.goto(app.pageUrl('/history'));
    await expect(page.getByTestId('history-game')).toHaveCount(1);
    await expect(page.getByTestId('history-game').first()).toHaveAttribute('data-result', 'win');

    // The restarted host resumes the game it was tracking, draws included.
    await advanceTo(90);
    await page.goto(app.pageUrl('/cards'));
    await expect(page.getByTestId('deck-cards-left')).toHaveText('34 left');
    await expect(page.getByTestId('local-plays')).toContainText('1 played');

    await advanceTo(100);
    await page.goto(app.pageUrl('/history'));
    await expect(page.getByTestId('history-game')).toHaveCount(2);
    await expect(page.getByTestId('history-game').first()).toHaveAttribute('data-result', 'loss');
  });

  test('history is still there after the host restarts, and filters and deletes', async ({ page }) => {
    await advanceTo(112);
    await restartHost('SIGTERM');
    const { app } = running();
    await page.goto(app.pageUrl('/history'));
    const rows = page.getByTestId('history-game');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId('history-total')).toHaveText('2 games');

    await page.getByTestId('history-filter-result').selectOption('loss');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('history-game-opponent')).toHaveText('PiltoverPeacekeeper');

    const download = page.waitForEvent('download');
    await page.getByTestId('history-export-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^sightline-card-history-\d{4}-\d{2}-\d{2}\.csv$/);

    await rows.first().getByRole('checkbox').check();
    await page.getByTestId('history-delete-selected').click();
    await page.getByTestId('history-delete-selected-confirm').click();
    await expect(page.getByTestId('history-empty')).toContainText('No game matches these filters.');
    await page.getByTestId('history-filter-result').selectOption('');
    await expect(rows).toHaveCount(1);
  });

  test('no card client endpoint was read more than once a second', () => {
    expectPoliteCardPolling();
    expect(pollsChecked).toBeGreaterThan(8);
  });

  let pollsChecked = 0;

  /** Asserts the spacing of the card client requests the running host made, then forgets them. */
  function expectPoliteCardPolling(): void {
    const { control } = running().simulator;
    const card = control.requests().card;
    for (const [path, requests] of Object.entries(card)) {
      const gaps = requests.times.slice(1).map((time, index) => time - (requests.times[index] ?? 0));
      // Arrival times at the simulator: allow a little network jitter on the host's 1000 ms spacing.
      if (gaps.length > 0) expect(Math.min(...gaps), path).toBeGreaterThanOrEqual(950);
    }
    pollsChecked += card['/positional-rectangles']?.count ?? 0;
    control.resetRequests();
  }
}

test.describe('card art', () => {
  // A stack of its own: the tests above check the tracker without card data (names by code).
  let artStack: Stack | undefined;
  test.beforeAll(async () => {
    artStack = await startStack('card-tracker');
  });
  test.afterAll(() => stopStack(artStack));

  test('once the card data is synced, tracker rows show the card art from the bundles', async ({ page }) => {
    if (!artStack) throw new Error('the stack did not start');
    const { app, simulator } = artStack;
    await simulator.control.advance(10);
    await page.setViewportSize({ width: 340, height: 1000 });
    await page.goto(app.pageUrl('/overlay/deck-tracker'));
    const garen = deckRow(page, '01DE012');
    await expect(page.getByTestId('deck-overlay')).toHaveAttribute('data-phase', 'in-game');
    // Before the sync the tracker knows only the code.
    await expect(garen).not.toHaveClass(/has-art/);
    await expect(garen).toContainText('01DE012');

    // The Data page's sync, as a user would: en_us, lite, set1 (where the deck's Garen is).
    const data = await page.context().newPage();
    await syncStaticData(data, app);
    await data.close();

    // The open overlay picks the card data up without a reload.
    await expect(garen).toHaveClass(/has-art/);
    await expect(garen.locator('.card-name')).toHaveText('Garen');
    const art = await garen.evaluate((row) => getComputedStyle(row).getPropertyValue('--art'));
    const src = /^url\("(.+)"\)$/.exec(art.trim())?.[1];
    expect(src, `--art is ${art}`).toBeDefined();
    const url = new URL(src ?? '', page.url()).href;
    // Served by the host from the extracted bundle, and a real picture the browser decodes.
    const response = await page.request.get(url);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^image\/png/);
    const width = await page.evaluate(async (imageUrl) => {
      const image = new Image();
      image.src = imageUrl;
      await image.decode();
      return image.naturalWidth;
    }, url);
    expect(width).toBeGreaterThan(0);
    // The row is painted with it: the art is one of the row's own backgrounds.
    await expect
      .poll(() => garen.evaluate((row) => getComputedStyle(row).backgroundImage))
      .toContain(src ?? '');

    // The simulated set bundle has every card the deck holds: every row has its art, none is only a code.
    await expect(page.locator('[data-testid^="deck-row-"]')).toHaveCount(14);
    await expect(page.locator('[data-testid^="deck-row-"]:not(.has-art)')).toHaveCount(0);
    await expect(deckRow(page, '01DE001').locator('.card-name')).toHaveText('Vanguard Bannerman');
  });
});
