import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpOutcome, HttpRequest } from './httpExchange';
import { createRequestPacer, type PacedTransport } from './requestPacer';

// The pacer when the game client hangs and then answers again (e2e liveFaults › hang), on fake timers: a
// client that accepts requests and never answers them while it hangs, and a deadline as the HTTP client has.

const INTERVAL_MS = 1000;
const TIMEOUT_MS = 2000;
const PLAYERS = new URL('https://127.0.0.1:2999/liveclientdata/playerlist');

/** A game client on the wire: while `hanging`, a request it receives is never answered (it times out). */
function fakeClient() {
  const received: number[] = [];
  let hanging = false;
  const transport: PacedTransport = (request: HttpRequest, answered) =>
    new Promise<HttpOutcome>((resolve) => {
      received.push(Date.now());
      const timer = setTimeout(() => resolve({ kind: 'timeout' }), request.timeoutMs ?? TIMEOUT_MS);
      request.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve({ kind: 'aborted' });
      });
      if (hanging) return;
      setTimeout(() => {
        clearTimeout(timer);
        answered();
        resolve({ kind: 'ok', status: 200, headers: {}, body: { at: Date.now() } });
      }, 10);
    });
  return {
    transport,
    received,
    hang: (on: boolean) => {
      hanging = on;
    },
  };
}

describe('the request pacer after the client hung', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives a watcher joining a read sent while the client hung its own request, not that read’s timeout', async () => {
    const client = fakeClient();
    const pacer = createRequestPacer({ now: () => Date.now() });
    const send = () =>
      pacer.send({ url: PLAYERS.href, timeoutMs: TIMEOUT_MS }, PLAYERS, INTERVAL_MS, client.transport);

    // The replay watcher reads the player list while the client hangs.
    client.hang(true);
    const replayRead = send();
    await vi.advanceTimersByTimeAsync(1500);
    // The client answers again; a moment later the live watcher asks the same URL.
    client.hang(false);
    await vi.advanceTimersByTimeAsync(100);
    const liveRead = send();
    const clearedAt = Date.now();

    let liveOutcome: HttpOutcome | null = null;
    void liveRead.then((outcome) => (liveOutcome = outcome));
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS + INTERVAL_MS + 100);

    // The read sent during the hang times out for the one who sent it...
    expect((await replayRead).kind).toBe('timeout');
    // ...but the live watcher's answer is the client's, from a request it received after it answered again,
    // an interval after the hung one was given up: the client's rate holds.
    expect(liveOutcome).toMatchObject({ kind: 'ok' });
    expect(client.received).toHaveLength(2);
    const [hungAt = 0, askedAgainAt = 0] = client.received;
    expect(askedAgainAt).toBeGreaterThan(clearedAt);
    expect(askedAgainAt - (hungAt + TIMEOUT_MS)).toBeGreaterThanOrEqual(INTERVAL_MS);
  });

  it('still shares the timeout with a watcher that asked before the read went out', async () => {
    const client = fakeClient();
    const pacer = createRequestPacer({ now: () => Date.now() });
    const send = () =>
      pacer.send({ url: PLAYERS.href, timeoutMs: TIMEOUT_MS }, PLAYERS, INTERVAL_MS, client.transport);

    client.hang(true);
    const reads = Promise.all([send(), send()]);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS + 100);
    expect((await reads).map((outcome) => outcome.kind)).toEqual(['timeout', 'timeout']);
    expect(client.received).toHaveLength(1);
  });

  it('lets a joining watcher that cancels while it waits for its own turn go at once, sending nothing', async () => {
    const client = fakeClient();
    const pacer = createRequestPacer({ now: () => Date.now() });
    client.hang(true);
    const replayRead = pacer.send(
      { url: PLAYERS.href, timeoutMs: TIMEOUT_MS },
      PLAYERS,
      INTERVAL_MS,
      client.transport,
    );
    await vi.advanceTimersByTimeAsync(500);
    const leaving = new AbortController();
    const liveRead = pacer.send(
      { url: PLAYERS.href, timeoutMs: TIMEOUT_MS, signal: leaving.signal },
      PLAYERS,
      INTERVAL_MS,
      client.transport,
    );
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    leaving.abort();
    await vi.advanceTimersByTimeAsync(INTERVAL_MS * 2);
    expect((await replayRead).kind).toBe('timeout');
    expect((await liveRead).kind).toBe('aborted');
    expect(client.received).toHaveLength(1);
  });
});
