import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, startStack, stopStack, test, type Stack } from '../harness/fixtures';

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
