import { countPatches, expect, scenarioPath, stackForTests, startStack, test } from '../harness/fixtures';
import { loadScenarioFile } from '../../electron/simulator/index';
import { commitsOf, rendersOf, since, WATCH_RENDERS } from '../harness/reactRenders';

/**
 * What an arena overlay renders on a poll: only the widgets whose data changed. A poll during a game always
 * moves the clock (and often the players' figures) but brings an event only now and then, so the event feed
 * renders when an event comes, not once a poll.
 *
 * React's commits and renders are watched as `WATCH_RENDERS` (e2e/harness/reactRenders.ts) says.
 */

const running = stackForTests(async () => {
  const scenario = await loadScenarioFile(scenarioPath('full-game'));
  // Scenario time stands still between steps: polls go on, with the same events.
  return startStack({ ...scenario, name: 'overlay-renders' }, {}, { now: () => 0 });
});

test('a poll without a new event renders no event feed, on the feed and arena overlays', async ({ page }) => {
  test.setTimeout(120_000);
  const { simulator, app } = running();
  // In game, with events in the feed (the first kills at 30 and 45 s).
  await simulator.control.advance(96);
  for (const name of ['feed', 'arena']) {
    const url = app.overlayUrls[name];
    if (!url) throw new Error(`serve printed no URL for the ${name} overlay`);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.addInitScript(WATCH_RENDERS);
    const patches = countPatches(page);
    await page.goto(url);
    const entries = page.getByTestId('feed-entry');
    await expect(entries.first()).toBeVisible();
    const shown = await entries.count();

    // Three polls, each a patch (the clock at least), and no event among them.
    const [before, commitsBefore] = [await rendersOf(page), await commitsOf(page)];
    const patchesBefore = patches();
    await expect.poll(() => patches() - patchesBefore, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const after = await rendersOf(page);
    expect(since(before, after)['overlay-feed'] ?? 0, name).toBe(0);
    // The bar beside it drew those polls (its clock, the players): commits are seen.
    if (name === 'arena') expect(await commitsOf(page)).toBeGreaterThan(commitsBefore);
    await expect(entries).toHaveCount(shown);
  }
  // An event (a turret at 100 s of game time): the feed renders it.
  const before = await rendersOf(page);
  await simulator.control.advance(15);
  await expect
    .poll(async () => since(before, await rendersOf(page))['overlay-feed'] ?? 0)
    .toBeGreaterThanOrEqual(1);
});

test('a kill on the arena overlay draws the squares whose figures moved, not their names, items or the legal line', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { simulator, app } = running();
  const url = app.overlayUrls.arena;
  if (!url) throw new Error('serve printed no URL for the arena overlay');
  // Past the players' update at 120 s of game time; the next comes at 190 s, after the kills at 150 and 165 s.
  await simulator.control.advance(Math.max(0, 125 - simulator.control.state().live.gameTime));
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.addInitScript(WATCH_RENDERS);
  await page.goto(url);
  await expect(page.getByTestId('bar-player')).toHaveCount(10);
  const kills = page.getByTestId('team-kills-ORDER');
  const killsBefore =
    Number(await kills.textContent()) + Number(await page.getByTestId('team-kills-CHAOS').textContent());
  const before = await rendersOf(page);

  await simulator.control.advance(45);
  await expect
    .poll(
      async () =>
        Number(await kills.textContent()) + Number(await page.getByTestId('team-kills-CHAOS').textContent()),
    )
    .toBe(killsBefore + 2);
  const after = await rendersOf(page);
  const again = (testId: string): number => since(before, after)[testId] ?? 0;
  expect(again('bar-player-kda'), 'the killers, victims and assisters').toBeGreaterThanOrEqual(2);
  expect(again('bar-player-name')).toBe(0);
  expect(again('bar-player-items')).toBe(0);
  expect(again('legal-footer')).toBe(0);
});
