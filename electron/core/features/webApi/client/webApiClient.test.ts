import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/log/logger';
import type { HttpOutcome } from '../../../platform/net/httpExchange';
import { realScheduler, type Scheduler } from '../../../platform/polling/poller';
import { createScriptedHttpClient } from '../../../tools/testkit/scriptedHttpClient';
import { createRateLimiter } from '../rateLimit/rateLimiter';
import { ENDPOINTS } from '../routing/endpoints';
import { createFakeScheduler } from '../../../tools/testkit/fakeScheduler';
import { createFailureGuard } from './failureGuard';
import { createRetryBoard } from './retryBoard';
import { createWebApiClient, type WebApiClientConfig } from './webApiClient';

const KEY = 'RGAPI-11111111-2222-3333-4444-555555555555';
const LIMITS: IncomingHttpHeaders = {
  'x-app-rate-limit': '100:1',
  'x-app-rate-limit-count': '1:1',
  'x-method-rate-limit': '100:1',
  'x-method-rate-limit-count': '1:1',
};
const ok = (body: unknown = {}): HttpOutcome => ({ kind: 'ok', status: 200, headers: LIMITS, body });
const status = (code: number, headers: IncomingHttpHeaders = LIMITS): HttpOutcome => ({
  kind: 'http-error',
  status: code,
  headers,
  body: { status: { message: `status ${code}`, status_code: code } },
  text: '',
});

function setup(
  script: (index: number) => HttpOutcome,
  config: Partial<WebApiClientConfig> = {},
  scheduler?: Scheduler,
) {
  const clock = createFakeScheduler();
  const lines: string[] = [];
  const logger = createLogger((line) => lines.push(line), 'debug');
  let index = 0;
  const http = createScriptedHttpClient(() => script(index++));
  const guard = createFailureGuard();
  const retries = createRetryBoard();
  const client = createWebApiClient({
    http: http.client,
    scheduler: scheduler ?? clock.scheduler,
    logger,
    limiter: createRateLimiter({ scheduler: scheduler ?? clock.scheduler }),
    guard,
    retries,
    config: () => ({ hostTemplate: 'https://{routing}.api.riotgames.com', authMode: 'header', ...config }),
    apiKey: async () => KEY,
  });
  const match = (routing = 'europe', signal?: AbortSignal) =>
    client.call({ endpoint: ENDPOINTS.matchV5, routing, params: { matchId: 'EUW1_1' }, signal });
  return { clock, client, http, lines, guard, retries, match };
}

