import type { Page } from '@playwright/test';
import { expect, scenarioPath, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import { loadScenarioFile } from '../../electron/simulator/index';

/**
 * What the arena overlays' clocks cost a stream between polls: the game clock and every dead player's respawn
 * countdown tick on the page's one timer (createSecondTicker), not on a timer each.
 *
 * full-game.json in real time, from 1:28: Headshot (killed at 1:25) and Solstice (at 1:27) are both dead, so
 * the bar shows three running clocks.
 */

let stack: Stack | undefined;

test.beforeAll(async () => {
  const scenario = await loadScenarioFile(scenarioPath('full-game'));
  stack = await startStack({ ...scenario, name: 'overlay-clocks' });
});
test.afterAll(() => stopStack(stack));

function running(): Stack {
  if (!stack) throw new Error('the stack did not start');
  return stack;
}

// Runs in the page before its scripts (as text): the most timeouts of a second or less (a clock's; the request
// cache's run for minutes) pending at once since the last restart.
const WATCH_TIMERS = `(() => {
  const watch = { pendingMost: 0 };
  const pending = new Set();
  const setTimeoutOfPage = window.setTimeout.bind(window);
  const clearTimeoutOfPage = window.clearTimeout.bind(window);
  window.setTimeout = (run, ms, ...rest) => {
    if (typeof run !== 'function' || (ms ?? 0) > 1000) return setTimeoutOfPage(run, ms, ...rest);
    const id = setTimeoutOfPage(() => {
      pending.delete(id);
      run(...rest);
    }, ms);
    pending.add(id);
    watch.pendingMost = Math.max(watch.pendingMost, pending.size);
    return id;
  };
  window.clearTimeout = (id) => {
    pending.delete(id);
    clearTimeoutOfPage(id);
  };
  watch.restart = () => {
    watch.pendingMost = pending.size;
  };
  window.__sightlineTimers = watch;
})()`;

interface TimerWatch {
  pendingMost: number;
  restart(): void;
}

const timersOf = (page: Page) =>
  page.evaluate(() => {
    const watch = (window as unknown as { __sightlineTimers: TimerWatch }).__sightlineTimers;
    return { pendingMost: watch.pendingMost };
  });

for (const name of ['scoreboard', 'arena']) {
  test(`the ${name} overlay ticks its game clock and two respawn countdowns on one timer`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { simulator, app } = running();
    const url = app.overlayUrls[name];
    if (!url) throw new Error(`serve printed no URL for the ${name} overlay`);
    const { control } = simulator;
    // From the top (the other overlay's test ran the game on), to 1:28.
    await control.restart();
    for (let behind = 88; behind > 0.5; behind = 88 - control.state().live.gameTime)
      await control.advance(behind);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.addInitScript(WATCH_TIMERS);
    await page.goto(url);
    const respawns = page.getByTestId('player-respawn');
    await expect(respawns).toHaveCount(2);
    const clock = page.getByTestId('live-clock');
    await expect(clock).toHaveText(/^01:\d\d$/);

    await page.evaluate(() =>
      (window as unknown as { __sightlineTimers: TimerWatch }).__sightlineTimers.restart(),
    );
    // Three turns of the game clock, with both countdowns running beside it.
    for (let turn = 0; turn < 3; turn += 1) {
      const shown = await clock.textContent();
      await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(shown);
    }
    await expect(respawns).toHaveCount(2);
    expect((await timersOf(page)).pendingMost, 'clock timeouts pending at once').toBe(1);
  });
}

// Runs in the page before React (as text): counts React's commits, through the hook its developer tools use
// (React calls it in production builds too).
const WATCH_COMMITS = `(() => {
  window.__sightlineCommits = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: () => {
      window.__sightlineCommits += 1;
    },
  };
})()`;

const commitsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sightlineCommits: number }).__sightlineCommits);

test('the status overlay turns its game clock three seconds without a React render', async ({ page }) => {
  test.setTimeout(60_000);
  const { app } = running();
  const url = app.overlayUrls.status;
  if (!url) throw new Error('serve printed no URL for the status overlay');
  await page.addInitScript(WATCH_COMMITS);
  await page.goto(url);
  await expect(page.getByTestId('game-clock')).toHaveAttribute('data-phase', 'in-game');
  const clock = page.getByTestId('game-clock-time');
  await expect(clock).toHaveText(/^\d\d:\d\d$/);

  // Polls that agree on the clock push this page nothing: what turns the clock is the page's ticker alone.
  const before = await commitsOf(page);
  for (let turn = 0; turn < 3; turn += 1) {
    const shown = await clock.textContent();
    await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(shown);
  }
  expect(await commitsOf(page), 'React commits while the clock turned three times').toBe(before);
});
