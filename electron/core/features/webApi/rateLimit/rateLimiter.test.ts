import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FixedWindowLimit } from '../../../../simulator/webApi/fixedWindowLimit';
import { createFakeScheduler, type FakeScheduler } from '../../../tools/testkit/fakeScheduler';
import { parseRateLedger } from './rateLedger';
import { parseCountList, parseLimitList, readRateLimitHeaders } from './rateLimitHeaders';
import {
  createRateLimiter,
  RateLimitWaitTooLongError,
  RequestCancelledError,
  windowMarginFor,
  type Permit,
  type RateLimiter,
  type RateTarget,
} from './rateLimiter';

const MATCH: RateTarget = { routing: 'europe', method: 'match-v5.match', label: 'match lookups' };
const IDS: RateTarget = { routing: 'europe', method: 'match-v5.idsByPuuid', label: 'match lists' };
const AMERICAS: RateTarget = { routing: 'americas', method: 'match-v5.match', label: 'match lookups' };

const limits = (
  app: string,
  method = '1000:10',
  appCount = '1:1',
  methodCount = '1:10',
): IncomingHttpHeaders => ({
  'x-app-rate-limit': app,
  'x-app-rate-limit-count': appCount,
  'x-method-rate-limit': method,
  'x-method-rate-limit-count': methodCount,
});
const ok = (headers: IncomingHttpHeaders) => ({ status: 200, headers, backoffMs: 1000 });

/** A flat margin, for the tests that count a window's edge in whole milliseconds. */
const WINDOW_MARGIN_MS = 5;

function setup(options: { margin?: number } = {}) {
  const clock = createFakeScheduler();
  const limiter = createRateLimiter({
    scheduler: clock.scheduler,
    windowMarginMs: options.margin ?? 0,
    retryAfterMarginMs: 0,
  });
  const granted: Array<{ target: RateTarget; at: number; permit: Permit }> = [];
  const request = (target: RateTarget, signal?: AbortSignal) =>
    limiter.acquire(target, signal).then((permit) => {
      granted.push({ target, at: clock.now, permit });
      return permit;
    });
  return { clock, limiter, granted, request };
}

/**
 * The web API's count of one key's calls as the simulator keeps it (fixed windows, a refused call not counted), on
 * the server's clock `now`: each call that arrives is counted, or refused when a window is full.
 */
function serverCount(spec: string, now: () => number) {
  const limit = new FixedWindowLimit(spec, now);
  let refused = 0;
  return {
    spec,
    /** The counts header the answer carries. */
    arrive(): string {
      if (limit.blockedFor() > 0) refused += 1;
      else limit.count();
      return limit.countsHeader();
    },
    refused: () => refused,
  };
}

/**
 * `count` calls through `limiter` to `server`, each taking `trip()` ms to arrive and as long to come back with the
 * server's limits and counts.
 */
function callsThrough(
  limiter: RateLimiter,
  clock: FakeScheduler,
  server: ReturnType<typeof serverCount>,
  count: number,
  trip: () => number,
): Promise<void>[] {
  return Array.from({ length: count }, () =>
    limiter.acquire(MATCH).then(
      (permit) =>
        new Promise<void>((resolve) => {
          clock.scheduler.setTimeout(() => {
            const counts = server.arrive();
            clock.scheduler.setTimeout(() => {
              permit.settle(ok(limits(server.spec, '1000:10', counts)));
              resolve();
            }, trip());
          }, trip());
        }),
    ),
  );
}

