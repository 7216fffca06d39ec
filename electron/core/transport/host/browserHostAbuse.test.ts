import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerFrame } from '@shared/contract';
import { openRawWebSocket } from '../../tools/testkit/malformedWebSocketFrames';
import { waitFor } from '../../tools/testkit/waitFor';
import { MAX_BUFFERED_BYTES, type HostTimeouts } from './browserHost';
import { BAD_INPUTS, sendBadInputs } from '../../tools/testkit/host/badInputs';
import { get, nextFrames, nextPatch, openSocket, opened } from '../../tools/testkit/host/hostClients';
import {
  pushLargePatch,
  startTestHost,
  TEST_PUBLIC_ROUTE,
  TEST_TOKENS,
  type TestHost,
} from '../../tools/testkit/host/testHost';

const TOKEN = TEST_TOKENS.companion;

/** The real limits are seconds; these keep the same order (headers, then the whole request) in a short test. */
const SHORT_TIMEOUTS: HostTimeouts = { headersMs: 300, requestMs: 600, keepAliveMs: 300, checkEveryMs: 50 };

interface Trickled {
  /** The status line the host answered with, if any. */
  answer: string;
  closedAfterMs: number;
}

/** Sends `start`, then one `drip` every 50 ms and never finishes: what the host answers, and when it hangs up. */
function trickle(port: number, start: string, drip: string): Promise<Trickled> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let received = '';
    const dripping = setInterval(() => socket.write(drip), 50);
    socket.on('connect', () => socket.write(start));
    socket.on('data', (data: Buffer) => (received += data.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(dripping);
      resolve({ answer: received.split('\r\n')[0] ?? '', closedAfterMs: Date.now() - started });
    });
  });
}

const errorLines = (host: TestHost) => host.logLines.filter((line) => line.includes('"level":"error"'));

const openTcpSockets = () =>
  process.getActiveResourcesInfo().filter((resource) => resource === 'TCPSocketWrap').length;

