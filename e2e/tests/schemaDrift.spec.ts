import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';

test.describe('the client’s own API description', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    // Scenario time stands still unless the test moves it: the game starts when the test says.
    stack = await startStack('full-game', {}, { now: () => 0 });
  });
  test.afterAll(() => stopStack(stack));

  test('is checked once per client start: a drift shows on the source row and polling goes on', async ({
    page,
  }) => {
    const { control } = stack.simulator;
    const live = page.getByTestId('source-live');
    const liveSchema = page.getByTestId('source-live-schema');
    await page.goto(stack.app.companionUrl);

    await test.step('a property retyped in the description shows as a drift', async () => {
      await expect(live).toHaveAttribute('data-state', 'not-running');
      await expect(liveSchema).toHaveCount(0);
      await control.setFault('live', 'schema-retyped-property');
      await control.advance(8); // full-game: the process appears at 2 s, loads until 7 s
      await expect(live).toHaveAttribute('data-state', 'connected');
      await expect(liveSchema).toHaveText(
        'schema: 1 drift: /liveclientdata/playerlist: riotId is now an object in the document',
      );
      await expect(liveSchema).toHaveAttribute('data-kind', 'drifts');
      // The same document describes the replay API, whose properties are all there.
      await expect(page.getByTestId('source-replay-schema')).toHaveText('schema: matches');
    });

    await test.step('the game is still followed, and the description is not read again', async () => {
      // Read once per source of this client run (live and replay share the document on one port: once when
      // both connect within a second, the pacer handing the second an answer younger than that, else twice).
      const descriptionReads = (): number => control.requests().live['/swagger/v3/openapi.json']?.count ?? 0;
      const readsAtConnect = descriptionReads();
      expect(readsAtConnect).toBeGreaterThanOrEqual(1);
      expect(readsAtConnect).toBeLessThanOrEqual(2);
      const clock = page.getByTestId('game-clock-time');
      const before = await clock.textContent();
      await control.advance(20);
      await expect(clock).not.toHaveText(before ?? '');
      await expect(live).toHaveAttribute('data-state', 'connected');
      const polls = (): number => control.requests().live['/liveclientdata/gamestats']?.count ?? 0;
      const seen = polls();
      await expect.poll(polls, { timeout: 10_000 }).toBeGreaterThanOrEqual(seen + 2);
      expect(descriptionReads()).toBe(readsAtConnect);
      expect(control.requests().live['/swagger/v2/swagger.json']).toBeUndefined();
    });

    await test.step('after the client restarts, the description is read again', async () => {
      await control.restart(); // back to scenario time 0, the fault cleared
      await expect(live).toHaveAttribute('data-state', 'not-running');
      await expect(liveSchema).toHaveCount(0);
      await control.advance(8);
      await expect(live).toHaveAttribute('data-state', 'connected');
      await expect(liveSchema).toHaveText('schema: matches');
    });
  });
});
