import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openOrRecoverDatabase } from '../../electron/core/platform/db/sqliteDatabase';
import { HISTORY_MIGRATIONS } from '../../electron/core/features/history/historyMigrations';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../electron/simulator/webApi/webApiSimulator';

/**
 * Other players' data in the match history: opponents' names stay out of exports unless asked, games can be
 * deleted one at a time or all at once, and a retention period deletes the old ones. The history is seeded
 * in the data folder before the host starts (no game client runs: the idle scenario).
 */

test.describe.configure({ mode: 'serial' });

const DAY = 86_400_000;
const now = Date.now();
/** The screens issue 33 names. */
const SCREENS = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
] as const;

/** A Demacia / Ionia deck. */
const DECK_CODE = 'CEBAMAIAAEBAYDYWDUDACAQJBQHR2KJRAEBACAAQFIAA';

/** A local day as a date input takes it. */
function localDay(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

async function seedHistory(dataDir: string): Promise<void> {
  const { client } = await openOrRecoverDatabase(join(dataDir, 'history.db'), HISTORY_MIGRATIONS);
  const arena = [
    ['Ahri', now - DAY, 'win', 'CLASSIC', 11],
    ['Jinx', now - 2 * DAY, 'loss', 'ARAM', 12],
    ['Lux', now - 3 * DAY, 'win', 'ARAM', 12],
    ['Thresh', now - 4 * DAY, 'loss', 'CLASSIC', 11],
    ['Garen', now - 400 * DAY, 'win', 'CLASSIC', 11],
  ] as const;
  for (const [champion, startedAt, result, mode, map] of arena) {
    await client.execute({
      sql: `INSERT INTO arena_games (started_at, duration_seconds, champion, champion_key, player_id, kills, deaths,
              assists, creep_score, result, game_mode, map_number, queue_label, recorded_at)
            VALUES (?, 1800, ?, ?, 'Sightline#EUW', 3, 2, 1, 150, ?, ?, ?, 'Summoner''s Rift', ?)`,
      args: [startedAt, champion, champion, result, mode, map, startedAt + 1_900_000],
    });
  }
  const card = [
    ['decks_are_fun', now - DAY, DECK_CODE],
    ['Ancient Rival', now - 400 * DAY, null],
  ] as const;
  for (const [opponent, startedAt, deckCode] of card) {
    await client.execute({
      sql: `INSERT INTO card_games (identity, started_at, ended_at, client_game_id, deck_code, player_name,
              opponent_name, result) VALUES (?, ?, ?, 1, ?, 'Sightline', ?, 'win')`,
      args: [`${startedAt}/1/-`, startedAt, startedAt + 600_000, deckCode, opponent],
    });
    await client.execute({
      sql: `INSERT INTO card_game_opponent_cards (game_id, card_code, count, first_seen_at)
            VALUES ((SELECT id FROM card_games WHERE started_at = ?), '01NX004', 1, ?)`,
      args: [startedAt, startedAt + 1000],
    });
  }
  client.close();
}

let stack: Stack | undefined;
test.beforeAll(async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'sightline-history-e2e-'));
  await seedHistory(dataDir);
  stack = await startStack('idle', { SIGHTLINE_DATA_DIR: dataDir });
});
test.afterAll(() => stopStack(stack));

function app() {
  if (!stack) throw new Error('the stack did not start');
  return stack.app;
}

/** settings.json as the host saved it (none yet: every default). */
async function savedSettings(): Promise<{ history?: { retentionDays?: number | null } }> {
  const text = await readFile(join(app().dataDir, 'settings.json'), 'utf8').catch(() => '{}');
  return JSON.parse(text) as { history?: { retentionDays?: number | null } };
}

