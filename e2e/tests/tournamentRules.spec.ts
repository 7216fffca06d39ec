import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../electron/simulator/webApi/webApiSimulator';

/**
 * The publisher's rules where they apply: the key rules under the web API settings and beside the key,
 * the tournament stub until the user confirms a tournament-enabled key, and the win condition a
 * tournament states, shown with its codes.
 */

const WIN_CONDITION = 'Best of one; the final is best of three. The last team standing wins the cup.';

let webApi: RunningWebApiSimulator;
let stack: Stack;

test.describe('tournament rules', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    webApi = await startWebApiSimulator();
    stack = await startStack('idle', { SIGHTLINE_WEB_API_BASE: webApi.baseTemplate });
  });
  test.afterAll(async () => {
    await stopStack(stack);
    await webApi.close();
  });

  test('the key rules are on the settings page, and the tournament-enabled key is off by default', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/settings'));
    // The web API's rules are in the Advanced section, the tournament key in the Organizer one.
    await page.getByTestId('advanced-settings-advanced').locator('summary').click();
    await page.getByTestId('advanced-settings-organizer').locator('summary').click();
    const rules = page.getByTestId('key-rules');
    await expect(rules.getByTestId('key-rule-registration')).toHaveText(
      'Register your product in the developer portal and keep its description current.',
    );
    await expect(rules.getByTestId('key-rule-one-product')).toContainText('One product per production key.');
    await expect(rules.getByTestId('key-rule-tournament')).toContainText(
      'A personal key is not a tournament key: tournament calls go to the tournament stub',
    );
    await expect(page.getByTestId('setting-tournament-key')).not.toBeChecked();
  });

  test('a personal key gets the stub, said before sending; the win condition shows with the code', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/tournaments'));
    await expect(page.getByTestId('key-rules')).toBeVisible();
    await page.getByTestId('api-key-input').fill(SIMULATOR_API_KEY);
    await page.getByTestId('api-key-kind').selectOption('personal');
    await page.getByTestId('api-key-save').click();
    await expect(page.getByTestId('desk-notice-tournament-key')).toContainText(
      'A personal key is not a tournament key: the tournament stub is used',
    );
    await expect(page.getByTestId('provider-api-note')).toHaveText(
      'Sent to the tournament stub v5 (no tournament-enabled key confirmed).',
    );

    await page.getByTestId('provider-url').fill('http://results.example.com/tournament/callback');
    await expect(page.getByTestId('url-check-verdict')).toHaveText('valid');
    await page.getByTestId('provider-create').click();
    await expect(page.getByTestId('provider-row')).toHaveCount(1);
    expect(webApi.control.tournament.providers().map((provider) => provider.kind)).toEqual(['stub-v5']);

    // The win condition is required: the policy refuses without one, in words.
    await page.getByTestId('tournament-name').fill('Rules Cup');
    await page.getByTestId('tournament-participants').fill('20');
    await expect(page.getByTestId('policy-reasons')).toContainText('State the win condition');
    await expect(page.getByTestId('tournament-create')).toBeDisabled();
    await page.getByTestId('tournament-win-condition').fill(WIN_CONDITION);
    await expect(page.getByTestId('policy-verdict')).toHaveAttribute('data-allowed', 'true');
    await page.getByTestId('tournament-create').click();

    await expect(page.getByTestId('code-row')).toHaveCount(1);
    // The reset form reads as a fresh one: no refusal in red until the organizer acts again.
    await expect(page.getByTestId('tournament-win-condition')).toHaveValue('');
    await expect(page.getByTestId('policy-verdict')).toHaveCount(0);
    await expect(page.getByTestId('policy-reasons')).toHaveCount(0);
    await page.getByTestId('tournament-name').fill('Rules Cup 2');
    await expect(page.getByTestId('policy-reasons')).toContainText('State the win condition');
    await page.getByTestId('tournament-name').fill('');
    await expect(page.getByTestId('codes-win-condition')).toHaveText(`Win condition: ${WIN_CONDITION}`);
    await page.getByTestId('code-open').click();
    await expect(page.getByTestId('code-detail-win-condition')).toHaveText(WIN_CONDITION);
  });

  test('confirming a tournament-enabled key in the settings moves the desk to the real paths', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/settings'));
    await page.getByTestId('advanced-settings-organizer').locator('summary').click();
    await page.getByTestId('setting-tournament-key').check();
    await expect(page.getByTestId('setting-tournament-key-status')).toHaveText('Saved');
    const saved = JSON.parse(await readFile(join(stack.app.dataDir, 'settings.json'), 'utf8')) as {
      webApi: { tournamentKeyConfirmed: boolean };
    };
    expect(saved.webApi.tournamentKeyConfirmed).toBe(true);

    await page.goto(stack.app.pageUrl('/tournaments'));
    await expect(page.getByTestId('provider-api-note')).toHaveText('Sent to tournament v5.');
    await expect(page.getByTestId('desk-notice-tournament-key')).toHaveCount(0);
  });
});
