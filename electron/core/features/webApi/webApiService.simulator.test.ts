import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiVersion, AuthMode } from '@shared/contract';
import {
  SIMULATOR_API_KEY,
  startWebApiSimulator,
  type RunningWebApiSimulator,
} from '../../../simulator/webApi/webApiSimulator';
import { createLogger } from '../../platform/log/logger';
import { createHttpClient } from '../../platform/net/httpClient';
import { realScheduler } from '../../platform/polling/poller';
import type { MatchListPage } from './webApiService';
import { createWebApiStack } from './webApiStack';

const APP_LIMITS = '100:1,1000:10';
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

function stack(options: { version?: ApiVersion; authMode?: AuthMode; key?: string | null } = {}) {
  const lines: string[] = [];
  const created = createWebApiStack({
    http,
    scheduler: realScheduler,
    logger: createLogger((line) => lines.push(line), 'debug'),
    settings: () => ({ apiVersion: options.version ?? 'v5', authMode: options.authMode ?? 'header' }),
    hostTemplate: simulator.baseTemplate,
    apiKey: async () => (options.key === undefined ? SIMULATOR_API_KEY : options.key),
    client: { backoffMs: 20 },
    limiter: { retryAfterMarginMs: 20 },
  });
  return { ...created, lines };
}

const player = () => {
  const found = simulator.control.dataset.players.find((entry) => entry.gameName === 'Quiet Lantern');
  if (!found) throw new Error('the simulator lost its players');
  return found;
};

