import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openOrRecoverDatabase } from '../../electron/core/platform/db/sqliteDatabase';
import { HISTORY_MIGRATIONS } from '../../electron/core/features/history/historyMigrations';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';

/**
 * Dates and numbers follow the reader's locale: in browser mode the browser's (the core reports none), here a
 * German one.
 */

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'de-DE', timezoneId: 'UTC' });

/** 5 November 2026, 14:30 UTC: "05.11.2026, 14:30" in German, "Nov 5, 2026, 2:30 PM" in American English. */
const STARTED_AT = Date.UTC(2026, 10, 5, 14, 30);

async function seedHistory(dataDir: string): Promise<void> {
  const { client } = await openOrRecoverDatabase(join(dataDir, 'history.db'), HISTORY_MIGRATIONS);
  await client.execute({
    sql: `INSERT INTO arena_games (started_at, duration_seconds, champion, champion_key, player_id, kills, deaths,
            assists, creep_score, result, game_mode, map_number, queue_label, recorded_at)
          VALUES (?, 1800, 'Ahri', 'Ahri', 'Sightline#EUW', 3, 2, 1, 150, 'win', 'CLASSIC', 11, 'Summoner''s Rift', ?)`,
    args: [STARTED_AT, STARTED_AT + 1_900_000],
  });
  await client.execute({
    sql: `INSERT INTO card_games (identity, started_at, ended_at, client_game_id, deck_code, player_name,
            opponent_name, result) VALUES (?, ?, ?, 1, NULL, 'Sightline', 'decks_are_fun', 'win')`,
    args: [`${STARTED_AT}/1/-`, STARTED_AT, STARTED_AT + 600_000],
  });
  client.close();
}

test.describe('the history', () => {
  let stack: Stack | undefined;
  // Seeded before the host starts (the idle scenario: no game client runs).
  test.beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'sightline-locale-e2e-'));
    await seedHistory(dataDir);
    stack = await startStack('idle', { SIGHTLINE_DATA_DIR: dataDir });
  });
  test.afterAll(() => stopStack(stack));

  test('writes when each game started as a German reader writes dates', async ({ page }) => {
    if (!stack) throw new Error('the stack did not start');
    await page.goto(stack.app.pageUrl('/history'));
    await expect(page.getByTestId('history-game')).toContainText('05.11.2026, 14:30');

    await page.goto(stack.app.pageUrl('/history', { game: 'arena' }));
    await expect(page.getByTestId('arena-history-game')).toContainText('05.11.2026, 14:30');
  });
});

test.describe('the scoreboard', () => {
  let stack: Stack | undefined;
  test.beforeAll(async () => {
    stack = await startStack('full-game');
  });
  test.afterAll(() => stopStack(stack));

  test('groups the player’s gold as a German reader groups numbers', async ({ page }) => {
    if (!stack) throw new Error('the stack did not start');
    const { control } = stack.simulator;
    await page.goto(stack.app.pageUrl('/scoreboard'));
    await control.restart();
    await expect(page.getByTestId('scoreboard')).toHaveAttribute('data-phase', 'in-game', {
      timeout: 15_000,
    });
    // The scenario sets the gold to 1320.5 at 1:40; the shop shows whole gold.
    await control.advance(101 - control.state().live.gameTime);
    await expect(page.getByTestId('active-gold')).toHaveText('1.320');
  });
});
