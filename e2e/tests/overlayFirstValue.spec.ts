import { OVERLAY_ROUTES } from '../../shared/contract/overlays';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';

/**
 * An overlay draws as soon as its script has run: nothing holds its first commit back. (React holds a Suspense
 * boundary's content back until 300 ms after its fallback showed, which was most of an OBS source's time to its
 * first value.) Measured on a reload, as OBS reloads a source: the route's script comes from the cache, so what is
 * left between it running and the first draw is rendering.
 */
const MAX_DRAW_AFTER_SCRIPTS_RAN_MS = 200;

// Runs in the page before its own scripts: when the overlay's root first holds an element.
const WATCH_FIRST_DRAW = `(() => {
  window.firstDrawAt = new Promise((resolve) => {
    new MutationObserver((_, observer) => {
      if (!document.getElementById('root')?.firstElementChild) return;
      observer.disconnect();
      resolve(performance.now());
    }).observe(document, { childList: true, subtree: true });
  });
})()`;

test.describe('an overlay’s first draw', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('full-game');
  });
  test.afterAll(() => stopStack(stack));

  for (const route of OVERLAY_ROUTES) {
    test(`${route.path} reloaded draws within ${MAX_DRAW_AFTER_SCRIPTS_RAN_MS} ms of its scripts running`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width: route.width, height: route.height } });
      const page = await context.newPage();
      await page.addInitScript(WATCH_FIRST_DRAW);
      await page.goto(stack.app.overlayUrls[route.name] ?? '');
      await page.evaluate('window.firstDrawAt');
      await page.reload();
      const drawnAt = Number(await page.evaluate('window.firstDrawAt'));
      // Module scripts run before DOMContentLoaded: the entry has opened its socket and asked for its view.
      const scriptsRanAt = await page.evaluate(
        () =>
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
            .domContentLoadedEventStart,
      );
      await context.close();
      test.info().annotations.push({
        type: 'first draw',
        description: `drawn at ${drawnAt.toFixed(0)} ms, scripts ran by ${scriptsRanAt.toFixed(0)} ms`,
      });
      expect(drawnAt - scriptsRanAt).toBeLessThanOrEqual(MAX_DRAW_AFTER_SCRIPTS_RAN_MS);
    });
  }
});

/** What shows each arena route drew the live game: its players, its events, the running clock. */
const LIVE_VALUE: Partial<Record<string, string>> = {
  status: '[data-testid="game-clock"][data-phase="in-game"]',
  scoreboard: '[data-testid="bar-player"]',
  feed: '[data-testid="feed-entry"]',
  arena: '[data-testid="bar-player"]',
};

test.describe('an overlay’s first value', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('full-game');
  });
  test.afterAll(() => stopStack(stack));

  for (const route of OVERLAY_ROUTES) {
    const selector = LIVE_VALUE[route.name];
    if (!selector) continue;
    test(`${route.path} draws the game from its page alone, before its socket says anything`, async ({
      browser,
    }) => {
      const url = stack.app.overlayUrls[route.name] ?? '';
      const live = await browser.newPage();
      await live.goto(url);
      await live.waitForSelector(selector);
      await live.close();
      const context = await browser.newContext({ viewport: { width: route.width, height: route.height } });
      // The page's socket opens but never hears from the host: all it can draw is what its page brought.
      await context.routeWebSocket(/\/ws/, () => undefined);
      const page = await context.newPage();
      await page.goto(url);
      await expect(page.locator(selector).first()).toBeAttached();
      await context.close();
    });
  }
});