describe('rate-limit headers', () => {
  it('reads limit lists, count lists, the limit type and Retry-After', () => {
    expect(parseLimitList('20:1,100:120')).toEqual([
      { limit: 20, windowMs: 1000 },
      { limit: 100, windowMs: 120_000 },
    ]);
    expect(parseCountList('1:1,57:120')).toEqual(
      new Map([
        [1000, 1],
        [120_000, 57],
      ]),
    );
    expect(parseLimitList('20:1,oops')).toBeNull();
    expect(parseLimitList('0:1')).toBeNull();
    // Numbers no limit holds are malformed: the old limits stay.
    for (const text of [
      `${'9'.repeat(400)}:1`,
      `20:${'9'.repeat(20)}`,
      '1e308:1',
      '-1:1',
      '20:-1',
      'NaN:1',
      '0x14:1',
    ]) {
      expect(parseLimitList(text), text).toBeNull();
      expect(parseCountList(text), text).toBeNull();
    }
    expect(parseCountList('200000000:1,1:120')?.get(1000)).toBe(200_000_000);
    expect(parseLimitList(undefined)).toBeNull();
    const headers = readRateLimitHeaders({ 'x-rate-limit-type': 'Method', 'retry-after': '2' }, 0);
    expect(headers.type).toBe('method');
    expect(headers.retryAfterMs).toBe(2000);
    expect(headers.appLimits).toBeNull();
  });
});

