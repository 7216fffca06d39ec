import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WebApiSettings } from '@shared/contract';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../../simulator/webApi/webApiSimulator';
import { createLogger } from '../../platform/log/logger';
import { createHttpClient } from '../../platform/net/httpClient';
import { realScheduler } from '../../platform/polling/poller';
import { findPlayedMatch } from './playedMatch';
import { createWebApiStack } from './webApiStack';

const APP_LIMITS = '100:1,1000:10';
const MINUTE = 60_000;
/** A Saturday evening of three games in a row on EU West. */
const EVENING = Date.UTC(2026, 10, 28, 18);
let simulator: RunningWebApiSimulator;
const http = createHttpClient();

beforeAll(async () => {
  simulator = await startWebApiSimulator({ appLimits: APP_LIMITS });
});
afterEach(() => {
  simulator.control.reset();
  simulator.control.setAppLimits(APP_LIMITS);
});
afterAll(async () => {
  http.close();
  await simulator.close();
});

const SETTINGS: Pick<WebApiSettings, 'region' | 'platform' | 'apiVersion'> = {
  region: 'americas',
  platform: 'na1',
  apiVersion: 'v5',
};

function stack(key: string | null = SIMULATOR_API_KEY) {
  return createWebApiStack({
    http,
    scheduler: realScheduler,
    logger: createLogger(() => undefined, 'error'),
    settings: () => ({ apiVersion: 'v5', authMode: 'header' }),
    hostTemplate: simulator.baseTemplate,
    apiKey: async () => key,
    client: { backoffMs: 20, maxRetries: 1 },
    limiter: { retryAfterMarginMs: 20 },
  });
}

/** The player's evening: three games, each its own queue, start and length. */
function playEvening(gameName: string) {
  const play = (offsetMinutes: number, durationSeconds: number, queueId: number) =>
    simulator.control.dataset.playGame({
      gameName,
      tagLine: 'EUW',
      platform: 'euw1',
      startedAt: EVENING + offsetMinutes * MINUTE,
      durationSeconds,
      queueId,
    });
  return { draft: play(0, 1710, 400), flex: play(35, 1930, 440), aram: play(72, 1180, 450) };
}

describe("finding the player's game among their web API matches", () => {
  it('picks the match whose start and length fit the stored game, with its exact queue', async () => {
    const { service } = stack();
    const games = playEvening('Evening Player');
    // The live client's start is its end less the game time: a little off the record's.
    const found = await findPlayedMatch(service, () => SETTINGS, {
      riotId: 'Evening Player#EUW',
      startedAt: EVENING + 35 * MINUTE + 20_000,
      durationSeconds: 1925,
    });
    expect(found).toEqual({ state: 'found', matchId: games.flex, queueId: 440 });
    // The player's platform came from the account; the list was asked on its cluster, around the game.
    const paths = simulator.control.requests().map((request) => request.path);
    expect(paths.some((path) => path.startsWith('/europe/lol/match/v5/matches/by-puuid/'))).toBe(true);
    const list = paths.find((path) => path.includes('/ids?')) ?? '';
    expect(list).toMatch(/[?&]startTime=\d+/);
    expect(list).toMatch(/[?&]endTime=\d+/);
  });

  it('says not found when no match fits the game, or the Riot ID has no account', async () => {
    const { service } = stack();
    playEvening('Other Evening');
    // A game of the evening's time that lasted much longer than any of its matches.
    expect(
      await findPlayedMatch(service, () => SETTINGS, {
        riotId: 'Other Evening#EUW',
        startedAt: EVENING,
        durationSeconds: 3000,
      }),
    ).toEqual({ state: 'not-found' });
    expect(
      await findPlayedMatch(service, () => SETTINGS, {
        riotId: 'Nobody Here#EUW',
        startedAt: EVENING,
        durationSeconds: 1710,
      }),
    ).toEqual({ state: 'not-found' });
  });

  it('is calm without a key (nothing sent) and when the service refuses or is busy', async () => {
    playEvening('Calm Player');
    const game = { riotId: 'Calm Player#EUW', startedAt: EVENING, durationSeconds: 1710 };
    expect(await findPlayedMatch(stack(null).service, () => SETTINGS, game)).toEqual({ state: 'no-key' });
    expect(simulator.control.requests()).toHaveLength(0);

    simulator.control.rateLimitNext({ type: 'service', retryAfterSeconds: 0, count: 50 });
    const busy = await findPlayedMatch(stack().service, () => SETTINGS, game);
    expect(busy.state).toBe('unavailable');

    simulator.control.reset();
    simulator.control.removeEndpoint('match-v5.idsByPuuid');
    const refused = await findPlayedMatch(stack().service, () => SETTINGS, game);
    expect(refused.state).toBe('unavailable');
  });

  it('goes through the limiter: a key of one call a second per cluster is never answered 429', async () => {
    simulator.control.setAppLimits('1:1');
    const games = playEvening('Paced Player');
    const started = Date.now();
    const found = await findPlayedMatch(stack().service, () => SETTINGS, {
      riotId: 'Paced Player#EUW',
      startedAt: EVENING,
      durationSeconds: 1710,
    });
    expect(found).toEqual({ state: 'found', matchId: games.draft, queueId: 400 });
    const stats = simulator.control.stats();
    // Account and platform on americas, the list and the match on europe: two calls on each cluster.
    expect(stats.total).toBe(4);
    expect(stats.rateLimited).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });
});
