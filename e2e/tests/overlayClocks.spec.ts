import type { Locator, Page } from '@playwright/test';
import {
  countPatches,
  expect,
  scenarioPath,
  type Stack,
  stackForTests,
  startStack,
  test,
} from '../harness/fixtures';
import { loadScenarioFile } from '../../electron/simulator/index';
import { commitsOf, WATCH_RENDERS } from '../harness/reactRenders';

/**
 * What the arena overlays' clocks cost a stream between polls: the game clock and every dead player's respawn
 * countdown tick on the page's one timer (createSecondTicker), not on a timer each.
 *
 * full-game.json in real time, from 1:28: Headshot (killed at 1:25) and Solstice (at 1:27) are both dead, so
 * the bar shows three running clocks.
 */

const running = stackForTests(async () => {
  const scenario = await loadScenarioFile(scenarioPath('full-game'));
  return startStack({ ...scenario, name: 'overlay-clocks' });
});

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

/** From the top (another test ran the game on), to 1:28: two players dead. */
async function toTwoDead(control: Stack['simulator']['control']): Promise<void> {
  await control.restart();
  for (let behind = 88; behind > 0.5; behind = 88 - control.state().live.gameTime)
    await control.advance(behind);
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
    await toTwoDead(simulator.control);
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

/** The scoreboard overlay on a 1920×1080 page at 1:28 of the game, two players dead. */
async function openScoreboardWithTwoDead(page: Page): Promise<void> {
  const { simulator, app } = running();
  const url = app.overlayUrls.scoreboard;
  if (!url) throw new Error('serve printed no URL for the scoreboard overlay');
  await toTwoDead(simulator.control);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(url);
  await expect(page.getByTestId('player-respawn')).toHaveCount(2);
}

/** Waits for the clock to show its next second. */
async function nextTurn(clock: Locator): Promise<void> {
  const shown = await clock.textContent();
  await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(shown);
}

test('the status overlay turns its game clock three seconds without a React render', async ({ page }) => {
  test.setTimeout(60_000);
  const { app } = running();
  const url = app.overlayUrls.status;
  if (!url) throw new Error('serve printed no URL for the status overlay');
  await page.addInitScript(WATCH_RENDERS);
  const patches = countPatches(page);
  await page.goto(url);
  await expect(page.getByTestId('game-clock')).toHaveAttribute('data-phase', 'in-game');
  const clock = page.getByTestId('game-clock-time');
  await expect(clock).toHaveText(/^\d\d:\d\d$/);

  await nextTurn(clock);
  // What turns the clock is the page's ticker alone: React commits only what the host pushed meanwhile (polls
  // that agree on the clock push this page nothing; one read late on a loaded machine may move its start).
  const [commitsBefore, patchesBefore] = [await commitsOf(page), patches()];
  for (let turn = 0; turn < 3; turn += 1) await nextTurn(clock);
  const [commits, pushed] = [(await commitsOf(page)) - commitsBefore, patches() - patchesBefore];
  expect(commits, `React commits while the clock turned three times (${pushed} patches)`).toBeLessThanOrEqual(
    pushed,
  );
});

interface Layer {
  layerId: string;
  backendNodeId?: number;
  drawsContent: boolean;
  paintCount: number;
}

/** The page's composited layers as the compositor last had them, through the DevTools protocol. */
async function watchLayers(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  let layers: Layer[] = [];
  cdp.on('LayerTree.layerTreeDidChange', (event: { layers?: Layer[] }) => {
    if (event.layers) layers = event.layers;
  });
  await cdp.send('DOM.enable');
  await cdp.send('LayerTree.enable');
  const backendNodeOf = async (selector: string): Promise<number> => {
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    return (await cdp.send('DOM.describeNode', { nodeId })).node.backendNodeId;
  };
  return { layers: () => layers, backendNodeOf };
}

test('a turn of the status overlay clock repaints its own layer only, not the page', async ({ page }) => {
  test.setTimeout(60_000);
  const url = running().app.overlayUrls.status;
  if (!url) throw new Error('serve printed no URL for the status overlay');
  await page.goto(url);
  const clock = page.getByTestId('game-clock-time');
  await expect(clock).toHaveText(/^\d\d:\d\d$/);
  const watch = await watchLayers(page);
  const clockNode = await watch.backendNodeOf('[data-testid="game-clock-time"]');
  await expect.poll(() => watch.layers().some((layer) => layer.backendNodeId === clockNode)).toBe(true);
  const paintsOf = () =>
    new Map(watch.layers().map((layer) => [layer.backendNodeId ?? layer.layerId, layer.paintCount]));

  await nextTurn(clock);
  // Polls that agree on the clock push this page nothing: only the clock changes.
  const before = paintsOf();
  for (let turn = 0; turn < 3; turn += 1) await nextTurn(clock);
  const after = paintsOf();
  const repainted = [...after].filter(([layer, paints]) => paints !== (before.get(layer) ?? 0));
  expect(repainted.map(([layer]) => layer)).toEqual([clockNode]);
});

test('the scoreboard overlay draws its game clock and each respawn countdown on a layer of its own', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openScoreboardWithTwoDead(page);
  const watch = await watchLayers(page);
  for (const selector of ['[data-testid="live-clock"]', '[data-testid="player-respawn"]']) {
    const node = await watch.backendNodeOf(selector);
    await expect
      .poll(() => watch.layers().some((layer) => layer.backendNodeId === node), { message: selector })
      .toBe(true);
  }
});

/** The objects each layout of the page laid out while `during` ran, through the DevTools protocol's trace. */
async function layoutsDuring(page: Page, during: () => Promise<void>): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page);
  const objects: number[] = [];
  cdp.on('Tracing.dataCollected', ({ value }: { value: Record<string, unknown>[] }) => {
    for (const event of value) {
      const begin = (event.args as { beginData?: { totalObjects?: number } } | undefined)?.beginData;
      if (event.name === 'Layout' && event.ph === 'X' && begin?.totalObjects !== undefined)
        objects.push(begin.totalObjects);
    }
  });
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
  await during();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return objects;
}

test('five turns of the scoreboard overlay clock and countdowns lay out their own boxes, not the bar', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const patches = countPatches(page);
  await openScoreboardWithTwoDead(page);
  const clock = page.getByTestId('live-clock');
  await nextTurn(clock);
  const barObjects = await page.evaluate(
    () => document.querySelectorAll('[data-testid="score-bar"] *').length,
  );

  const patchesBefore = patches();
  const layouts = await layoutsDuring(page, async () => {
    for (let turn = 0; turn < 5; turn += 1) await nextTurn(clock);
  });
  // A turn lays out the clock's box (a handful of objects); only what the host pushed meanwhile may lay out more.
  const wide = layouts.filter((objects) => objects > 20);
  expect(layouts.length, 'layouts while the clock turned five times').toBeGreaterThanOrEqual(5);
  expect(barObjects).toBeGreaterThan(100);
  expect(wide.length, `layouts of the bar (${layouts.join(', ')} objects)`).toBeLessThanOrEqual(
    patches() - patchesBefore,
  );
});
