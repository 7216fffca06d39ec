import { OVERLAY_ROUTES } from '../../shared/contract/overlays';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';

/**
 * Each overlay is an OBS source next to the game and the encoder: it loads its feature's entry (one script), never
 * the companion's pages, at most this much JavaScript once decoded, sent compressed.
 */
const MAX_OVERLAY_SCRIPT_BYTES = 300 * 1000;

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
      // Wait until nothing more is on its way: a script the page asked for later would count too.
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

    test(`${route.path} loads one script and the style sheets its page names, and nothing else of the build`, async ({
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
          .filter((path) => /\.(?:js|css)$/.test(path)),
      );
      await context.close();
      // One request per file on a fresh OBS source, over at most six connections: an arena overlay drew its first
      // value ~20 ms sooner from one script than from five (electron.vite.config.ts, overlayFeatureBundles).
      const scripts = [...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1]);
      const styles = [...html.matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map(
        (match) => match[1],
      );
      expect(scripts, html).toHaveLength(1);
      expect(styles.length, html).toBeGreaterThan(0);
      expect(html, html).not.toContain('modulepreload');
      expect([...new Set(loaded)].sort(), html).toEqual([...scripts, ...styles].sort());
    });
  }
});
