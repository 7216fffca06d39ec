import { expect, test } from '@playwright/test';
import { startRendererDevServer, type RendererDevServer } from '../devServer/rendererDevServer';

// `npm run dev` in Chromium: the pages from the renderer's dev server, as the desktop windows load them there.
let server: RendererDevServer | null = null;

test.beforeAll(async () => {
  server = await startRendererDevServer();
});

test.afterAll(async () => {
  await server?.close();
});

for (const [path, title] of [
  ['/overlay/status', 'Sightline overlay'],
  ['/panel/caster', 'Sightline'],
] as const) {
  test(`npm run dev: ${path} runs hot reload (Vite's client, React's refresh) and the pages' policy refuses nothing`, async ({
    page,
  }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const connected = page.waitForEvent('console', (message) => message.text().includes('[vite] connected'));
    await page.goto(`${server?.origin ?? ''}${path}`);
    await connected;
    // The route's own page, whose entry ran (a nested route resolves it from the root, not beside itself).
    await expect(page).toHaveTitle(title);
    await expect(page.locator('#root > *').first()).toBeAttached();
    const refresh = await page.evaluate(() => typeof (window as { $RefreshReg$?: unknown }).$RefreshReg$);
    expect(refresh).toBe('function');
    expect(refused).toEqual([]);
  });
}