test("card exports leave opponents' names out unless the box is ticked", async ({ page }) => {
  await page.goto(app().pageUrl('/history'));
  const rows = page.getByTestId('history-game');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('history-export-opponents')).not.toBeChecked();

  const plain = page.waitForEvent('download');
  await page.getByTestId('history-export-csv').click();
  const csv = await readFile(await (await plain).path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    '\uFEFFid,started_at,ended_at,duration_seconds,result,deck_code,player,client_game_id,deck,plays,opponent_cards_seen',
  );
  expect(csv).toContain('Sightline');
  expect(csv).toContain('1:01NX004');
  expect(csv).not.toContain('decks_are_fun');
  expect(csv).not.toContain('Ancient Rival');

  await page.getByTestId('history-export-opponents').check();
  const named = page.waitForEvent('download');
  await page.getByTestId('history-export-json').click();
  const json = JSON.parse(await readFile(await (await named).path(), 'utf8')) as {
    games: Array<{ opponentName?: string }>;
  };
  expect(json.games.map((game) => game.opponentName)).toEqual(['decks_are_fun', 'Ancient Rival']);
});

test('arena games are filtered, exported as CSV and JSON, named by queue, and opened', async ({ page }) => {
  await page.goto(app().pageUrl('/history', { game: 'arena' }));
  const rows = page.getByTestId('arena-history-game');
  await expect(rows).toHaveCount(5);
  // Queues are named as queues, never by the map alone.
  await expect(rows.filter({ hasText: 'Jinx' }).getByTestId('arena-history-queue')).toHaveText('5v5 ARAM');
  await expect(rows.filter({ hasText: 'Ahri' }).getByTestId('arena-history-queue')).toHaveText(
    "Summoner's Rift 5v5",
  );

  await page.getByTestId('arena-filter-queue').selectOption({ label: '5v5 ARAM' });
  await expect(rows).toHaveCount(2);
  await page.getByTestId('arena-filter-result').selectOption('loss');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('arena-history-total')).toHaveText('1 game match');

  // The export holds what the filter selects.
  const csvDownload = page.waitForEvent('download');
  await page.getByTestId('arena-history-export-csv').click();
  const csv = await readFile(await (await csvDownload).path(), 'utf8');
  const lines = csv.split('\r\n').filter((line) => line !== '');
  expect(lines[0]).toBe(
    '\uFEFFid,started_at,duration_seconds,result,champion,queue,game_mode,kills,deaths,assists,creep_score,player',
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(',loss,Jinx,5v5 ARAM,ARAM,3,2,1,150,Sightline#EUW');
  const jsonDownload = page.waitForEvent('download');
  await page.getByTestId('arena-history-export-json').click();
  const json = JSON.parse(await readFile(await (await jsonDownload).path(), 'utf8')) as {
    kind: string;
    games: Array<{ champion: string; queue: string }>;
  };
  expect(json.kind).toBe('arena-game-history');
  expect(json.games).toEqual([expect.objectContaining({ champion: 'Jinx', queue: '5v5 ARAM' })]);

  // Dates are whole local days; a champion narrows the same way.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(rows).toHaveCount(5);
  await page.getByTestId('arena-filter-from').fill(localDay(now - 2 * DAY));
  await expect(rows).toHaveCount(2);
  await page.getByTestId('arena-filter-champion').selectOption('Ahri');
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Clear' }).click();

  // A game opens its stored details; its delete button does not open it.
  const ahri = rows.filter({ hasText: 'Ahri' });
  await ahri.click();
  const detail = page.getByTestId('arena-history-detail');
  await expect(detail).toContainText("Summoner's Rift 5v5");
  await expect(detail).toContainText('Sightline#EUW');
  // No key: the whole match is not asked for, and the line says how to see it.
  await expect(page.getByTestId('arena-history-detail-note')).toHaveText(
    'Set your API key on the Players page to see the full match.',
  );
  await expect(detail.getByTestId('match-details')).toHaveCount(0);
  await ahri.click();
  await expect(detail).toHaveCount(0);
});

