import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { deliverCallback, type CallbackDelivery } from './tournamentCallbackSender';

let server: Server | null = null;
afterEach(() => server?.close());

describe('the simulator’s callback sender', () => {
  it('waits as long as a 429’s Retry-After says before it tries again', async () => {
    const seen: number[] = [];
    server = createServer((request, response) => {
      request.resume();
      seen.push(Date.now());
      if (seen.length === 1) response.writeHead(429, { 'retry-after': '1' }).end('slow down');
      else response.writeHead(200).end('recorded');
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = address !== null && typeof address === 'object' ? address.port : 0;
    const log: CallbackDelivery[] = [];
    const status = await deliverCallback(
      { now: Date.now, retryMs: 10, maxAttempts: 5, log: (delivery) => log.push(delivery) },
      { url: `http://127.0.0.1:${port}/tournament/callback`, code: 'NA-1', kind: 'result' },
      { shortCode: 'NA-1' },
    );
    expect(status).toBe(200);
    expect(log.map((delivery) => delivery.status)).toEqual([429, 200]);
    expect((seen[1] ?? 0) - (seen[0] ?? 0)).toBeGreaterThanOrEqual(950);
  });
});