describe('rate limiter', () => {
  it('sends one probe before it knows the limits, then follows the headers', async () => {
    const { clock, granted, request } = setup();
    const first = request(MATCH);
    const rest = Array.from({ length: 5 }, () =>
      request(MATCH).then((permit) => permit.settle(ok(limits('3:1,100:10')))),
    );
    await clock.settle();
    expect(granted).toHaveLength(1);
    (await first).settle(ok(limits('3:1,100:10')));
    await clock.settle();
    // The probe counts: two more fit in the first second.
    expect(granted).toHaveLength(3);
    await clock.advance(999);
    expect(granted).toHaveLength(3);
    await clock.advance(1);
    expect(granted).toHaveLength(6);
    await Promise.all(rest);
  });

  it('sends the next call 1.2 ms after a full 1 s window ends and 25 ms after a 2-minute one, counted from the answer', async () => {
    for (const { header, windowMs, marginMs } of [
      { header: '1:1,100:10', windowMs: 1000, marginMs: 1.2 },
      { header: '1:120', windowMs: 120_000, marginMs: 25 },
    ]) {
      expect(windowMarginFor(windowMs)).toBeCloseTo(marginMs, 9);
      const clock = createFakeScheduler();
      const limiter = createRateLimiter({ scheduler: clock.scheduler });
      const start = clock.now;
      const granted: number[] = [];
      const request = () =>
        limiter.acquire(MATCH).then((permit) => {
          granted.push(clock.now - start);
          return permit;
        });
      const first = request();
      await clock.advance(30);
      // Answered 30 ms after it went: the server counted it somewhere in between.
      (await first).settle(ok(limits(header)));
      const next = request();
      await clock.advance(windowMs + marginMs - 0.1);
      expect(granted).toEqual([0]);
      await clock.advance(0.1);
      expect(granted).toHaveLength(2);
      expect(granted[1]).toBeCloseTo(30 + windowMs + marginMs, 3);
      await next;
    }
  });

  it("sends a full window's calls again together, when the call that opened it at the server leaves", async () => {
    const { clock, granted, request } = setup({ margin: WINDOW_MARGIN_MS });
    const start = clock.now;
    const answer = (permit: Permit, count: number) =>
      permit.settle(ok(limits('5:1', '1000:10', `${count}:1`)));
    const opener = request(MATCH);
    const window = Array.from({ length: 4 }, () => request(MATCH));
    await clock.advance(10);
    // The server counted it first in its window: the window started between its grant (0) and its answer (10).
    answer(await opener, 1);
    // The other four went then and were answered one after another, as a loaded server answers a burst.
    for (const [index, permit] of (await Promise.all(window)).entries()) {
      await clock.advance(20);
      answer(permit, index + 2);
    }
    const next = Array.from({ length: 5 }, () => request(MATCH));
    await clock.advance(start + 1010 + WINDOW_MARGIN_MS - 1 - clock.now);
    expect(granted).toHaveLength(5);
    await clock.advance(1);
    // All five at the window's end (its opener's answer + the window + the margin), not each a window after
    // its own answer (1030, 1050, 1070, 1090 + the margin): the first of a new window no later than its edge.
    expect(granted.slice(5).map((entry) => entry.at - start)).toEqual(Array(5).fill(1010 + WINDOW_MARGIN_MS));
    for (const permit of await Promise.all(next)) answer(permit, 1);
  });

  it('sends the first call of a new window ahead of a longer queue, so a burst of answers does not delay its window', async () => {
    const { clock, granted, limiter } = setup({ margin: WINDOW_MARGIN_MS });
    const start = clock.now;
    // A fixed-window server (5 a second) that answers the calls reaching it together all at once, after 2 ms
    // and 4 ms per call, as a busy server (or the bench's, in the same process) answers a burst.
    let window = { start: -Infinity, count: 0 };
    let batch: Array<{ permit: Permit; count: number }> = [];
    const arrive = (permit: Permit): void => {
      if (clock.now >= window.start + 1000) window = { start: clock.now, count: 0 };
      window.count += 1;
      batch.push({ permit, count: window.count });
      if (batch.length > 1) return;
      clock.scheduler.setTimeout(() => {
        const answered = batch;
        batch = [];
        clock.scheduler.setTimeout(
          () =>
            answered.forEach(({ permit: sent, count }) =>
              sent.settle(ok(limits('5:1', '1000:10', `${count}:1`))),
            ),
          2 + 4 * answered.length,
        );
      }, 0);
    };
    const calls = Array.from({ length: 21 }, () =>
      limiter.acquire(MATCH).then((permit) => {
        granted.push({ target: MATCH, at: clock.now, permit });
        arrive(permit);
      }),
    );
    await clock.advance(10_000);
    await Promise.all(calls);
    const at = granted.map((entry) => entry.at - start);
    // The probe opened the first window and was answered alone (6 ms); every later window opens with one call
    // answered alone, a window + the margin after the last opener's answer, and its other four go on that answer.
    const opener = (index: number) => index * (1000 + WINDOW_MARGIN_MS + 6);
    expect(at).toEqual([
      0,
      ...Array<number>(4).fill(6),
      ...[1, 2, 3].flatMap((index) => [opener(index), ...Array<number>(4).fill(opener(index) + 6)]),
      opener(4),
    ]);
  });

  it('lets a call answered after its window could have ended leave on its own answer, not with the opener', async () => {
    const { clock, granted, request } = setup({ margin: WINDOW_MARGIN_MS });
    const start = clock.now;
    const answer = (permit: Permit, count: number) =>
      permit.settle(ok(limits('2:1', '1000:10', `${count}:1`)));
    const opener = request(MATCH);
    const slow = request(MATCH);
    await clock.advance(10);
    answer(await opener, 1);
    // Answered at 1005, past the opener's grant + the window: it may have come in the server's next window.
    await clock.advance(995);
    answer(await slow, 2);
    const later = [request(MATCH), request(MATCH)];
    await clock.advance(start + 1010 + WINDOW_MARGIN_MS - clock.now);
    expect(granted.slice(2).map((entry) => entry.at - start)).toEqual([1010 + WINDOW_MARGIN_MS]);
    await clock.advance(start + 2005 + WINDOW_MARGIN_MS - 1 - clock.now);
    expect(granted).toHaveLength(3);
    await clock.advance(1);
    expect(granted.slice(2).map((entry) => entry.at - start)).toEqual([
      1010 + WINDOW_MARGIN_MS,
      2005 + WINDOW_MARGIN_MS,
    ]);
    for (const permit of await Promise.all(later)) answer(permit, 1);
  });

  it("runs a call's window from when its answer's head came, not from when its body was read", async () => {
    const { clock, granted, request } = setup();
    const start = clock.now;
    const first = request(MATCH);
    await clock.advance(30);
    const headAt = clock.now;
    // The body took 400 ms more to arrive and parse on a busy machine: the server counted the call long before.
    await clock.advance(400);
    (await first).settle({ ...ok(limits('1:1,100:10')), answeredAt: headAt });
    const next = request(MATCH);
    await clock.advance(headAt + 999 - clock.now);
    expect(granted).toHaveLength(1);
    await clock.advance(1);
    expect(granted.map((entry) => entry.at - start)).toEqual([0, 1030]);
    await next;
  });

  it('counts a call until its answer is back, however long that takes', async () => {
    const { clock, granted, request } = setup();
    (await request(MATCH)).settle(ok(limits('1:1,100:10')));
    const slow = request(MATCH);
    await clock.advance(1000);
    const third = request(MATCH);
    await clock.advance(5000);
    // The slow call may still land in the server's window: nothing else goes while it is out.
    expect(granted).toHaveLength(2);
    (await slow).settle(ok(limits('1:1,100:10')));
    await clock.advance(999);
    expect(granted).toHaveLength(2);
    await clock.advance(1);
    expect(granted).toHaveLength(3);
    await third;
  });

  it('rebuilds a bucket when the limit header changes, keeping what was sent', async () => {
    const { clock, granted, request } = setup();
    (await request(MATCH)).settle(ok(limits('10:1,100:10')));
    const more = Array.from({ length: 9 }, () => request(MATCH));
    await clock.settle();
    expect(granted).toHaveLength(10);
    for (const permit of await Promise.all(more)) permit.settle(ok(limits('4:1,100:10')));
    Array.from({ length: 10 }, () =>
      request(MATCH).then((permit) => permit.settle(ok(limits('4:1,100:10')))),
    );
    await clock.advance(1000);
    // Ten were sent in the first second; under 4:1 only four go in the next.
    expect(granted).toHaveLength(14);
    await clock.advance(1000);
    expect(granted).toHaveLength(18);
  });

  it('keeps its counts in step with the -Count headers when others use the key', async () => {
    const { clock, granted, request } = setup();
    (await request(MATCH)).settle(ok(limits('20:1,10:10', '1000:10', '1:1,8:10')));
    Array.from({ length: 5 }, () => request(MATCH));
    await clock.settle();
    // The server counted 8 of 10 for the 10 s window: two more, not nine.
    expect(granted).toHaveLength(3);
    await clock.advance(9_999);
    expect(granted).toHaveLength(3);
    await clock.advance(1);
    expect(granted).toHaveLength(6);
  });

  it('takes an absurd count (200000000:1) as a full window, at the cost of one entry, and goes on when it frees', async () => {
    const { clock, granted, request } = setup();
    const started = performance.now();
    (await request(MATCH)).settle(ok(limits('20:1,100:120', '1000:10', '200000000:1,1:120', '1:10')));
    const next = Array.from({ length: 3 }, () => request(MATCH));
    await clock.advance(999);
    expect(granted).toHaveLength(1);
    await clock.advance(1);
    await Promise.all(next);
    expect(granted).toHaveLength(4);

    // Both windows told full: the calls wait for the longer one.
    (await request(AMERICAS)).settle(ok(limits('20:1,100:120', '1000:10', '200000000:1,200000000:120')));
    const later = request(AMERICAS);
    await clock.advance(119_999);
    expect(granted).toHaveLength(5);
    await clock.advance(1);
    await later;
    expect(granted).toHaveLength(6);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('pauses the app bucket of that routing value on an application 429', async () => {
    const { clock, limiter, granted, request } = setup();
    (await request(MATCH)).settle(ok(limits('100:1')));
    (await request(IDS)).settle(ok(limits('100:1')));
    const limited = await request(MATCH);
    limited.settle({
      status: 429,
      headers: { ...limits('100:1'), 'x-rate-limit-type': 'application', 'retry-after': '4' },
      backoffMs: 1000,
    });
    expect(limiter.pauses()).toEqual([
      expect.objectContaining({ scope: 'application', routing: 'europe', until: clock.now + 4000 }),
    ]);
    const before = granted.length;
    void request(IDS);
    void request(AMERICAS);
    await clock.settle();
    // Another host is not paused; every method on this one is.
    expect(granted.slice(before).map((entry) => entry.target)).toEqual([AMERICAS]);
    await clock.advance(4000);
    expect(granted.slice(before).map((entry) => entry.target)).toEqual([AMERICAS, IDS]);
    expect(limiter.pauses()).toEqual([]);
  });

  it('carries on from the ledger of another limiter: its calls count in the windows and its pauses hold', async () => {
    const { clock, limiter, request } = setup();
    for (let call = 0; call < 3; call += 1) (await request(MATCH)).settle(ok(limits('3:1')));
    const limited = await request(AMERICAS);
    limited.settle({
      status: 429,
      headers: { ...limits('3:1'), 'x-rate-limit-type': 'application', 'retry-after': '4' },
      backoffMs: 1000,
    });
    // Through plain JSON, as the ledger file carries it.
    const ledger = parseRateLedger(JSON.stringify(limiter.ledger()));
    expect(ledger).not.toBeNull();

    const other = setup();
    await other.clock.advance(clock.now - other.clock.now);
    if (ledger) other.limiter.adopt(ledger);
    expect(other.limiter.pauses()).toEqual([
      expect.objectContaining({ scope: 'application', routing: 'americas', until: clock.now + 4000 }),
    ]);
    void other.request(MATCH);
    void other.request(AMERICAS);
    await other.clock.settle();
    // europe's window is full of the first limiter's calls, americas is paused: nothing goes yet.
    expect(other.granted).toEqual([]);
    await other.clock.advance(1000);
    expect(other.granted.map((entry) => entry.target)).toEqual([MATCH]);
    await other.clock.advance(3000);
    expect(other.granted.map((entry) => entry.target)).toEqual([MATCH, AMERICAS]);
  });

  it('pauses the app bucket, not one method, on an application 429 without Retry-After', async () => {
    const { clock, limiter, granted, request } = setup();
    (await request(MATCH)).settle(ok(limits('100:1')));
    (await request(IDS)).settle(ok(limits('100:1')));
    (await request(MATCH)).settle({
      status: 429,
      headers: { ...limits('100:1'), 'x-rate-limit-type': 'application' },
      backoffMs: 3000,
    });
    expect(limiter.pauses()).toEqual([
      expect.objectContaining({ scope: 'application', routing: 'europe', until: clock.now + 3000 }),
    ]);
    const before = granted.length;
    void request(IDS);
    void request(AMERICAS);
    await clock.settle();
    // The other method on this host waits too; another host does not.
    expect(granted.slice(before).map((entry) => entry.target)).toEqual([AMERICAS]);
    await clock.advance(2999);
    expect(granted.slice(before).map((entry) => entry.target)).toEqual([AMERICAS]);
    await clock.advance(1);
    expect(granted.slice(before).map((entry) => entry.target)).toEqual([AMERICAS, IDS]);
  });

  it('pauses only that method on a method or service 429', async () => {
    const { clock, granted, request } = setup();
    (await request(MATCH)).settle(ok(limits('100:1')));
    (await request(IDS)).settle(ok(limits('100:1')));
    (await request(MATCH)).settle({
      status: 429,
      headers: { 'x-rate-limit-type': 'service', 'retry-after': '2' },
      backoffMs: 1000,
    });
    const before = granted.length;
    void request(MATCH);
    void request(IDS);
    await clock.settle();
    expect(granted.slice(before).map((entry) => entry.target)).toEqual([IDS]);
    await clock.advance(2000);
    expect(granted.slice(before).map((entry) => entry.target)).toEqual([IDS, MATCH]);
  });

  it('backs off for the given time on a 429 without rate-limit headers', async () => {
    const { clock, limiter, granted, request } = setup();
    (await request(MATCH)).settle(ok(limits('100:1')));
    (await request(MATCH)).settle({ status: 429, headers: {}, backoffMs: 2000 });
    expect(limiter.pauses()[0]?.scope).toBe('backoff');
    const before = granted.length;
    void request(MATCH);
    await clock.advance(1999);
    expect(granted.length).toBe(before);
    await clock.advance(1);
    expect(granted.length).toBe(before + 1);
  });

  it('on a 429 with Retry-After but no limit type, backs off and waits at least Retry-After', async () => {
    const { clock, limiter, granted, request } = setup();
    (await request(MATCH)).settle(ok(limits('100:1')));
    // A short Retry-After does not cut the backoff short.
    (await request(MATCH)).settle({ status: 429, headers: { 'retry-after': '1' }, backoffMs: 4000 });
    expect(limiter.pauses()).toEqual([
      expect.objectContaining({ scope: 'backoff', until: clock.now + 4000 }),
    ]);
    let before = granted.length;
    const next = request(MATCH);
    await clock.advance(3999);
    expect(granted.length).toBe(before);
    await clock.advance(1);
    expect(granted.length).toBe(before + 1);

    // A long one is honoured in full.
    (await next).settle({ status: 429, headers: { 'retry-after': '6' }, backoffMs: 1000 });
    expect(limiter.pauses()).toEqual([
      expect.objectContaining({ scope: 'backoff', until: clock.now + 6000 }),
    ]);
    before = granted.length;
    void request(MATCH);
    await clock.advance(5999);
    expect(granted.length).toBe(before);
    await clock.advance(1);
    expect(granted.length).toBe(before + 1);
  });

  it('tells listeners a pause has ended when the queue sees it first, before the pause timer runs', async () => {
    // A clock whose timers never fire: only the queue can notice the end.
    let now = 0;
    const limiter = createRateLimiter({
      scheduler: { now: () => now, setTimeout: () => 0, clearTimeout: () => undefined },
      windowMarginMs: 0,
      retryAfterMarginMs: 0,
    });
    const heard: number[] = [];
    limiter.onChange(() => heard.push(limiter.pauses().length));
    (await limiter.acquire(MATCH)).settle(ok(limits('100:1')));
    (await limiter.acquire(MATCH)).settle({
      status: 429,
      headers: { 'x-rate-limit-type': 'service', 'retry-after': '1' },
      backoffMs: 1000,
    });
    expect(heard).toEqual([1]);
    now += 1000;
    await limiter.acquire(MATCH);
    expect(heard).toEqual([1, 0]);
    expect(limiter.pauses()).toEqual([]);
  });

  it('keeps a timer for a pause only while someone listens, so a pause of days does not keep a process alive', async () => {
    const { clock, limiter, request } = setup();
    (await request(MATCH)).settle(ok(limits('100:1')));
    const heard: number[] = [];
    const stopListening = limiter.onChange(() => heard.push(limiter.pauses().length));
    (await request(MATCH)).settle({
      status: 429,
      headers: { 'x-rate-limit-type': 'service', 'retry-after': '99999999999' },
      backoffMs: 1000,
    });
    expect(heard).toEqual([1]);
    expect(clock.pendingTimers()).toBe(1);
    stopListening();
    expect(clock.pendingTimers()).toBe(0);

    // A listener that comes while a pause holds hears its end.
    (await request(IDS)).settle({
      status: 429,
      headers: { 'x-rate-limit-type': 'method', 'retry-after': '5' },
      backoffMs: 1000,
    });
    const ends: number[] = [];
    limiter.onChange(() => ends.push(limiter.pauses().length));
    await clock.advance(5000);
    expect(ends).toEqual([1]);
  });

  it('refuses a wait over an hour at once, from a pause or a window, and serves the other buckets', async () => {
    const { clock, granted, request } = setup();
    // A method allowed once a day: the next call could only go tomorrow.
    (await request(MATCH)).settle(ok(limits('100:1', '1:86400', '1:1', '1:86400')));
    (await request(IDS)).settle(ok(limits('100:1')));
    const daily = request(MATCH);
    const other = request(IDS);
    await expect(daily).rejects.toMatchObject({ waitMs: 86_400_000, paused: false });
    await expect(daily).rejects.toBeInstanceOf(RateLimitWaitTooLongError);
    await other;
    expect(granted.map((entry) => entry.target)).toEqual([MATCH, IDS, IDS]);

    // A Retry-After too long to be a number stops the method, never leaving its callers queued.
    (await request(AMERICAS)).settle(ok(limits('100:1')));
    (await request(AMERICAS)).settle({
      status: 429,
      headers: { 'x-rate-limit-type': 'method', 'retry-after': '9'.repeat(400) },
      backoffMs: 1000,
    });
    await expect(request(AMERICAS)).rejects.toMatchObject({ paused: true });
    await clock.advance(7_200_000);
    await expect(request(AMERICAS)).rejects.toBeInstanceOf(RateLimitWaitTooLongError);

    // Up to an hour is waited out.
    (await request(IDS)).settle({
      status: 429,
      headers: { 'x-rate-limit-type': 'method', 'retry-after': '3600' },
      backoffMs: 1000,
    });
    const hour = request(IDS);
    await clock.advance(3_600_000);
    await hour;
  });

  it('drops a cancelled waiter without using its place', async () => {
    const { clock, granted, request } = setup();
    (await request(MATCH)).settle(ok(limits('1:1')));
    const controller = new AbortController();
    const cancelled = request(MATCH, controller.signal);
    const next = request(MATCH);
    controller.abort();
    await expect(cancelled).rejects.toBeInstanceOf(RequestCancelledError);
    await clock.advance(1000);
    await next;
    expect(granted).toHaveLength(2);
    await expect(request(MATCH, AbortSignal.abort())).rejects.toBeInstanceOf(RequestCancelledError);
  });

  it('shares the buckets among many concurrent callers without exceeding any window', async () => {
    const { clock, granted, request } = setup({ margin: 50 });
    (await request(MATCH)).settle(ok(limits('20:1,100:10')));
    const all = Array.from({ length: 199 }, (_, index) =>
      request(index % 2 ? MATCH : IDS).then((permit) => permit.settle(ok(limits('20:1,100:10')))),
    );
    await clock.advance(40_000);
    await Promise.all(all);
    expect(granted).toHaveLength(200);
    const times = granted.map((entry) => entry.at).sort((a, b) => a - b);
    for (const [limit, windowMs] of [
      [20, 1000],
      [100, 10_000],
    ] as const) {
      for (let i = limit; i < times.length; i += 1) {
        expect((times[i] ?? 0) - (times[i - limit] ?? 0)).toBeGreaterThanOrEqual(windowMs);
      }
    }
  });

  it("never sends past a fixed-window server's limits, whatever the trips and the order of the answers", async () => {
    // Seeded, so a failure repeats: each call takes 0–40 ms to reach the server and 0–40 ms to come back.
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    for (let run = 0; run < 4; run += 1) {
      const { clock, limiter } = setup({ margin: WINDOW_MARGIN_MS });
      const server = serverCount('5:1,12:5', () => clock.now);
      const calls = callsThrough(limiter, clock, server, 40, () => random(41));
      await clock.advance(60_000);
      await Promise.all(calls);
      expect(server.refused()).toBe(0);
    }
  });

  it('never sends past the limits of a server whose clock runs 190 ppm slow, from a whole-millisecond clock, with the default margin', async () => {
    // Seeded, so a failure repeats: each call takes 0–3 ms (in fractions of a millisecond) each way. Our clock counts
    // whole milliseconds (as Date.now does); the server counts its windows on its own, slower clock.
    let seed = 11;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    const trip = () => random(3000) / 1000;
    for (let run = 0; run < 4; run += 1) {
      const clock = createFakeScheduler();
      const start = clock.now;
      const limiter = createRateLimiter({
        scheduler: { ...clock.scheduler, now: () => Math.floor(clock.now) },
        retryAfterMarginMs: 0,
      });
      const serverNow = () => (clock.now - start) * (1 - 190e-6);
      const server = serverCount('5:1,12:10', serverNow);
      const calls = callsThrough(limiter, clock, server, 60, trip);
      await clock.advance(120_000);
      await Promise.all(calls);
      expect(server.refused()).toBe(0);
    }
  });

  it('lets another probe go when the first one got no answer', async () => {
    const { clock, granted, request } = setup();
    const first = request(MATCH);
    void request(MATCH);
    await clock.settle();
    expect(granted).toHaveLength(1);
    (await first).settle({ status: null, headers: null, backoffMs: 1000 });
    await clock.settle();
    expect(granted).toHaveLength(2);
  });
});
