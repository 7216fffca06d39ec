import { OVERLAY_ROUTES } from '../../shared/contract/overlays';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';

/**
 * An overlay draws as soon as its scripts have run: nothing holds its first commit back once the route's view has
 * loaded. (React holds a Suspense boundary's content back until 300 ms after its fallback showed, which was most
 * of an OBS source's time to its first value.) Measured on a reload, as OBS reloads a source: the route's chunks
 * come from the cache, so what is left between the entry's scripts running and the first draw is rendering.
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
