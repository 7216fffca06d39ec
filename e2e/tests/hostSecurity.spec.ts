import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MALFORMED_FRAMES, sendRawFrame } from '../../electron/core/tools/testkit/malformedWebSocketFrames';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';
import { hostRequest } from '../harness/hostRequest';

function status(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A POST to the command line's route, as `sightline` sends it (JSON, our own Host unless `headers` says otherwise). */
function cliRequest(
  port: number,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; body: string }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/cli/request',
        headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let received = '';
        res.on('data', (chunk: Buffer) => (received += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: received }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

test.describe('the browser host refuses what is not its own', () => {
  let stack: Stack;
  let foreign: Server;
  let foreignOrigin: string;

  test.beforeAll(async () => {
    stack = await startStack('full-game');
    // Another local site: stands in for any page the user might have open.
    foreign = createServer((_req, res) => res.end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
  });
  test.afterAll(async () => {
    foreign.close();
    await stopStack(stack);
  });

  test('a wrong or missing token is refused', async ({ page }) => {
    const wrong = new URL(stack.app.companionUrl);
    wrong.searchParams.set('token', 'not-the-token-0123456789');
    expect((await page.goto(wrong.href))?.status()).toBe(403);
    wrong.searchParams.delete('token');
    expect((await page.goto(wrong.href))?.status()).toBe(403);
  });

  test('a foreign Host (DNS rebinding) and a foreign Origin are refused', async () => {
    const { port, token } = stack.app;
    const path = `/?token=${token}`;
    expect(await status(port, path, { host: `127.0.0.1:${port}` })).toBe(200);
    expect(await status(port, path, { host: `attacker.example:${port}` })).toBe(421);
    expect(await status(port, path, { host: `127.0.0.1:${port}`, origin: 'http://attacker.example' })).toBe(
      403,
    );
  });

  test("another site's page cannot open the state socket, even knowing the token", async ({ page }) => {
    await page.goto(foreignOrigin);
    const opened = await page.evaluate(
      (url) =>
        new Promise<boolean>((resolve) => {
          const ws = new WebSocket(url);
          ws.onopen = () => resolve(true);
          ws.onerror = () => resolve(false);
        }),
      `ws://127.0.0.1:${stack.app.port}/ws?token=${stack.app.token}`,
    );
    expect(opened).toBe(false);
  });
});

test.describe('trust in the arena client', () => {
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await startStack('full-game');
  });
  test.afterAll(() => stopStack(stack));

  test('a certificate from an unknown CA is refused, and the app recovers when it is gone', async ({
    page,
  }) => {
    await page.goto(stack.app.companionUrl);
    await expect(page.getByTestId('source-live')).toHaveAttribute('data-state', 'connected');
    await stack.simulator.control.setFault('live', 'unknown-ca');
    await expect(page.getByTestId('source-live-status')).toHaveText('error: untrusted certificate');
    await stack.simulator.control.setFault('live', null);
    await expect(page.getByTestId('source-live')).toHaveAttribute('data-state', 'connected');
  });
});

test.describe('links: no token in cookies, read-only overlays, replaceable tokens, a host that survives bad frames', () => {
  let stack: Stack;
  let foreign: Server;
  let foreignCookies: string[];

  test.beforeAll(async () => {
    stack = await startStack('full-game');
    foreignCookies = [];
    // Another local server the same browser visits (a dev server, another tool).
    foreign = createServer((req, res) => {
      foreignCookies.push(req.headers.cookie ?? '');
      res.end('<!doctype html><title>elsewhere</title>');
    });
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  });
  test.afterAll(async () => {
    foreign.close();
    await stopStack(stack);
  });

  test('no Sightline token reaches another port of 127.0.0.1 through a cookie', async ({ page, context }) => {
    await page.goto(stack.app.companionUrl);
    await expect(page.getByTestId('source-live')).toHaveAttribute('data-state', 'connected');
    await page.goto(stack.app.overlayUrls.scoreboard ?? '');
    await expect(page.getByTestId('legal-footer')).toBeVisible();
    expect(await context.cookies()).toEqual([]);
    await page.goto(`http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`);
    // The page and whatever else the browser asks there (its favicon): none of them with a cookie.
    expect(foreignCookies.length).toBeGreaterThan(0);
    expect(new Set(foreignCookies)).toEqual(new Set(['']));
  });

  test('an overlay link can watch but not command', async ({ page }) => {
    const overlayUrl = stack.app.overlayUrls.status ?? '';
    expect(new URL(overlayUrl).searchParams.get('token')).not.toBe(stack.app.token);
    await page.goto(overlayUrl);
    await expect(page.getByTestId('game-clock')).toHaveAttribute('data-phase', 'in-game');
    for (const [channel, input] of [
      ['settings.update', { live: { pollIntervalMs: 5000 } }],
      ['webApi.key.set', { key: 'RGAPI-00000000-0000-0000-0000-000000000000' }],
      ['store.checkout.complete', {}],
      ['app.info', {}],
    ] as const) {
      expect(await hostRequest(page, channel, input), channel).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    }
  });

  test("the command line's route takes the companion token in its header, never an overlay's, never a page's request", async ({
    page,
  }) => {
    const { port, token } = stack.app;
    const overlayToken = new URL(stack.app.overlayUrls.status ?? '').searchParams.get('token') ?? '';
    const ask = (headers: Record<string, string>) =>
      cliRequest(port, headers, { channel: 'app.info', input: {} });
    expect(await ask({ authorization: `Bearer ${token}` })).toMatchObject({ status: 200, body: /"ok":true/ });
    expect(await ask({ authorization: `Bearer ${overlayToken}` })).toMatchObject({ status: 403 });
    expect(await ask({})).toMatchObject({ status: 403 });
    expect(await ask({ authorization: `Bearer ${token}`, host: `attacker.example:${port}` })).toMatchObject({
      status: 421,
    });
    // A page of the app's own origin that holds the companion token still cannot: the route is for no page.
    await page.goto(stack.app.companionUrl);
    const fromPage = await page.evaluate(
      async ({ token }) =>
        (
          await fetch('/cli/request', {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ channel: 'app.info', input: {} }),
          })
        ).status,
      { token },
    );
    expect(fromPage).toBe(403);
  });

  test('a companion page opened with an overlay link says it is one, and shows none of the app', async ({
    page,
  }) => {
    const overlayLink = new URL(stack.app.overlayUrls.status ?? '');
    overlayLink.pathname = '/store/checkout';
    await page.goto(overlayLink.href);
    await expect(page.getByTestId('overlay-link-page')).toContainText('This is an overlay link');
    await expect(page.getByTestId('cart-panel')).toHaveCount(0);
    await expect(page.getByTestId('legal-footer')).toBeVisible();
  });

  test('every malformed WebSocket frame costs only its own socket', async ({ page }) => {
    await page.goto(stack.app.companionUrl);
    const clock = page.getByTestId('game-clock-time');
    await expect(page.getByTestId('game-clock')).toHaveAttribute('data-phase', 'in-game');
    for (const [name, frame] of Object.entries(MALFORMED_FRAMES)) {
      await sendRawFrame(stack.app.port, `/ws?token=${stack.app.token}`, frame);
      expect(stack.app.process.exitCode, name).toBeNull();
      const before = await clock.textContent();
      await expect(clock, name).not.toHaveText(before ?? '');
    }
  });

  test('replacing the overlay links on Settings: the OBS page shows the new ones, the old ones stop', async ({
    page,
    browser,
  }) => {
    const oldOverlayUrl = stack.app.overlayUrls.status ?? '';
    const obs = await browser.newPage();
    await obs.goto(oldOverlayUrl);
    await expect(obs.getByTestId('game-clock')).toHaveAttribute('data-phase', 'in-game');

    await page.goto(stack.app.pageUrl('/settings'));
    await page.getByTestId('host-link-overlay-replace').click();
    await page.getByTestId('host-link-overlay-confirm').click();
    await expect(page.getByTestId('host-link-overlay')).toContainText('New overlay links');
    await expect(obs.getByTestId('link-replaced')).toBeVisible();
    expect((await obs.goto(oldOverlayUrl))?.status()).toBe(403);
    await obs.close();

    await page.goto(stack.app.pageUrl('/overlays'));
    const listed = (await page.getByTestId('overlay-status').locator('code').textContent()) ?? '';
    expect(listed).toContain('/overlay/status?token=');
    expect(listed).not.toBe(oldOverlayUrl);
    expect(new URL(listed).searchParams.get('token')).not.toBe(stack.app.token);
    await page.goto(listed);
    await expect(page.getByTestId('game-clock')).toHaveAttribute('data-phase', 'in-game');
  });

  test('replacing the companion link moves this page to the new one and refuses the old', async ({
    page,
  }) => {
    await page.goto(stack.app.pageUrl('/settings'));
    await page.getByTestId('host-link-companion-replace').click();
    await page.getByTestId('host-link-companion-confirm').click();
    await expect(page).not.toHaveURL(new RegExp(stack.app.token));
    await expect(page).toHaveURL(/\/settings\?token=/);
    await expect(page.getByTestId('host-links')).toBeVisible();
    expect((await page.goto(stack.app.companionUrl))?.status()).toBe(403);
  });
});