test('card decks are named by their regions and champions, the code on hover and copied by a button', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(app().pageUrl('/history'));
  const row = page.getByTestId('history-game').filter({ hasText: 'decks_are_fun' });
  const label = row.getByTestId('deck-label');
  await expect(label).toHaveAttribute('title', DECK_CODE);
  await expect(label).toContainText('Demacia');
  await expect(label).toContainText('Ionia');
  // The code is on hover and in the clipboard, not in the name.
  await expect(label).not.toContainText(DECK_CODE.slice(0, 8));
  await expect(page.getByTestId('history-filter-deck')).not.toContainText(DECK_CODE.slice(0, 8));

  await label.getByRole('button', { name: `Copy deck code ${DECK_CODE}` }).click();
  await expect(label.getByTestId('copy-code')).toHaveAttribute('data-outcome', 'copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DECK_CODE);
  // Copying is not opening the game.
  await expect(row).toHaveAttribute('aria-expanded', 'false');
  // The deck's record stays beside the games.
  await expect(page.getByTestId('deck-record').filter({ hasText: 'Demacia' })).toContainText('1');
});

test('both tabs show the same tools, queues named as queues and decks by their regions, whole on a 1920×1080, 1280×720 and 1024×768 screen', async ({
  page,
}) => {
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await page.goto(app().pageUrl('/history'));
    for (const [tab, prefix, filters] of [
      ['card', 'history', ['history-filter-from', 'history-filter-result', 'history-filter-deck']],
      ['arena', 'arena-history', ['arena-filter-from', 'arena-filter-result', 'arena-filter-queue']],
    ] as const) {
      await page.getByTestId(`history-tab-${tab}`).click();
      const size = `${tab} at ${screen.width}×${screen.height}`;
      // The same tools on both tabs, each whole on the screen's width.
      for (const testId of [
        ...filters,
        `${prefix}-export-csv`,
        `${prefix}-export-json`,
        `${prefix}-delete-selected`,
        `${prefix}-delete-all`,
      ]) {
        const tool = page.getByTestId(testId);
        await expect(tool, `${testId}, ${size}`).toBeVisible();
        const box = await tool.boundingBox();
        expect(
          (box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= screen.width,
          `${testId}, ${size}`,
        ).toBe(true);
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `nothing to scroll sideways for, ${size}`,
      ).toBe(true);
    }
    // The arena tab (open now) names queues as queues; the card tab names decks by their regions, code on hover.
    const jinx = page.getByTestId('arena-history-game').filter({ hasText: 'Jinx' });
    await expect(jinx.getByTestId('arena-history-queue')).toHaveText('5v5 ARAM');
    await expect(jinx.getByTestId('arena-history-queue')).toBeInViewport();
    await page.getByTestId('history-tab-card').click();
    const label = page
      .getByTestId('history-game')
      .filter({ hasText: 'decks_are_fun' })
      .getByTestId('deck-label');
    await expect(label).toContainText('Demacia');
    await expect(label).not.toContainText(DECK_CODE.slice(0, 8));
    await expect(label).toBeInViewport();
  }
});

