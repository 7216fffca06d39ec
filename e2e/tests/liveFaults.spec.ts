import type { FaultKind } from '../../electron/simulator/index';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import { expectedKda, kdaOf, scenarioEvents } from './liveGameDom';

const events = scenarioEvents('full-game');

/** Every fault the simulator can put on the live client, with what the app says while it lasts. */
const FAULTS: Array<{ fault: FaultKind; shows: RegExp }> = [
  { fault: 'server-error', shows: /error: HTTP 500/ },
  { fault: 'not-found-loading', shows: /error: HTTP 404/ },
  { fault: 'malformed-json', shows: /error: bad response: the response is not valid JSON/ },
  { fault: 'truncated-body', shows: /error: bad response/ },
  { fault: 'hang', shows: /error: no answer in time/ },
  { fault: 'slow-body', shows: /error: no answer in time/ },
  { fault: 'unknown-ca', shows: /error: untrusted certificate/ },
  { fault: 'refused', shows: /not running/ },
];

test.describe('live client faults', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('full-game');
  });
  test.afterAll(() => stopStack(stack));

  test('each fault shows, never breaks the page, and the app recovers within two polls after it clears', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const { control } = stack.simulator;
    await page.goto(stack.app.pageUrl('/scoreboard'));
    const board = page.getByTestId('scoreboard');
    await expect(board).toHaveAttribute('data-phase', 'in-game', { timeout: 15_000 });
    const notice = page.getByTestId('live-source');

    for (const { fault, shows } of FAULTS) {
      await test.step(fault, async () => {
        await control.setFault('live', fault);
        await expect(notice).toHaveText(shows, { timeout: 8_000 });
        // The game goes on meanwhile: kills happen that the app must catch up with.
        await control.advance(14);

        const clearedAt = Date.now();
        await control.setFault('live', null);
        await expect(notice).toHaveCount(0, { timeout: 10_000 });
        await expect(board).toHaveAttribute('data-phase', 'in-game');
        await expect
          .poll(async () => {
            const gameTime = control.state().live.gameTime;
            const shown = await Promise.all(
              ['Sightline', 'DarkSovereign', 'GetExcited'].map((player) => kdaOf(page, player).textContent()),
            );
            const wanted = ['Sightline', 'DarkSovereign', 'GetExcited'].map((player) =>
              expectedKda(events, player, gameTime - 1.5),
            );
            return shown.join(' | ') === wanted.join(' | ');
          })
          .toBe(true);
        const recoveredAt = Date.now();
        const polls = (control.requests().live['/liveclientdata/gamestats']?.times ?? []).filter(
          (time) => time >= clearedAt && time <= recoveredAt,
        );
        expect(polls.length, `polls between clearing ${fault} and recovery`).toBeGreaterThanOrEqual(1);
        expect(polls.length, `polls between clearing ${fault} and recovery`).toBeLessThanOrEqual(2);
      });
    }
    await expect(page.getByTestId('player-row')).toHaveCount(10);
  });
});
