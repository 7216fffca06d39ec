import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FixedWindowLimit } from './fixedWindowLimit';
import { omitEmpty } from './webApiRecords';
import { SIMULATOR_API_KEY, startWebApiSimulator, type RunningWebApiSimulator } from './webApiSimulator';

let simulator: RunningWebApiSimulator;

beforeAll(async () => {
  simulator = await startWebApiSimulator({ appLimits: '3:1,100:10' });
});
afterEach(() => {
  simulator.control.reset();
  simulator.control.setAppLimits('3:1,100:10');
});
afterAll(() => simulator.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

function get(
  path: string,
  headers: Record<string, string> = { 'x-riot-token': SIMULATOR_API_KEY },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = request(`${simulator.url}${path}`, { headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) }),
      );
    });
    call.on('error', reject);
    call.end();
  });
}

const ACCOUNT = '/americas/riot/account/v1/accounts/by-riot-id/Brightwater/NA1';

describe('web API simulator', () => {
  it('sends the rate-limit headers and enforces them with 429, Retry-After and X-Rate-Limit-Type', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await get(ACCOUNT));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers[2]?.headers).toMatchObject({
      'x-app-rate-limit': '3:1,100:10',
      'x-app-rate-limit-count': '3:1,3:10',
      'x-method-rate-limit': '1000:60',
      'x-method-rate-limit-count': '3:60',
    });
    expect(answers[3]?.headers).toMatchObject({ 'x-rate-limit-type': 'application', 'retry-after': '1' });
    // Another routing value has its own app limit.
    expect((await get('/europe/riot/account/v1/accounts/by-riot-id/Quiet%20Lantern/EUW')).status).toBe(200);
    expect(simulator.control.stats()).toMatchObject({ total: 5, rateLimited: 1 });
  });

  it('applies a method limit on its own', async () => {
    simulator.control.setAppLimits('100:1');
    simulator.control.setMethodLimit('account-v1.byRiotId', '1:10');
    expect((await get(ACCOUNT)).status).toBe(200);
    const limited = await get(ACCOUNT);
    expect(limited.status).toBe(429);
    expect(limited.headers).toMatchObject({ 'x-rate-limit-type': 'method', 'retry-after': '10' });
    simulator.control.setMethodLimit('account-v1.byRiotId', '1000:60');
  });

  it('answers the spec’s 403s and a 401 without a key', async () => {
    const puuid = simulator.control.dataset.players[0]?.puuid ?? '';
    expect((await get(`/europe/lol/summoner/v4/summoners/by-puuid/${puuid}`)).status).toBe(403);
    expect((await get(`/oce1/lol/summoner/v4/summoners/by-puuid/${puuid}`)).status).toBe(403);
    expect((await get('/euw1/lol/summoner/v4/summoners/by-name/a%2Fb')).status).toBe(403);
    expect((await get(`/sea/riot/account/v1/accounts/by-puuid/${puuid}`)).status).toBe(403);
    expect((await get(ACCOUNT, { 'x-riot-token': 'RGAPI-not-a-real-key' })).status).toBe(403);
    expect((await get(ACCOUNT, {})).status).toBe(401);
    simulator.control.removeEndpoint('summoner-v4.byName');
    expect((await get('/euw1/lol/summoner/v4/summoners/by-name/Quiet%20Lantern')).status).toBe(403);
    expect((await get(`/euw1/lol/summoner/v4/summoners/by-puuid/${puuid}`)).status).toBe(200);
  });

  it('reads the routing value from a real host name too, and the key from api_key', async () => {
    const answer = await new Promise<number>((resolve, reject) => {
      const call = request(
        `${simulator.url}/riot/account/v1/accounts/by-riot-id/Brightwater/NA1?api_key=${SIMULATOR_API_KEY}`,
        { headers: { host: 'americas.api.riotgames.com' } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      call.on('error', reject);
      call.end();
    });
    expect(answer).toBe(200);
    expect(simulator.control.requests()[0]).toMatchObject({ routing: 'americas', auth: 'query' });
    expect(simulator.control.requests()[0]?.path).not.toContain(SIMULATOR_API_KEY);
  });

  it('leaves out empty values, as the API does', async () => {
    expect(omitEmpty({ a: 0, b: '', c: [], d: null, e: false, f: { g: 0, h: 2 }, i: [{ j: 0 }] })).toEqual({
      e: false,
      f: { h: 2 },
      i: [{}],
    });
    const match = await get('/europe/lol/match/v5/matches/EUW1_7101002616');
    const participants = (match.body as { info: { participants: Array<Record<string, unknown>> } }).info
      .participants;
    expect(participants.some((participant) => !('item5' in participant))).toBe(true);
    expect(participants.every((participant) => !('summonerName' in participant))).toBe(true);
  });

  it('serves a tournament game by its code with who played, the standard v4 record without, and 404 for a wrong code', async () => {
    const [entry] = simulator.control.dataset.tournamentCodes;
    if (!entry) throw new Error('the simulator lost its tournament code');
    expect(entry.gameId).toBe(5_000_900_001);
    type V4 = { participantIdentities: Array<{ player?: { summonerName: string } }> };
    const standard = await get(`/na1/lol/match/v4/matches/${entry.gameId}`);
    expect((standard.body as V4).participantIdentities.every((identity) => !identity.player)).toBe(true);
    const byCode = await get(`/na1/lol/match/v4/matches/${entry.gameId}/by-tournament-code/${entry.code}`);
    expect(byCode.status).toBe(200);
    const names = (byCode.body as V4).participantIdentities.map((identity) => identity.player?.summonerName);
    expect(names).toHaveLength(10);
    expect(names.every((name) => typeof name === 'string' && name !== '')).toBe(true);
    const wrongCode = await get(`/na1/lol/match/v4/matches/${entry.gameId}/by-tournament-code/NA-NOT-A-CODE`);
    expect(wrongCode.status).toBe(404);

    // v5 has no match-by-code: games/by-code names the game, and 404s for a code it does not know.
    const games = await get(`/americas/lol/tournament/v5/games/by-code/${entry.code}`);
    expect(games.body).toMatchObject([{ gameId: entry.gameId, region: 'NA1', shortCode: entry.code }]);
    expect((await get('/americas/lol/tournament/v5/games/by-code/NA-NOT-A-CODE')).status).toBe(404);
    const match = await get(`/americas/lol/match/v5/matches/NA1_${entry.gameId}`);
    expect(match.body).toMatchObject({ info: { tournamentCode: entry.code } });
  });

  it('bursts server errors on demand', async () => {
    simulator.control.failNext(2, 502);
    expect((await get(ACCOUNT)).status).toBe(502);
    expect((await get(ACCOUNT)).status).toBe(502);
    expect((await get(ACCOUNT)).status).toBe(200);
  });

  it('counts fixed windows from their first call', () => {
    let now = 0;
    const limit = new FixedWindowLimit('2:1', () => now);
    limit.count();
    now = 500;
    limit.count();
    expect(limit.blockedFor()).toBe(500);
    now = 1000;
    expect(limit.blockedFor()).toBe(0);
    expect(limit.countsHeader()).toBe('0:1');
  });
});

