import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient, type HttpClient } from './httpClient';
import type { SharedPacingSchedule } from './sharedPacingSchedule';

// The pacer inside the one HTTP client, against a real server that notes when requests arrive.

const INTERVAL_MS = 1000;
// A GET of /slow/* is answered after 300 ms, a write at once; /free/* is not paced.
const policy = (url: URL): number | null => (url.pathname.startsWith('/free/') ? null : INTERVAL_MS);

let server: Server;
let base: string;
let arrivals: { path: string; method: string; at: number }[] = [];
let served = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    arrivals.push({
      path: `${url.pathname}${url.search}`,
      method: req.method ?? 'GET',
      at: performance.now(),
    });
    served += 1;
    const body = JSON.stringify({ served, method: req.method });
    req.resume();
    req.on('end', () =>
      setTimeout(() => res.end(body), url.pathname.startsWith('/slow/') && req.method === 'GET' ? 300 : 0),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

let http: HttpClient;
beforeEach(() => {
  arrivals = [];
  http?.close();
  http = createHttpClient({ pacing: policy });
});

const body = (outcome: Awaited<ReturnType<HttpClient['send']>>): unknown =>
  outcome.kind === 'ok' ? outcome.body : outcome.kind;
const at = (path: string, method = 'GET'): number[] =>
  arrivals
    .filter((arrival) => arrival.path === path && arrival.method === method)
    .map((arrival) => arrival.at);

describe('the request pacer', () => {
  it('sends one request for two watchers reading the same URL at once, and shares a recent answer', async () => {
    const [first, second] = await Promise.all([
      http.send({ url: `${base}/slow/playerlist` }),
      http.send({ url: `${base}/slow/playerlist` }),
    ]);
    expect(body(second)).toEqual(body(first));
    // A third watcher asking now would wait most of a second for the next slot: it gets that answer.
    expect(body(await http.send({ url: `${base}/slow/playerlist` }))).toEqual(body(first));
    expect(at('/slow/playerlist')).toHaveLength(1);
  });

  it('keeps other URLs of the same path a full interval after the last answer, and leaves unpaced paths alone', async () => {
    await http.send({ url: `${base}/slow/eventdata?eventID=0` });
    await Promise.all([
      http.send({ url: `${base}/slow/eventdata?eventID=3` }),
      http.send({ url: `${base}/free/thing` }),
      http.send({ url: `${base}/free/thing` }),
    ]);
    const [first = 0, second = 0] = arrivals
      .filter((arrival) => arrival.path.startsWith('/slow/eventdata'))
      .map((arrival) => arrival.at);
    expect(second - first).toBeGreaterThanOrEqual(INTERVAL_MS);
    expect(at('/free/thing')).toHaveLength(2);
  });

  it('sends a write at once, never shares an answer read before it, and keeps the next read an interval after it', async () => {
    await http.send({ url: `${base}/playback` });
    const write = await http.send({ method: 'POST', url: `${base}/playback`, json: { paused: true } });
    expect(body(write)).toMatchObject({ method: 'POST' });
    const read = await http.send({ url: `${base}/playback` });
    expect(body(read)).toMatchObject({
      method: 'GET',
      served: (body(write) as { served: number }).served + 1,
    });
    const [readAt = 0, nextReadAt = 0] = at('/playback');
    const [writeAt = 0] = at('/playback', 'POST');
    // Written without waiting for the read's slot (well inside the interval, unless the machine stalls).
    expect(writeAt - readAt).toBeLessThan(INTERVAL_MS);
    expect(nextReadAt - writeAt).toBeGreaterThanOrEqual(INTERVAL_MS);
  });

  it('never lets a reader after a write join a read that was on its way before it', async () => {
    const before = http.send({ url: `${base}/slow/render` });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const write = await http.send({ method: 'POST', url: `${base}/slow/render`, json: { fogOfWar: true } });
    const after = await http.send({ url: `${base}/slow/render` });
    const servedOf = (outcome: Awaited<typeof before>) => (body(outcome) as { served: number }).served;
    expect(servedOf(after)).toBeGreaterThan(servedOf(write));
    expect(servedOf(await before)).toBeLessThan(servedOf(write));
    expect(at('/slow/render')).toHaveLength(2);
  });

  it('answers a watcher that cancels at once, finishes the read for the others, and sends nothing nobody waits for', async () => {
    await http.send({ url: `${base}/slow/gamestats` });
    const leaving = new AbortController();
    const staying = new AbortController();
    const left = http.send({ url: `${base}/slow/gamestats?x=1`, signal: leaving.signal });
    const stayed = http.send({ url: `${base}/slow/gamestats?x=1`, signal: staying.signal });
    leaving.abort();
    expect((await left).kind).toBe('aborted');
    expect((await stayed).kind).toBe('ok');

    const gone = new AbortController();
    const waiting = http.send({ url: `${base}/slow/gamestats?x=2`, signal: gone.signal });
    gone.abort();
    expect((await waiting).kind).toBe('aborted');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(at('/slow/gamestats?x=2')).toHaveLength(0);
    expect(at('/slow/gamestats?x=1')).toHaveLength(1);
  });
});

describe('the request pacer beside other processes', () => {
  it('hands the answer to its watcher at once, and holds the lane until the other processes are told', async () => {
    let told = (): void => undefined;
    const telling: SharedPacingSchedule = {
      claim: () => Promise.resolve({ release: () => new Promise<void>((resolve) => (told = resolve)) }),
      otherAskers: () => Promise.resolve([]),
    };
    const shared = createHttpClient({ pacing: () => 0, sharedPacing: telling });
    try {
      // The files that tell the others are not written yet: the answer is here all the same.
      expect(body(await shared.send({ url: `${base}/fast/one` }))).toMatchObject({ method: 'GET' });
      // The next read of the path waits for them.
      let second = false;
      const next = shared.send({ url: `${base}/fast/one?again` }).then(() => (second = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(second).toBe(false);
      told();
      await next;
      expect(second).toBe(true);
    } finally {
      shared.close();
    }
  });
});
