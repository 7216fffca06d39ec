import { OVERLAY_ROUTES } from '../../shared/contract/overlays';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';

/**
 * Each overlay is an OBS source next to the game and the encoder: it loads its own entry (overlay.html) and its
 * route's chunk, never the companion's pages, at most this much JavaScript once decoded, sent compressed.
 */
const MAX_OVERLAY_SCRIPT_BYTES = 300 * 1000;
/** Scripts an overlay route loads (see the test that counts them). */
const MAX_OVERLAY_SCRIPTS = 5;

interface ScriptLoad {
  name: string;
  decodedBodySize: number;
  encodedBodySize: number;
}

test.describe('the overlays’ bundles', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('full-game');
  });
  test.afterAll(() => stopStack(stack));

  for (const route of OVERLAY_ROUTES) {
    test(`${route.path} loads at most 300 KB of JavaScript, compressed, and none of the companion`, async ({
      browser,
    }) => {
      // A context of its own: nothing another route loaded is in its cache.
      const context = await browser.newContext({ viewport: { width: route.width, height: route.height } });
      const page = await context.newPage();
      await page.goto(stack.app.overlayUrls[route.name] ?? '');
      // The route's view is a chunk fetched once the entry runs: wait until nothing more is on its way.
      await page.waitForLoadState('networkidle');
      const scripts = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => {
            const { name, decodedBodySize, encodedBodySize } = entry as PerformanceResourceTiming;
            return { name: new URL(name).pathname, decodedBodySize, encodedBodySize };
          }),
      );
      await context.close();
      const total = scripts.reduce((sum, script: ScriptLoad) => sum + script.decodedBodySize, 0);
      const listing = scripts.map((script) => `${script.name} ${script.decodedBodySize} B`).join(', ');
      test.info().annotations.push({ type: 'javascript', description: `${total} B: ${listing}` });

      expect(total, listing).toBeLessThanOrEqual(MAX_OVERLAY_SCRIPT_BYTES);
      expect(
        scripts.some((script) => /\/assets\/overlay-[^/]+\.js$/.test(script.name)),
        listing,
      ).toBe(true);
      // The companion's entry (index-….js, its pages and their libraries) is never loaded by an overlay.
      expect(
        scripts.filter((script) => /\/assets\/index-[^/]+\.js$/.test(script.name)),
        listing,
      ).toEqual([]);
      // Sent compressed: every script crossed the wire smaller than it is.
      for (const script of scripts)
        expect(script.encodedBodySize, script.name).toBeLessThan(script.decodedBodySize);
    });

    test(`${route.path} names in its page every script it loads, and no other, at most five`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width: route.width, height: route.height } });
      const page = await context.newPage();
      const answer = await page.goto(stack.app.overlayUrls[route.name] ?? '');
      const html = (await answer?.text()) ?? '';
      await page.waitForLoadState('networkidle');
      const loaded = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.endsWith('.js')),
      );
      await context.close();
      // The entry's script and every chunk preloaded: fetched at once, none of them a round trip after another.
      const named = [
        ...html.matchAll(/<(?:script[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+\.js)"/g),
      ].map((match) => match[1]);
      expect(named.length, html).toBeGreaterThan(1);
      expect([...new Set(loaded)].sort(), html).toEqual([...new Set(named)].sort());
      // Its entry, rolldown's runtime, the overlay core, its view and (on the arena's routes) what those share
      // with the companion: a fresh OBS source asks a host over at most six connections at once, and a page of
      // twelve small scripts drew ~35 ms after one of a single script (electron/core/transport/host/overlayChunks.ts).
      expect(new Set(loaded).size, loaded.join(', ')).toBeLessThanOrEqual(MAX_OVERLAY_SCRIPTS);
    });
  }
});