test('a retention period saves itself, asks before it deletes, and then deletes the games of both kinds that started before it', async ({
  page,
}) => {
  await page.goto(app().pageUrl('/history'));
  await expect(page.getByTestId('history-game')).toHaveCount(2);
  // Off by default: every game is kept. One way to save: no Save button.
  await expect(page.getByTestId('history-retention-enabled')).not.toBeChecked();
  await expect(page.getByTestId('history-retention-days')).toBeDisabled();
  await expect(page.getByTestId('history-retention').getByRole('button', { name: /^Save/ })).toHaveCount(0);

  // Turning it on would delete games: it asks first, and "Keep" keeps them and the setting off.
  await page.getByTestId('history-retention-enabled').check();
  await expect(page.getByTestId('history-retention-ask')).toContainText('more than 90 days ago are deleted');
  await page.getByTestId('history-retention-ask').getByRole('button', { name: 'Keep' }).click();
  await expect(page.getByTestId('history-retention-enabled')).not.toBeChecked();
  await expect(page.getByTestId('history-game')).toHaveCount(2);
  expect((await savedSettings()).history?.retentionDays ?? null).toBeNull();

  await page.getByTestId('history-retention-enabled').check();
  await page.getByTestId('history-retention-days').fill('365');
  await page.getByTestId('history-retention-days').press('Enter');
  await expect(page.getByTestId('history-retention-ask')).toContainText('more than 365 days ago are deleted');
  // Nothing is deleted while it asks.
  await expect(page.getByTestId('history-game')).toHaveCount(2);
  await page.getByTestId('history-retention-confirm').click();
  await expect(page.getByTestId('history-retention-days-status')).toHaveText('Saved');
  // The card list follows the history's revision by itself.
  await expect(page.getByTestId('history-game')).toHaveCount(1);
  await expect(page.getByTestId('history-game-opponent')).toHaveText('decks_are_fun');

  await page.getByTestId('history-tab-arena').click();
  await expect(page.getByTestId('arena-history-game')).toHaveCount(4);
  await expect(page.getByTestId('arena-history')).not.toContainText('Garen');

  // A period out of range is refused at the box, in words, and the saved one stays.
  await page.getByTestId('history-retention-days').fill('0');
  await page.getByTestId('history-retention-days').press('Tab');
  await expect(page.getByTestId('history-retention-days-status')).toHaveText(
    'Enter a whole number of days from 1 to 3650.',
  );
  await expect(page.getByTestId('history-retention-days')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('history-retention-ask')).toHaveCount(0);
  expect((await savedSettings()).history?.retentionDays).toBe(365);
  // A longer period deletes nothing more: saved when the box is left, without asking.
  await page.getByTestId('history-retention-days').fill('400');
  await page.getByTestId('history-retention-days').press('Tab');
  await expect(page.getByTestId('history-retention-days-status')).toHaveText('Saved');
  await expect(page.getByTestId('history-retention-ask')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('history-retention-enabled')).toBeChecked();
  await expect(page.getByTestId('history-retention-days')).toHaveValue('400');
});

test('arena games are deleted one at a time, several, or all at once, after a confirmation', async ({
  page,
}) => {
  await page.goto(app().pageUrl('/history', { game: 'arena' }));
  const rows = page.getByTestId('arena-history-game');
  await expect(rows).toHaveCount(4);

  const jinx = rows.filter({ hasText: 'Jinx' });
  await jinx.getByTestId('arena-history-delete').click();
  // A second look, and "Keep" keeps it.
  await jinx.getByRole('button', { name: 'Keep' }).click();
  await expect(rows).toHaveCount(4);
  await jinx.getByTestId('arena-history-delete').click();
  await jinx.getByTestId('arena-history-delete-confirm').click();
  await expect(rows).toHaveCount(3);

  // Several at once: the selected ones go, the others stay.
  for (const champion of ['Lux', 'Thresh'])
    await rows.filter({ hasText: champion }).getByRole('checkbox', { name: 'Select this game' }).check();
  await page.getByTestId('arena-history-delete-selected').click();
  await page.getByTestId('arena-history-delete-selected-confirm').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Ahri');

  await page.getByTestId('arena-history-delete-all').click();
  await page.getByTestId('arena-history-delete-all-confirm').click();
  await expect(page.getByTestId('arena-history-empty')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('arena-history-empty')).toBeVisible();
});

test('every card game is deleted at once, after a confirmation', async ({ page }) => {
  await page.goto(app().pageUrl('/history'));
  await expect(page.getByTestId('history-game')).toHaveCount(1);
  await page.getByTestId('history-delete-all').click();
  await page.getByTestId('history-delete-all-confirm').click();
  await expect(page.getByTestId('history-empty')).toContainText('No games yet.');
  await page.reload();
  await expect(page.getByTestId('history-empty')).toContainText('No games yet.');
});