describe('the simulator’s key', () => {
  it('has a development key’s shape and is the one the README gives for `simulate`', async () => {
    expect(SIMULATOR_API_KEY).toMatch(/^RGAPI-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(await readFile(new URL('../../../README.md', import.meta.url), 'utf8')).toContain(
      SIMULATOR_API_KEY,
    );
  });

  it("serves a game the local client played as the player's newest match, found by its start time", async () => {
    const startedAt = Date.UTC(2026, 10, 28, 18);
    const matchId = simulator.control.dataset.playGame({
      gameName: 'Local Player',
      tagLine: 'EUW',
      platform: 'euw1',
      startedAt,
      durationSeconds: 1790,
      queueId: 420,
    });
    const account = await get('/europe/riot/account/v1/accounts/by-riot-id/Local%20Player/EUW');
    expect(account.status).toBe(200);
    const { puuid } = account.body as { puuid: string };
    const ids = (query: string) => get(`/europe/lol/match/v5/matches/by-puuid/${puuid}/ids?${query}`);
    const seconds = startedAt / 1000;
    expect((await ids(`startTime=${seconds - 60}&endTime=${seconds + 60}`)).body).toEqual([matchId]);
    expect((await ids(`startTime=${seconds + 60}`)).body).toEqual([]);
    simulator.control.reset();
    const match = await get(`/europe/lol/match/v5/matches/${matchId}`);
    const { info } = match.body as {
      info: { gameStartTimestamp: number; gameDuration: number; queueId: number; mapId: number };
    };
    expect(info).toMatchObject({
      gameStartTimestamp: startedAt,
      gameDuration: 1790,
      queueId: 420,
      mapId: 11,
    });
    expect(JSON.stringify(match.body)).toContain(puuid);
  });
});
