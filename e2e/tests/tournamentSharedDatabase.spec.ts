import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../electron/core/tools/testkit/postgres/throwawayPostgres';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';

test.describe('the tournament desk on a shared PostgreSQL database', () => {
  let postgres: ThrowawayPostgres;
  let url: string;
  let stack: Stack;
  test.beforeAll(async () => {
    postgres = await startThrowawayPostgres();
    url = await postgres.createDatabase();
    stack = await startStack('idle', { SIGHTLINE_TOURNAMENT_DATABASE_URL: url });
  });
  test.afterAll(async () => {
    await stopStack(stack);
    await postgres.stop();
  });

  test('Settings names the database the environment set, never its password, and offers no field over it', async ({
    page,
  }) => {
    const { username, port, pathname, password } = new URL(url);
    await page.goto(stack.app.pageUrl('/settings'));
    await expect(page.getByTestId('tournament-database-status')).toHaveText(
      `PostgreSQL ${username}@127.0.0.1:${port}${pathname}, set by SIGHTLINE_TOURNAMENT_DATABASE_URL for this run.`,
    );
    await expect(page.getByTestId('tournament-database-url')).toHaveCount(0);
    await expect(page.getByTestId('tournament-database-restart')).toHaveCount(0);
    expect(await page.content()).not.toContain(password);
  });
});

test.describe('the tournament desk on this computer', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('idle');
  });
  test.afterAll(() => stopStack(stack));

  test('Settings says the desk uses tournaments.db, and that serve cannot keep a database password', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/settings'));
    await expect(page.getByTestId('tournament-database-status')).toContainText('tournaments.db');
    await expect(page.getByTestId('tournament-database-unsupported')).toContainText(
      'set SIGHTLINE_TOURNAMENT_DATABASE_URL instead',
    );
  });
});