describe('web API client', () => {
  it('refuses a wrong kind, an unknown value or a cluster the endpoint lacks, sending nothing', async () => {
    const { client, http, match } = setup(() => ok());
    const platform = await match('euw1');
    expect(platform).toMatchObject({ ok: false, problem: { kind: 'refused' } });
    expect(!platform.ok && platform.problem.message).toMatch(/^Wrong region for this endpoint: .*Use europe/);
    const unknown = await client.call({
      endpoint: ENDPOINTS.summonerByPuuid,
      routing: 'oce1',
      params: { puuid: 'x' },
    });
    expect(!unknown.ok && unknown.problem.message).toBe('Unknown platform "oce1". Did you mean oc1?');
    const region = await client.call({
      endpoint: ENDPOINTS.summonerByPuuid,
      routing: 'europe',
      params: { puuid: 'x' },
    });
    expect(!region.ok && region.problem.message).toMatch(/take a platform, not the region europe/);
    const sea = await client.call({
      endpoint: ENDPOINTS.accountByPuuid,
      routing: 'sea',
      params: { puuid: 'x' },
    });
    expect(!sea.ok && sea.problem.message).toMatch(/account lookups go to americas, asia, europe, not sea/);
    expect(http.requests).toHaveLength(0);
  });

  it('refuses plain http to anything but a loopback stand-in', async () => {
    const remote = setup(() => ok(), { hostTemplate: 'http://{routing}.api.riotgames.com' });
    expect(await remote.match()).toMatchObject({ ok: false, problem: { kind: 'refused' } });
    expect(remote.http.requests).toHaveLength(0);
    const local = setup(() => ok(), { hostTemplate: 'http://127.0.0.1:47000/{routing}' });
    expect(await local.match()).toEqual({ ok: true, value: {} });
    expect(local.http.requests[0]?.url).toBe('http://127.0.0.1:47000/europe/lol/match/v5/matches/EUW1_1');
  });

  it('sends the key as X-Riot-Token by default and never logs it', async () => {
    const { http, lines, match } = setup(() => ok());
    await match();
    expect(http.requests[0]?.headers?.['x-riot-token']).toBe(KEY);
    expect(http.requests[0]?.url).not.toContain('api_key');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('in query mode puts api_key in the URL and redacts it in the logs', async () => {
    const { clock, http, lines, match } = setup((index) => (index === 0 ? status(429, {}) : ok()), {
      authMode: 'query',
    });
    const result = match();
    await clock.advance(1000);
    expect(await result).toEqual({ ok: true, value: {} });
    expect(http.requests[0]?.url).toContain(`api_key=${KEY}`);
    expect(http.requests[0]?.headers?.['x-riot-token']).toBeUndefined();
    const text = lines.join('\n');
    expect(text).toContain('api_key=[redacted]');
    expect(text).toContain('web api rate limited');
    expect(text).not.toContain(KEY);
  });

  it('retries 5xx and network errors at most 3 times, backing off', async () => {
    const { clock, http, match } = setup(() => status(503));
    const result = match();
    await clock.advance(999);
    expect(http.requests).toHaveLength(1);
    await clock.advance(1);
    expect(http.requests).toHaveLength(2);
    await clock.advance(2000);
    expect(http.requests).toHaveLength(3);
    await clock.advance(3999);
    expect(http.requests).toHaveLength(3);
    await clock.advance(1);
    expect(http.requests).toHaveLength(4);
    expect(await result).toMatchObject({ ok: false, problem: { kind: 'unavailable', status: 503 } });
    await clock.advance(60_000);
    expect(http.requests).toHaveLength(4);

    const flaky = setup((index) => (index < 2 ? { kind: 'refused' } : ok({ fine: true })));
    const recovered = flaky.match();
    await flaky.clock.advance(3000);
    expect(await recovered).toEqual({ ok: true, value: { fine: true } });
    expect(flaky.http.requests).toHaveLength(3);
  });

  it('shows each wait after a failure while it lasts, with what went wrong, and nothing once it succeeds', async () => {
    const { clock, match, retries } = setup((index) => (index < 2 ? status(503) : ok({ fine: true })));
    const changes: number[] = [];
    retries.onChange(() => changes.push(retries.list().length));
    const result = match();
    await clock.advance(0);
    expect(retries.list()).toEqual([
      {
        routing: 'europe',
        label: ENDPOINTS.matchV5.label,
        reason: 'HTTP 503',
        until: clock.scheduler.now() + 1000,
      },
    ]);
    await clock.advance(1000);
    expect(retries.list()).toMatchObject([{ reason: 'HTTP 503', until: clock.scheduler.now() + 2000 }]);
    await clock.advance(2000);
    expect(await result).toEqual({ ok: true, value: { fine: true } });
    expect(retries.list()).toEqual([]);
    expect(changes).toEqual([1, 0, 1, 0]);
  });

  it('never retries other client errors; 404 is a plain not-found', async () => {
    for (const code of [400, 401, 403, 404, 415]) {
      const { clock, http, match } = setup(() => status(code));
      const result = await match();
      await clock.advance(60_000);
      // A 403 is followed by one key check (platform status), never by the same call again.
      expect(http.requests).toHaveLength(code === 403 ? 2 : 1);
      expect(result).toMatchObject({ ok: false, problem: { status: code } });
    }
    const rejected = await setup(() => status(403)).match();
    expect(!rejected.ok && rejected.problem).toMatchObject({ kind: 'key-rejected' });
    expect(!rejected.ok && rejected.problem.message).toMatch(/^Key rejected/);
  });

  it('tells a removed route from a bad key: a 403 while platform status answers is the route', async () => {
    const { guard, http, match } = setup((index) => (index % 2 === 0 ? status(403) : ok({ id: 'EUW1' })));
    for (let i = 0; i < 4; i += 1) {
      const refused = await match('europe');
      expect(refused).toMatchObject({ ok: false, problem: { kind: 'route-refused', status: 403 } });
      expect(!refused.ok && refused.problem.message).toBe(
        'This lookup (match-v5.match) was refused (403) while your key works: the route was removed or your key is not allowed to use it. Nothing to fix in the key; use another lookup, or a key with access to this API.',
      );
    }
    // The key check went to a platform of the refused call's region, and the key was never paused.
    expect(http.requests[1]?.url).toBe('https://euw1.api.riotgames.com/lol/status/v4/platform-data');
    expect(guard.state.paused).toBe(false);
    expect(http.requests).toHaveLength(8);
  });

  it('counts a 403 towards the pause once per lookup when the key check is refused too', async () => {
    const { guard, http, match } = setup(() => status(403));
    for (let i = 0; i < 3; i += 1) await match();
    expect(guard.state.paused).toBe(true);
    expect(http.requests).toHaveLength(6);
    expect(await match()).toMatchObject({ ok: false, problem: { kind: 'paused' } });
  });

  it('says a deprecated route may be removed without a key check', async () => {
    const { client, http } = setup(() => status(403));
    const byName = await client.call({
      endpoint: ENDPOINTS.summonerByNameV4,
      routing: 'euw1',
      params: { summonerName: 'Quiet Lantern' },
    });
    expect(!byName.ok && byName.problem.message).toMatch(/deprecated and may have been removed/);
    expect(http.requests).toHaveLength(1);
  });

  it('pauses after repeated client errors and then sends nothing until resumed', async () => {
    const { guard, http, match } = setup(() => status(400));
    for (let i = 0; i < 3; i += 1) await match();
    expect(guard.state.paused).toBe(true);
    expect(guard.state.message).toMatch(/revoked/);
    const paused = await match();
    expect(paused).toMatchObject({ ok: false, problem: { kind: 'paused' } });
    expect(http.requests).toHaveLength(3);
    guard.resume();
    await match();
    expect(http.requests).toHaveLength(4);
  });

  it('waits out a 429 as the limiter says and then succeeds', async () => {
    const { clock, http, match } = setup((index) =>
      index === 0
        ? status(429, { ...LIMITS, 'x-rate-limit-type': 'method', 'retry-after': '4' })
        : ok({ n: 1 }),
    );
    const result = match();
    await clock.advance(4000);
    expect(http.requests).toHaveLength(1);
    await clock.advance(300);
    expect(await result).toEqual({ ok: true, value: { n: 1 } });
  });

  it('gives up at once on a Retry-After of years, with no timer overflow, and other hosts still answer', async () => {
    const huge = status(429, { ...LIMITS, 'x-rate-limit-type': 'service', 'retry-after': '99999999999' });
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      // The real clock: a 10^14 ms timer would be cut to 1 ms by Node and spin.
      const { http, match } = setup((index) => (index === 0 ? huge : ok({ n: index })), {}, realScheduler);
      const deadline = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1000));
      const result = await Promise.race([match(), deadline]);
      expect(result).toEqual({
        ok: false,
        problem: {
          kind: 'rate-limited',
          status: 429,
          message:
            'The web API asked to wait 1157407 days (Retry-After 99999999999 s); Sightline gives up on waits over an hour.',
        },
      });
      // The same lookup fails fast too, unsent; another routing value is not held up.
      const again = await Promise.race([match(), deadline]);
      expect(again).toMatchObject({ ok: false, problem: { kind: 'rate-limited' } });
      expect(await Promise.race([match('americas'), deadline])).toEqual({ ok: true, value: { n: 1 } });
      expect(http.requests).toHaveLength(2);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(warnings).not.toContain('TimeoutOverflowWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('waits out a 30 s Retry-After but not a 2 hour one', async () => {
    const short = setup((index) =>
      index === 0 ? status(429, { ...LIMITS, 'x-rate-limit-type': 'method', 'retry-after': '30' }) : ok(),
    );
    const waited = short.match();
    await short.clock.advance(30_000);
    expect(short.http.requests).toHaveLength(1);
    await short.clock.advance(250);
    expect(await waited).toEqual({ ok: true, value: {} });

    const long = setup(() =>
      status(429, { ...LIMITS, 'x-rate-limit-type': 'method', 'retry-after': '7200' }),
    );
    const refused = await long.match();
    expect(refused).toMatchObject({ ok: false, problem: { kind: 'rate-limited', status: 429 } });
    expect(!refused.ok && refused.problem.message).toBe(
      'The web API asked to wait 2 hours (Retry-After 7200 s); Sightline gives up on waits over an hour.',
    );
    expect(long.http.requests).toHaveLength(1);
    expect(long.clock.pendingTimers()).toBeLessThanOrEqual(1);
  });

  it('can be cancelled while it backs off', async () => {
    const { clock, http, match } = setup(() => status(500));
    const controller = new AbortController();
    const result = match('europe', controller.signal);
    await clock.settle();
    controller.abort();
    expect(await result).toMatchObject({ ok: false, problem: { kind: 'cancelled' } });
    await clock.advance(10_000);
    expect(http.requests).toHaveLength(1);
  });
});