describe('web API service against the simulator', () => {
  it('reads an Arena match as 8 teams of two by subteam, in placement order, all 16 players kept', async () => {
    const { service } = stack();
    const gameId = simulator.control.dataset.recentGameIds(player())[3];
    const arena = await service.match(`EUW1_${gameId}`, '');
    if (!arena.ok) throw new Error(arena.problem.message);
    expect(arena.value).toMatchObject({ queueId: 1700, mapId: 30, gameMode: 'CHERRY', teams: [] });
    expect(arena.value.subteams.map((team) => team.placement)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(arena.value.subteams.map((team) => team.participants.length)).toEqual(Array(8).fill(2));
    const puuids = arena.value.subteams.flatMap((team) => team.participants.map((entry) => entry.puuid));
    expect(new Set(puuids).size).toBe(16);
    expect(puuids).toContain(player().puuid);
  });

  it('finds the platform a player plays on from any account cluster (account-v1 region by game)', async () => {
    const { service } = stack();
    for (const region of ['americas', 'asia', 'europe']) {
      expect(await service.playerPlatform(player().puuid, region)).toEqual({ ok: true, value: 'euw1' });
    }
    const thai = simulator.control.dataset.players.find((entry) => entry.tagLine === 'TH2');
    expect(await service.playerPlatform(thai?.puuid ?? '', 'asia')).toEqual({ ok: true, value: 'th2' });
    expect(simulator.control.requests().map((request) => request.path)).toContain(
      `/europe/riot/account/v1/region/by-game/lol/by-puuid/${player().puuid}`,
    );
    expect(await service.playerPlatform('NoSuchPlayerAnywhere0123456789', 'europe')).toMatchObject({
      ok: false,
      problem: { kind: 'not-found', message: /no League of Legends platform on record: pick the platform/ },
    });
    // Platforms are not account clusters: refused before anything is sent.
    expect(await service.playerPlatform(player().puuid, 'euw1')).toMatchObject({
      ok: false,
      problem: { kind: 'refused' },
    });
  });

  it('looks a player up: Riot ID → account → summoner → recent matches → a match (v5)', async () => {
    const { service } = stack();
    const account = await service.accountByRiotId('Quiet Lantern#EUW', 'europe');
    expect(account).toEqual({
      ok: true,
      value: { puuid: player().puuid, gameName: 'Quiet Lantern', tagLine: 'EUW', region: 'europe' },
    });
    if (!account.ok) return;
    const summoner = await service.summonerByPuuid(account.value.puuid, 'euw1');
    expect(summoner.ok && summoner.value).toMatchObject({
      platform: 'euw1',
      summonerLevel: player().summonerLevel,
    });
    const recent = await service.recentMatchIds({
      puuid: account.value.puuid,
      accountId: '',
      platform: 'euw1',
      count: 5,
    });
    expect(recent.ok && recent.value.routing).toBe('europe');
    expect(recent.ok && recent.value.matchIds).toHaveLength(5);
    const matchId = recent.ok ? (recent.value.matchIds[0] ?? '') : '';
    const match = await service.match(matchId, '');
    expect(match.ok).toBe(true);
    if (!match.ok) return;
    expect(match.value).toMatchObject({
      matchId,
      apiVersion: 'v5',
      anonymised: false,
      mapLabel: "Summoner's Rift",
    });
    expect(match.value.teams.map((team) => team.side)).toEqual(['blue', 'red']);
    expect(match.value.teams.flatMap((team) => team.participants)).toHaveLength(10);
    const me = match.value.teams.flatMap((team) => team.participants).find((p) => p.puuid === player().puuid);
    expect(me?.riotId).toBe('Quiet Lantern#EUW');
    // Omitted on the wire (the omission rule), read back as zeros: every slot is there.
    expect(me?.items).toHaveLength(7);
    expect(simulator.control.requests().every((request) => request.auth === 'header')).toBe(true);
  });

  it('serves the spec’s v4 paths: anonymised standard records, never-anonymised tournament records', async () => {
    const { service } = stack({ version: 'v4' });
    const summoner = await service.summonerByName('Quiet Lantern', 'euw1');
    expect(summoner.ok).toBe(true);
    if (!summoner.ok) return;
    expect(simulator.control.requests()[0]?.endpoint).toBe('summoner-v3.byName');
    const recent = await service.recentMatchIds({
      puuid: summoner.value.puuid,
      accountId: summoner.value.accountId,
      platform: 'euw1',
      count: 10,
    });
    expect(recent.ok && recent.value.matchIds).toHaveLength(10);
    const matches = await Promise.all(
      (recent.ok ? recent.value.matchIds : []).map((id) => service.match(id, '')),
    );
    const views = matches.flatMap((match) => (match.ok ? [match.value] : []));
    expect(views).toHaveLength(10);
    const ranked = views.filter((view) => view.queueId === 420 || view.queueId === 440);
    const other = views.filter((view) => view.queueId !== 420 && view.queueId !== 440);
    expect(ranked.length).toBeGreaterThan(0);
    expect(other.length).toBeGreaterThan(0);
    expect(ranked.every((view) => !view.anonymised)).toBe(true);
    for (const view of other) {
      expect(view.anonymised).toBe(true);
      expect(view.teams.flatMap((team) => team.participants).every((p) => p.riotId === null)).toBe(true);
    }

    const code = simulator.control.dataset.tournamentCodes[0]?.code ?? '';
    const byCode = await service.matchesByTournamentCode(code, 'na1');
    expect(byCode.ok && byCode.value[0]).toMatchObject({
      source: 'tournament-code',
      anonymised: false,
      queueId: 0,
    });
  });

  it('lists ranked entries by PUUID or summoner ID, labelled from queueType, unknown ones by their raw name', async () => {
    const { service } = stack();
    const named = (name: string) => {
      const found = simulator.control.dataset.players.find((entry) => entry.gameName === name);
      if (!found) throw new Error(`the simulator lost ${name}`);
      return found;
    };
    const brightwater = named('Brightwater');
    const byPuuid = await service.leagueEntries({
      puuid: brightwater.puuid,
      summonerId: '',
      platform: 'na1',
    });
    expect(byPuuid.ok).toBe(true);
    if (!byPuuid.ok) return;
    expect(byPuuid.value.platform).toBe('na1');
    // Named queues in spec order first, each by its queue's one name (the retired 3v3 flex queue's too).
    expect(byPuuid.value.entries.map((entry) => [entry.queueType, entry.queueLabel])).toEqual([
      ['RANKED_SOLO_5x5', '5v5 Ranked Solo'],
      ['RANKED_TEAM_5x5', '5v5 Ranked Team'],
      ['RANKED_FLEX_TT', '3v3 Ranked Flex'],
    ]);
    expect(byPuuid.value.entries[0]).toMatchObject({
      tier: 'MASTER',
      rank: 'I',
      leaguePoints: 212,
      wins: 203,
      losses: 171,
      veteran: true,
      hotStreak: false,
    });
    // 0 LP is left out on the wire (the omission rule) and read back as 0.
    expect(byPuuid.value.entries[1]).toMatchObject({ tier: 'PLATINUM', rank: 'III', leaguePoints: 0 });
    expect(byPuuid.value.entries[2]).toMatchObject({ inactive: true });
    expect(byPuuid.value.entries.every((entry) => entry.leagueId.length === 36)).toBe(true);

    const bySummoner = await service.leagueEntries({
      puuid: '',
      summonerId: brightwater.summonerId,
      platform: 'NA1',
    });
    expect(bySummoner).toEqual(byPuuid);
    expect(simulator.control.requests().map((request) => request.endpoint)).toEqual([
      'league-v4.entriesByPuuid',
      'league-v4.entriesBySummoner',
    ]);

    const unranked = await service.leagueEntries({
      puuid: named('Hollow Pine').puuid,
      summonerId: '',
      platform: 'oc1',
    });
    expect(unranked).toEqual({ ok: true, value: { platform: 'oc1', entries: [] } });
    const elsewhere = await service.leagueEntries({
      puuid: brightwater.puuid,
      summonerId: '',
      platform: 'euw1',
    });
    expect(elsewhere).toMatchObject({ ok: false, problem: { kind: 'not-found' } });
    expect(elsewhere.ok ? '' : elsewhere.problem.message).toMatch(/no summoner on euw1/);

    simulator.control.reset();
    const refusals = await Promise.all([
      service.leagueEntries({ puuid: '', summonerId: '', platform: 'na1' }),
      service.leagueEntries({ puuid: brightwater.puuid, summonerId: '', platform: 'americas' }),
    ]);
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ ok: false, problem: { kind: 'refused' } });
    expect(simulator.control.requests()).toEqual([]);
  });

  it('reads last season’s highest tier from v4 records, and leaves it blank for v5 ones', async () => {
    const id = `EUW1_${7_100_000_000 + 1_004_000}`;
    const v4 = await stack({ version: 'v4' }).service.match(id, '');
    const v5 = await stack().service.match(id, '');
    if (!v4.ok || !v5.ok) throw new Error('the simulator lost a match');
    const tiers = (match: typeof v4.value) =>
      match.teams.flatMap((team) => team.participants.map((p) => p.highestTierAchieved));
    const sent = simulator.control.dataset
      .match('euw1', 7_101_004_000)
      ?.participants.map((p) => p.highestTierAchieved);
    expect(tiers(v4.value)).toEqual(sent);
    expect(tiers(v4.value).some((tier) => tier !== '')).toBe(true);
    expect(tiers(v4.value).some((tier) => tier === '')).toBe(true);
    expect(tiers(v5.value).every((tier) => tier === '')).toBe(true);
  });

  it('gets tournament games by code on v5 and the matches they name', async () => {
    const { service } = stack();
    const code = simulator.control.dataset.tournamentCodes[0]?.code ?? '';
    const matches = await service.matchesByTournamentCode(code, 'na1');
    expect(matches.ok && matches.value.map((match) => match.tournamentCode)).toEqual([code]);
    expect(simulator.control.requests().map((request) => [request.endpoint, request.routing])).toEqual([
      ['tournament-v5.gamesByCode', 'americas'],
      ['match-v5.match', 'americas'],
    ]);
  });

  it('looks a tournament game up by its code: named players where the standard v4 record hides them', async () => {
    const code = simulator.control.dataset.tournamentCodes[0]?.code ?? '';
    const riotIds = (view: { teams: Array<{ participants: Array<{ riotId: string | null }> }> }) =>
      view.teams.flatMap((team) => team.participants.map((player) => player.riotId));

    const v4 = stack({ version: 'v4' }).service;
    const standard = await v4.match('NA1_5000900001', '');
    expect(standard.ok && standard.value).toMatchObject({ anonymised: true, source: 'standard' });
    expect(standard.ok && riotIds(standard.value).every((id) => id === null)).toBe(true);
    const byCode = await v4.matchByTournamentCode('NA1_5000900001', code, '');
    if (!byCode.ok) throw new Error(byCode.problem.message);
    expect(byCode.value).toMatchObject({
      matchId: 'NA1_5000900001',
      anonymised: false,
      source: 'tournament-code',
      tournamentCode: code,
      apiVersion: 'v4',
    });
    expect(riotIds(byCode.value)).toHaveLength(10);
    expect(riotIds(byCode.value).every((id) => typeof id === 'string' && id !== '')).toBe(true);
    expect(await v4.matchByTournamentCode('NA1_5000900001', 'NA-NOT-THE-CODE', 'na1')).toEqual({
      ok: false,
      problem: expect.objectContaining({
        kind: 'not-found',
        message: 'Match NA1_5000900001 was not played with the tournament code NA-NOT-THE-CODE.',
      }),
    });
    expect(simulator.control.requests().map((request) => [request.endpoint, request.status])).toEqual([
      ['match-v4.match', 200],
      ['match-v4.matchByCode', 200],
      ['match-v4.matchByCode', 404],
    ]);

    simulator.control.reset();
    const v5 = stack().service;
    const v5Match = await v5.matchByTournamentCode('NA1_5000900001', code, 'americas');
    if (!v5Match.ok) throw new Error(v5Match.problem.message);
    expect(v5Match.value).toMatchObject({
      anonymised: false,
      source: 'tournament-code',
      tournamentCode: code,
      apiVersion: 'v5',
    });
    expect(riotIds(v5Match.value).every((id) => id?.includes('#'))).toBe(true);
    // The record must name the code: another game, or another code, is a 404.
    expect(await v5.matchByTournamentCode('NA1_5002000000', code, '')).toMatchObject({
      ok: false,
      problem: {
        kind: 'not-found',
        message: `Match NA1_5002000000 was not played with the tournament code ${code}.`,
      },
    });
    expect(await v5.matchByTournamentCode('NA1_5000900001', 'NA-NOT-THE-CODE', '')).toMatchObject({
      ok: false,
      problem: { kind: 'not-found' },
    });
    // One call each, on the match's region: no tournament key needed.
    expect(simulator.control.requests().map((request) => [request.endpoint, request.routing])).toEqual([
      ['match-v5.match', 'americas'],
      ['match-v5.match', 'americas'],
      ['match-v5.match', 'americas'],
    ]);
    // A bad code or match ID is refused before anything is sent.
    simulator.control.reset();
    expect(await v5.matchByTournamentCode('NA1_5000900001', 'no/slash', '')).toMatchObject({
      ok: false,
      problem: { kind: 'refused' },
    });
    expect(await v4.matchByTournamentCode('NA1_5000900001', code, 'europe')).toMatchObject({
      ok: false,
      problem: { kind: 'refused' },
    });
    expect(simulator.control.requests()).toEqual([]);
  });

  it('sends nothing for a call it can tell is wrong', async () => {
    const { service } = stack();
    const refusals = await Promise.all([
      service.summonerByPuuid(player().puuid, 'europe'),
      service.summonerByPuuid(player().puuid, 'oce1'),
      service.summonerByName('bad/name', 'euw1'),
      service.summonerByName('<script>', 'euw1'),
      service.accountByRiotId('Quiet Lantern#EUW', 'sea'),
      service.accountByRiotId('Quiet Lantern#EUW', 'euw1'),
      service.accountByRiotId('no tag line', 'europe'),
      service.match('EUW1_7101004000', 'americas'),
      service.match('EUW1_7101004000', 'euw1'),
      service.match('XX9_123', ''),
      service.recentMatchIds({ puuid: 'short', accountId: '', platform: 'euw1', count: 5 }),
    ]);
    for (const refusal of refusals)
      expect(refusal).toMatchObject({ ok: false, problem: { kind: 'refused' } });
    const messages = refusals.map((refusal) => (refusal.ok ? '' : refusal.problem.message));
    expect(messages[1]).toBe('Unknown platform "oce1". Did you mean oc1?');
    expect(messages[4]).toMatch(/^Wrong region for this endpoint/);
    expect(messages[7]).toMatch(/EUW1_7101004000 was played on euw1, so it is on europe, not americas/);
    expect(simulator.control.requests()).toEqual([]);
  });

  it('shows what the server would have said: the same calls sent raw get the spec’s 403s', async () => {
    const base = simulator.url;
    const get = (path: string) =>
      http.send({ url: `${base}${path}`, headers: { 'x-riot-token': SIMULATOR_API_KEY } });
    expect(await get('/europe/lol/summoner/v4/summoners/by-puuid/abc')).toMatchObject({ status: 403 });
    expect(await get('/oce1/lol/summoner/v4/summoners/by-puuid/abc')).toMatchObject({ status: 403 });
    expect(await get('/euw1/lol/summoner/v4/summoners/by-name/bad%2Fname')).toMatchObject({ status: 403 });
    expect(await get('/sea/riot/account/v1/accounts/by-puuid/abc')).toMatchObject({ status: 403 });
  });

  it('sends the key as api_key in query mode and keeps it out of the logs', async () => {
    const { service, lines } = stack({ authMode: 'query' });
    simulator.control.failNext(1, 500);
    const account = await service.accountByRiotId('Brightwater#NA1', 'americas');
    expect(account.ok).toBe(true);
    expect(simulator.control.requests().map((request) => request.auth)).toEqual(['query', 'query']);
    const text = lines.join('\n');
    expect(text).toContain('api_key=[redacted]');
    expect(text).not.toContain(SIMULATOR_API_KEY);
  });

  it('rides out a 5xx burst with at most 3 retries', async () => {
    const { service } = stack();
    simulator.control.failNext(3, 502);
    expect((await service.accountByRiotId('Brightwater#NA1', 'americas')).ok).toBe(true);
    expect(simulator.control.stats().total).toBe(4);
    simulator.control.reset();
    simulator.control.failNext(10, 503);
    const failed = await service.accountByRiotId('Brightwater#NA1', 'americas');
    expect(failed).toMatchObject({ ok: false, problem: { kind: 'unavailable', status: 503 } });
    expect(simulator.control.stats().total).toBe(4);
  });

  it('honours a service 429 with Retry-After, and backs off from one without headers', async () => {
    const { service } = stack();
    simulator.control.rateLimitNext({ type: 'service', retryAfterSeconds: 1 });
    const started = Date.now();
    expect((await service.accountByRiotId('Brightwater#NA1', 'americas')).ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(simulator.control.stats().byStatus).toEqual({ '200': 1, '429': 1 });
    simulator.control.reset();
    simulator.control.rateLimitNext({ type: null, count: 2 });
    expect((await service.accountByRiotId('Brightwater#NA1', 'americas')).ok).toBe(true);
    expect(simulator.control.stats().byStatus).toEqual({ '200': 1, '429': 2 });
  });

  it('rejects a revoked key once, then pauses rather than keep calling', async () => {
    simulator.control.revokeKey(SIMULATOR_API_KEY);
    try {
      const { service, guard } = stack();
      const first = await service.accountByRiotId('Brightwater#NA1', 'americas');
      expect(first).toMatchObject({ ok: false, problem: { kind: 'key-rejected', status: 403 } });
      await service.accountByRiotId('Brightwater#NA1', 'americas');
      await service.accountByRiotId('Brightwater#NA1', 'americas');
      expect(guard.state.paused).toBe(true);
      const paused = await service.accountByRiotId('Brightwater#NA1', 'americas');
      expect(paused).toMatchObject({ ok: false, problem: { kind: 'paused' } });
      // Each refusal was checked once with platform status, refused too: a bad key, not a route.
      expect(simulator.control.requests().map((request) => request.endpoint)).toEqual(
        Array.from({ length: 3 }, () => ['account-v1.byRiotId', 'lol-status-v4.platformData']).flat(),
      );
    } finally {
      simulator.control.addKey(SIMULATOR_API_KEY);
    }
  });

  it('says so when summoner-by-name has been removed', async () => {
    simulator.control.removeEndpoint('summoner-v4.byName');
    const result = await stack().service.summonerByName('Quiet Lantern', 'euw1');
    expect(result.ok === false && result.problem.message).toMatch(/deprecated and may have been removed/);
  });

  it('reports a removed route as removed, not as a rejected key, and does not pause the key', async () => {
    simulator.control.removeEndpoint('match-v5.match');
    const { service, guard } = stack();
    for (let i = 0; i < 4; i += 1) {
      const result = await service.match('EUW1_7101004000', '');
      expect(result).toMatchObject({ ok: false, problem: { kind: 'route-refused', status: 403 } });
      expect(!result.ok && result.problem.message).toMatch(
        /^This lookup \(match-v5\.match\) was refused \(403\) while your key works/,
      );
    }
    expect(guard.state.paused).toBe(false);
    expect(simulator.control.requests().slice(0, 2)).toMatchObject([
      { endpoint: 'match-v5.match', status: 403 },
      { endpoint: 'lol-status-v4.platformData', routing: 'euw1', status: 200 },
    ]);
    expect((await service.accountByRiotId('Brightwater#NA1', 'americas')).ok).toBe(true);
  });

  it('pages a long match list newest first with start/count, and filters it by queue, type and time', async () => {
    const { service } = stack();
    const comet = simulator.control.dataset.players.find((entry) => entry.gameName === 'Paper Comet');
    if (!comet) throw new Error('the simulator lost Paper Comet');
    const list = (page: Partial<MatchListPage>) =>
      service.recentMatchIds({ puuid: comet.puuid, accountId: '', platform: 'euw1', count: 10, ...page });
    const pages = await Promise.all([0, 10, 20, 30].map((start) => list({ start })));
    const ids = pages.map((page) => (page.ok ? page.value.matchIds : null));
    expect(ids.map((page) => page?.length)).toEqual([10, 10, 10, 0]);
    const all = ids.flatMap((page) => page ?? []);
    expect(new Set(all).size).toBe(30);
    const gameIds = all.map((id) => Number(id.split('_')[1]));
    expect(gameIds).toEqual([...gameIds].sort((a, b) => b - a));
    const hundred = await list({ count: 100 });
    expect(hundred.ok && hundred.value.matchIds).toEqual(all);

    const swarm = await list({ queue: 1820 });
    expect(swarm.ok && swarm.value.matchIds).toEqual([all[7]]);
    const ranked = await list({ type: 'ranked', count: 100 });
    const rankedIds = ranked.ok ? ranked.value.matchIds : [];
    expect(rankedIds.length).toBeGreaterThan(0);
    expect(rankedIds.length).toBeLessThan(30);
    for (const id of rankedIds.slice(0, 3)) {
      const match = await service.match(id, '');
      expect(match.ok && [420, 440].includes(match.value.queueId)).toBe(true);
    }
    // A time span in epoch seconds: the 4th to the 6th newest games.
    const starts = await Promise.all(all.slice(3, 6).map((id) => service.match(id, '')));
    const seconds = starts.map((match) => (match.ok ? Math.floor((match.value.startedAt ?? 0) / 1000) : 0));
    const span = await list({ startTime: Math.min(...seconds), endTime: Math.max(...seconds) });
    expect(span.ok && span.value.matchIds).toEqual(all.slice(3, 6));
    const query = simulator.control.requests().find((request) => request.path.includes('startTime'));
    expect(query?.path).toContain(`startTime=${Math.min(...seconds)}`);
  });

  it('names Swarm and Swiftplay without static data, and marks an aborted record', async () => {
    const { service } = stack();
    const comet = simulator.control.dataset.players.find((entry) => entry.gameName === 'Paper Comet');
    const ids = comet ? simulator.control.dataset.recentGameIds(comet) : [];
    const view = async (slot: number) => {
      const match = await service.match(`EUW1_${ids[slot] ?? 0}`, '');
      if (!match.ok) throw new Error(match.problem.message);
      return match.value;
    };
    expect(await view(3)).toMatchObject({ queueId: 480, queueLabel: 'Swiftplay', aborted: false });
    expect(await view(7)).toMatchObject({ queueId: 1820, queueLabel: 'Swarm Mode', gameMode: 'STRAWBERRY' });
    expect(await view(12)).toMatchObject({ aborted: true, durationSeconds: 0 });
    expect(await view(0)).toMatchObject({ aborted: false });
  });

  it('reads a platform’s status: nothing wrong, then a scripted incident in the asked locale', async () => {
    const { service } = stack();
    expect(await service.platformStatus('euw1', 'de_DE')).toEqual({
      ok: true,
      value: { platform: 'euw1', name: 'EU West', notices: [] },
    });
    simulator.control.setPlatformStatus('euw1', [
      {
        kind: 'incident',
        severity: 'critical',
        titles: { en_US: 'Login issues', de_DE: 'Anmeldeprobleme' },
        updates: [
          { en_US: 'Investigating.' },
          { en_US: 'A fix is rolling out.', de_DE: 'Ein Fix wird verteilt.' },
        ],
      },
      { kind: 'maintenance', maintenanceStatus: 'complete', titles: { en_US: 'Done yesterday' } },
    ]);
    expect(await service.platformStatus('euw1', 'de-DE')).toEqual({
      ok: true,
      value: {
        platform: 'euw1',
        name: 'EU West',
        notices: [
          {
            kind: 'incident',
            severity: 'critical',
            maintenanceStatus: '',
            title: 'Anmeldeprobleme',
            latestUpdate: 'Ein Fix wird verteilt.',
          },
        ],
      },
    });
    expect(simulator.control.requests().at(-1)).toMatchObject({ endpoint: 'lol-status-v4.platformData' });
  });

  it('identifies a signed-in player with their access token, not the key', async () => {
    simulator.control.addAccessToken('rso-access-token-1', player().puuid);
    const { service, lines } = stack({ key: null });
    const account = await service.signedInAccount('rso-access-token-1', 'europe');
    expect(account).toMatchObject({ ok: true, value: { gameName: 'Quiet Lantern', tagLine: 'EUW' } });
    expect(simulator.control.requests()).toMatchObject([{ endpoint: 'account-v1.me', auth: 'bearer' }]);
    expect(lines.join('\n')).not.toContain('rso-access-token-1');
    const refused = await service.signedInAccount('rso-access-token-1', 'sea');
    expect(refused).toMatchObject({ ok: false, problem: { kind: 'refused' } });
  });

  it('asks for a key before sending anything when there is none', async () => {
    const result = await stack({ key: null }).service.match('EUW1_7101004000', '');
    expect(result).toMatchObject({ ok: false, problem: { kind: 'no-key' } });
    expect(simulator.control.requests()).toEqual([]);
  });

  it('fetches many matches concurrently through the limiter without one 429', async () => {
    simulator.control.setAppLimits('10:1,25:3');
    const { service } = stack();
    const ids = Array.from({ length: 30 }, (_, index) => `EUW1_${7_100_500_000 + index}`);
    const started = Date.now();
    const results = await Promise.all(ids.map((id) => service.match(id, 'europe')));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(simulator.control.stats().rateLimited).toBe(0);
    // 25 in the first 3 s window, the last 5 when it ends.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  }, 20_000);

  it('cancels a call that waits for the limit, without sending it', async () => {
    simulator.control.setAppLimits('1:2');
    const { service } = stack();
    expect((await service.accountByRiotId('Brightwater#NA1', 'americas')).ok).toBe(true);
    const controller = new AbortController();
    const waiting = service.accountByRiotId('Brightwater#NA1', 'americas', controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect(await waiting).toMatchObject({ ok: false, problem: { kind: 'cancelled' } });
    expect(simulator.control.stats().total).toBe(1);
  });
});