test.describe('with a web API key', () => {
  const started = now - 3 * 3_600_000;
  let webApi: RunningWebApiSimulator | undefined;
  let keyed: Stack | undefined;
  test.beforeAll(async () => {
    webApi = await startWebApiSimulator({ appLimits: '20:1,400:120' });
    // The player's ranked game, as the web API records it: its start a little off the live client's.
    webApi.control.dataset.playGame({
      gameName: 'Sightline',
      tagLine: 'EUW',
      platform: 'euw1',
      startedAt: started + 20_000,
      durationSeconds: 1790,
      queueId: 420,
    });
    const dataDir = await mkdtemp(join(tmpdir(), 'sightline-history-key-e2e-'));
    const { client } = await openOrRecoverDatabase(join(dataDir, 'history.db'), HISTORY_MIGRATIONS);
    await client.execute({
      sql: `INSERT INTO arena_games (started_at, duration_seconds, champion, champion_key, player_id, kills, deaths,
              assists, creep_score, result, game_mode, map_number, queue_label, recorded_at)
            VALUES (?, 1800, 'Ahri', 'Ahri', 'Sightline#EUW', 3, 2, 1, 150, 'win', 'CLASSIC', 11, '', ?)`,
      args: [started, started + 1_900_000],
    });
    // A row damaged in the file: its numbers are not numbers.
    await client.execute({
      sql: `INSERT INTO arena_games (started_at, duration_seconds, champion, kills, deaths, assists, creep_score,
              result, game_mode, queue_label, recorded_at)
            VALUES (?, 'long', 'Lux', 'many', 0, 0, 0, 'win', 'CLASSIC', '', ?)`,
      args: [started - DAY, started],
    });
    client.close();
    keyed = await startStack('idle', {
      SIGHTLINE_DATA_DIR: dataDir,
      SIGHTLINE_WEB_API_BASE: webApi.baseTemplate,
      SIGHTLINE_API_KEY: SIMULATOR_API_KEY,
    });
  });
  test.afterAll(async () => {
    await stopStack(keyed);
    await webApi?.close();
  });

  test("an arena game opens the web API's whole match, and is named by its exact queue", async ({ page }) => {
    if (!keyed) throw new Error('the stack did not start');
    await page.goto(keyed.app.pageUrl('/history', { game: 'arena' }));
    const ahri = page.getByTestId('arena-history-game').filter({ hasText: 'Ahri' });
    await expect(ahri.getByTestId('arena-history-queue')).toHaveText("Summoner's Rift 5v5");
    await ahri.click();
    const detail = page.getByTestId('arena-history-detail');
    await expect(detail.getByTestId('match-details')).toBeVisible();
    await expect(detail.getByTestId('match-queue')).toHaveText('5v5 Ranked Solo');
    await expect(detail.getByTestId('arena-history-detail-queue')).toHaveText('5v5 Ranked Solo');
    // Stored on the game: the row names the exact queue from then on.
    await expect(ahri.getByTestId('arena-history-queue')).toHaveText('5v5 Ranked Solo', { timeout: 15_000 });
  });

  test('a damaged record is one clear line; the rest lists and exports, the export saying it left it out', async ({
    page,
  }) => {
    if (!keyed) throw new Error('the stack did not start');
    await page.goto(keyed.app.pageUrl('/history', { game: 'arena' }));
    const damaged = page.getByTestId('arena-history-damaged');
    await expect(damaged).toHaveText(/This game’s record is damaged and can’t be shown\./);
    await expect(page.getByTestId('arena-history')).not.toContainText('NaN');
    await expect(page.getByTestId('arena-history-game')).toHaveCount(1);
    const download = page.waitForEvent('download');
    await page.getByTestId('arena-history-export-json').click();
    const json = JSON.parse(await readFile(await (await download).path(), 'utf8')) as {
      games: Array<{ champion: string }>;
    };
    expect(json.games.map((game) => game.champion)).toEqual(['Ahri']);
    await expect(page.getByTestId('arena-history-export-summary')).toHaveText(
      '1 game exported; 1 damaged record was left out.',
    );
  });
});