describe('the browser host under abuse', () => {
  let running: TestHost | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('times out a client that trickles its request head or body, while pages and sockets are served', async () => {
    running = await startTestHost({ timeouts: SHORT_TIMEOUTS });
    const { port } = running.host;
    const page = openSocket(port, { token: TOKEN });
    await opened(page);

    const slowHead = trickle(
      port,
      `GET /?token=${TOKEN} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`,
      'X-Drip: 1\r\n',
    );
    const slowBody = trickle(
      port,
      `POST ${TEST_PUBLIC_ROUTE.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 60\r\n\r\n{`,
      ' ',
    );
    // Served while both are held.
    expect((await get(port, `/?token=${TOKEN}`)).status).toBe(200);

    const head = await slowHead;
    expect(head.answer).toBe('HTTP/1.1 408 Request Timeout');
    expect(head.closedAfterMs).toBeGreaterThanOrEqual(SHORT_TIMEOUTS.headersMs - 20);
    expect(head.closedAfterMs).toBeLessThan(SHORT_TIMEOUTS.requestMs + 2000);
    const body = await slowBody;
    expect(body.answer).toBe('HTTP/1.1 408 Request Timeout');
    expect(body.closedAfterMs).toBeGreaterThanOrEqual(SHORT_TIMEOUTS.requestMs - 20);
    expect(body.closedAfterMs).toBeLessThan(SHORT_TIMEOUTS.requestMs + 2000);

    // The socket opened before both outlived every timeout and still gets patches.
    const patch = nextPatch(page);
    running.hub.set('live', { ...running.hub.state.live, phase: 'loading' });
    expect(await patch).toMatchObject({ message: { ops: [{ path: ['live', 'phase'] }] } });
    expect(errorLines(running)).toEqual([]);
    page.close();
  });

  it('cuts off a page that stops reading once the host holds its bound, and the others get every patch', async () => {
    running = await startTestHost();
    const { hub, logLines } = running;
    const reader = openSocket(running.host.port, { token: TOKEN });
    await opened(reader);
    const seen: number[] = [];
    reader.on('message', (data) => {
      const frame = JSON.parse(String(data)) as ServerFrame;
      if (frame.type === 'state' && frame.message.kind === 'patch') seen.push(frame.message.seq);
    });
    const stalled = await openRawWebSocket(running.host.port, `/ws?token=${TOKEN}`); // handed over paused: never read

    const patchBytes = 256 * 1024;
    const dropped = () => logLines.find((line) => line.includes('host dropped a page that stopped reading'));
    const firstSeq = hub.sequence + 1;
    let pushedBytes = 0;
    // Kernel buffers take a few MiB before the host queues anything; 64 MiB is far past both.
    for (let round = 1; !dropped() && pushedBytes < 64 * 1024 * 1024; round += 1) {
      const delivered = nextPatch(reader);
      pushLargePatch(hub, round, patchBytes);
      pushedBytes += patchBytes;
      await delivered; // the reader has this patch before the next is pushed
    }
    const line = dropped();
    expect(line).toBeDefined();
    const bufferedBytes = Number((JSON.parse(line ?? '{}') as { bufferedBytes?: string }).bufferedBytes);
    expect(bufferedBytes).toBeGreaterThan(MAX_BUFFERED_BYTES);
    expect(bufferedBytes).toBeLessThan(MAX_BUFFERED_BYTES + 2 * patchBytes);

    // The stalled page got only what the OS had taken before the cut, then the end of the connection.
    let stalledBytes = 0;
    await new Promise<void>((resolve) => {
      stalled.on('data', (data: Buffer) => (stalledBytes += data.length));
      stalled.on('close', () => resolve());
      stalled.resume();
    });
    expect(stalledBytes).toBeLessThan(pushedBytes);

    // Every patch reached the reader, in order, and it keeps getting them.
    const more = nextPatch(reader);
    pushLargePatch(hub, 0, 16);
    await more;
    expect(seen).toEqual(Array.from({ length: hub.sequence - firstSeq + 1 }, (_, index) => firstSeq + index));
    expect(reader.readyState).toBe(reader.OPEN);
    reader.close();
  });

  it('refuses 1,000 malformed, oversize and unauthorised requests and frames, each as it should, and keeps serving', async () => {
    running = await startTestHost();
    const { port } = running.host;
    const socketsBefore = openTcpSockets();

    const report = await sendBadInputs(port, 1000);
    expect(BAD_INPUTS.length).toBeLessThan(1000); // so every kind is sent at least once
    expect(report.sent).toBe(1000);
    expect(report.failures).toEqual([]);
    expect(errorLines(running)).toEqual([]);

    // Still serving: a page, and a socket that gets its snapshot and then patches.
    expect((await get(port, `/?token=${TOKEN}`)).status).toBe(200);
    const page = openSocket(port, { token: TOKEN });
    const frames = nextFrames(page, 2);
    await opened(page);
    running.hub.set('live', { ...running.hub.state.live, phase: 'in-game' });
    const [snapshot, patch] = await frames;
    expect(snapshot).toMatchObject({ type: 'state', message: { kind: 'snapshot' } });
    expect(patch).toMatchObject({ type: 'state', message: { kind: 'patch' } });
    page.close();
    // No connection left behind on either side once the last page has gone.
    await waitFor(() => openTcpSockets() <= socketsBefore, 5000);
  });

  it('serves an image removed while 48 requests for it are in flight (a cache clear while OBS loads): each whole or 404, and keeps serving', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'sightline-assets-'));
    const image = join(folder, 'portrait.png');
    const bytes = 'P'.repeat(64 * 1024);
    running = await startTestHost({ assets: async () => ({ file: image, contentType: 'image/png' }) });
    const { port } = running.host;
    const escaped: unknown[] = [];
    const onEscape = (error: unknown): void => void escaped.push(error);
    process.on('uncaughtException', onEscape);
    try {
      const statuses = new Set<number>();
      for (let round = 0; round < 20; round += 1) {
        await writeFile(image, bytes);
        const answers = Array.from({ length: 48 }, () =>
          get(port, `/static-data/arena/portrait.png?token=${TOKEN}`).catch((error: Error) => error),
        );
        // Removed on the host's next turns, between its lookups of the file and its reads of it.
        for (let tick = 0; tick < round % 5; tick += 1) await new Promise((resolve) => setImmediate(resolve));
        await rm(image, { force: true });
        for (const answer of await Promise.all(answers)) {
          if (answer instanceof Error) throw answer;
          statuses.add(answer.status);
          expect([200, 404]).toContain(answer.status);
          if (answer.status === 200) expect(answer.body).toBe(bytes);
        }
      }
      expect(escaped).toEqual([]);
      expect(statuses).toContain(404);
      expect((await get(port, `/?token=${TOKEN}`)).status).toBe(200);
      expect(errorLines(running)).toEqual([]);
    } finally {
      process.off('uncaughtException', onEscape);
      await rm(folder, { recursive: true, force: true });
    }
  });
});
