import {
  PLATFORM_REGION,
  type AccountView,
  type ApiVersion,
  type LeagueEntriesView,
  type MatchView,
  type PlatformId,
  type PlatformStatusView,
  type RecentMatchesView,
  type Region,
  type MatchType,
  type SummonerView,
} from '@shared/contract';
import type { z } from 'zod';
import type { WebApiClient, WebApiCall } from './client/webApiClient';
import { problem, type WebApiResult } from './client/webApiProblem';
import { leagueEntriesView } from './records/leagueView';
import { platformStatusView } from './records/platformStatusView';
import { matchViewFromV4, matchViewFromV5 } from './records/matchView';
import type { MatchLabels } from './records/matchLabels';
import {
  accountPlatformSchema,
  accountSchema,
  gameIdsV4Schema,
  leagueEntriesSchema,
  matchIdsV5Schema,
  matchlistV4Schema,
  matchV4Schema,
  matchV5Schema,
  platformDataSchema,
  summonerSchema,
  tournamentGamesV5Schema,
} from './records/recordSchemas';
import { ENDPOINTS } from './routing/endpoints';
import { locateMatch } from './routing/matchLocation';
import {
  checkMatchId,
  checkName,
  checkOpaqueId,
  checkRiotId,
  checkTournamentCode,
  type MatchId,
} from './routing/pathParams';
import { checkRouting, parsePlatform } from './routing/routingValues';

export interface WebApiServiceOptions {
  client: WebApiClient;
  /** v5 (today's paths, default) or v4 (the spec's). */
  version: () => ApiVersion;
  labels?: () => MatchLabels | null;
}

/** The web API behind one interface, whichever path version the settings pick. */
export interface WebApiService {
  accountByRiotId(riotId: string, region: string, signal?: AbortSignal): Promise<WebApiResult<AccountView>>;
  accountByPuuid(puuid: string, region: string, signal?: AbortSignal): Promise<WebApiResult<AccountView>>;
  /** The platform a player plays League on (account-v1's region by game), from any account cluster. */
  playerPlatform(puuid: string, region: string, signal?: AbortSignal): Promise<WebApiResult<PlatformId>>;
  /** The player who signed in (sign-on), with their access token instead of the key. */
  signedInAccount(
    accessToken: string,
    region: string,
    signal?: AbortSignal,
  ): Promise<WebApiResult<AccountView>>;
  summonerByPuuid(puuid: string, platform: string, signal?: AbortSignal): Promise<WebApiResult<SummonerView>>;
  summonerById(
    summonerId: string,
    platform: string,
    signal?: AbortSignal,
  ): Promise<WebApiResult<SummonerView>>;
  /** Deprecated by the API (spec 1 §9): still converts a legacy name to PUUID while it exists. */
  summonerByName(name: string, platform: string, signal?: AbortSignal): Promise<WebApiResult<SummonerView>>;
  /** A player's ranked entries on one platform, by PUUID, or by summoner ID when the PUUID is ''. */
  leagueEntries(
    player: { puuid: string; summonerId: string; platform: string },
    signal?: AbortSignal,
  ): Promise<WebApiResult<LeagueEntriesView>>;
  /** Newest first: `count` matches from `start`, narrowed by the filters that are set. */
  recentMatchIds(
    player: { puuid: string; accountId: string; platform: string } & MatchListPage,
    signal?: AbortSignal,
  ): Promise<WebApiResult<RecentMatchesView>>;
  /** A platform's incidents and maintenances (lol-status-v4), titles in `locale` or English. */
  platformStatus(
    platform: string,
    locale: string,
    signal?: AbortSignal,
  ): Promise<WebApiResult<PlatformStatusView>>;
  /** `routing` may be left empty: the match ID names its platform. */
  match(matchId: string, routing: string, signal?: AbortSignal): Promise<WebApiResult<MatchView>>;
  /**
   * A match through the tournament code it was played with, its players named (spec 1 §4): v4 through
   * match-by-code; v5, which has no such route (reference §1.5), through the match, whose record must name
   * the code. A code that did not make this match is a 404. Views and the CLI ask for it only with a code
   * the desk created (deskMatchByCode.ts).
   */
  matchByTournamentCode(
    matchId: string,
    code: string,
    routing: string,
    signal?: AbortSignal,
  ): Promise<WebApiResult<MatchView>>;
  matchIdsByTournamentCode(
    code: string,
    platform: string,
    signal?: AbortSignal,
  ): Promise<WebApiResult<string[]>>;
  matchesByTournamentCode(
    code: string,
    platform: string,
    signal?: AbortSignal,
  ): Promise<WebApiResult<MatchView[]>>;
}

/** A page of a match list and its filters; times are epoch seconds, as match-v5 takes them. */
export interface MatchListPage {
  start?: number;
  count: number;
  queue?: number;
  type?: MatchType;
  startTime?: number;
  endTime?: number;
}

/** Only the filters that are set: the API reads an absent one as no filter. */
function setFilters(
  query: Record<string, string | number>,
  filters: Record<string, string | number | undefined>,
) {
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) query[name] = value;
  return query;
}

export function createWebApiService(options: WebApiServiceOptions): WebApiService {
  const { client } = options;
  const labels = () => options.labels?.() ?? null;

  /** Calls and reads the answer with a schema; a 404 gets the caller's sentence. */
  async function fetchRecord<S extends z.ZodType>(
    call: WebApiCall,
    schema: S,
    notFound: string,
  ): Promise<WebApiResult<z.output<S>>> {
    const result = await client.call(call);
    if (!result.ok) {
      return result.problem.kind === 'not-found' ? problem('not-found', notFound, 404) : result;
    }
    const parsed = schema.safeParse(result.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return problem(
        'unavailable',
        `The API sent a ${call.endpoint.label.replace(/s$/, '')} record Sightline cannot read (${issue?.path.join('.') || 'top'}: ${issue?.message}).`,
      );
    }
    return { ok: true, value: parsed.data };
  }

  const platformOf = (raw: string): WebApiResult<PlatformId> => {
    const checked = checkRouting({ kind: 'platform' }, raw, 'these lookups');
    return checked.ok
      ? { ok: true, value: checked.value as PlatformId }
      : problem('refused', checked.message);
  };

  const summoner = async (call: WebApiCall, notFound: string): Promise<WebApiResult<SummonerView>> => {
    const record = await fetchRecord(call, summonerSchema, notFound);
    if (!record.ok) return record;
    const platform = parsePlatform(call.routing) ?? 'na1';
    return { ok: true, value: { ...record.value, platform } };
  };

  const account = async (call: WebApiCall, notFound: string): Promise<WebApiResult<AccountView>> => {
    const record = await fetchRecord(call, accountSchema, notFound);
    if (!record.ok) return record;
    return { ok: true, value: { ...record.value, region: call.routing.trim().toLowerCase() as Region } };
  };

  const matchV5 = async (id: MatchId, signal?: AbortSignal): Promise<WebApiResult<MatchView>> => {
    const record = await fetchRecord(
      { endpoint: ENDPOINTS.matchV5, routing: id.region, params: { matchId: id.id }, signal },
      matchV5Schema,
      `Match ${id.id} was not found on ${id.region}.`,
    );
    return record.ok ? { ok: true, value: matchViewFromV5(record.value, labels()) } : record;
  };

  const matchV4 = async (
    id: MatchId,
    tournamentCode: string,
    signal?: AbortSignal,
  ): Promise<WebApiResult<MatchView>> => {
    const call: WebApiCall = tournamentCode
      ? {
          endpoint: ENDPOINTS.matchByCodeV4,
          routing: id.platform,
          params: { matchId: id.gameId, tournamentCode },
          signal,
        }
      : { endpoint: ENDPOINTS.matchV4, routing: id.platform, params: { matchId: id.gameId }, signal };
    const notFound = tournamentCode
      ? `Match ${id.id} was not played with the tournament code ${tournamentCode}.`
      : `Match ${id.id} was not found on ${id.platform}.`;
    const record = await fetchRecord(call, matchV4Schema, notFound);
    if (!record.ok) return record;
    return {
      ok: true,
      value: matchViewFromV4(
        record.value,
        { platform: id.platform, source: tournamentCode ? 'tournament-code' : 'standard', tournamentCode },
        labels(),
      ),
    };
  };

  /**
   * v5 has no match-by-code (reference §1.5) and match-v5 never anonymises: the record's own
   * tournamentCode must name the code. One call, and no tournament key needed.
   */
  const matchV5ByCode = async (
    id: MatchId,
    code: string,
    signal?: AbortSignal,
  ): Promise<WebApiResult<MatchView>> => {
    const match = await matchV5(id, signal);
    if (!match.ok) return match;
    if (match.value.tournamentCode !== code)
      return problem('not-found', `Match ${id.id} was not played with the tournament code ${code}.`, 404);
    return { ok: true, value: { ...match.value, source: 'tournament-code' } };
  };

  const service: WebApiService = {
    async accountByRiotId(riotId, region, signal) {
      const id = checkRiotId(riotId);
      if (!id.ok) return problem('refused', id.message);
      return account(
        { endpoint: ENDPOINTS.accountByRiotId, routing: region, params: { ...id.value }, signal },
        `No account with the Riot ID ${id.value.gameName}#${id.value.tagLine}. Check the spelling and the tag.`,
      );
    },

    async accountByPuuid(puuid, region, signal) {
      const id = checkOpaqueId(puuid, 'PUUID');
      if (!id.ok) return problem('refused', id.message);
      return account(
        { endpoint: ENDPOINTS.accountByPuuid, routing: region, params: { puuid: id.value }, signal },
        'No account with that PUUID.',
      );
    },

    async playerPlatform(puuid, region, signal) {
      const id = checkOpaqueId(puuid, 'PUUID');
      if (!id.ok) return problem('refused', id.message);
      const record = await fetchRecord(
        { endpoint: ENDPOINTS.accountPlatform, routing: region, params: { puuid: id.value }, signal },
        accountPlatformSchema,
        'This account has no League of Legends platform on record: pick the platform they play on.',
      );
      if (!record.ok) return record;
      const platform = parsePlatform(record.value.region);
      return platform
        ? { ok: true, value: platform }
        : problem(
            'unavailable',
            `The API says this player plays on "${record.value.region}", a platform Sightline does not know: leave the platform to be found from the account, or pick the one they play on.`,
          );
    },

    async signedInAccount(accessToken, region, signal) {
      return account(
        { endpoint: ENDPOINTS.accountMe, routing: region, accessToken, signal },
        'The sign-on token names no account.',
      );
    },

    async summonerByPuuid(puuid, platform, signal) {
      const id = checkOpaqueId(puuid, 'PUUID');
      if (!id.ok) return problem('refused', id.message);
      return summoner(
        { endpoint: ENDPOINTS.summonerByPuuid, routing: platform, params: { puuid: id.value }, signal },
        `This player has no summoner on ${platform.trim().toLowerCase()}: leave the platform to be found from the account, or pick the one they play on.`,
      );
    },

    async summonerById(summonerId, platform, signal) {
      const id = checkOpaqueId(summonerId, 'summoner ID');
      if (!id.ok) return problem('refused', id.message);
      return summoner(
        { endpoint: ENDPOINTS.summonerById, routing: platform, params: { summonerId: id.value }, signal },
        `No summoner with that ID on ${platform.trim().toLowerCase()}.`,
      );
    },

    async summonerByName(name, platform, signal) {
      const checked = checkName(name, 'summoner name');
      if (!checked.ok) return problem('refused', checked.message);
      const endpoint = options.version() === 'v4' ? ENDPOINTS.summonerByNameV3 : ENDPOINTS.summonerByNameV4;
      return summoner(
        { endpoint, routing: platform, params: { summonerName: checked.value }, signal },
        `No summoner named "${checked.value}" on ${platform.trim().toLowerCase()}.`,
      );
    },

    async leagueEntries({ puuid, summonerId, platform }, signal) {
      const where = platformOf(platform);
      if (!where.ok) return where;
      const byPuuid = puuid.trim() !== '';
      const id = byPuuid ? checkOpaqueId(puuid, 'PUUID') : checkOpaqueId(summonerId, 'summoner ID');
      if (!id.ok) return problem('refused', id.message);
      const call: WebApiCall = byPuuid
        ? {
            endpoint: ENDPOINTS.leagueEntriesByPuuid,
            routing: where.value,
            params: { puuid: id.value },
            signal,
          }
        : {
            endpoint: ENDPOINTS.leagueEntriesBySummoner,
            routing: where.value,
            params: { summonerId: id.value },
            signal,
          };
      const entries = await fetchRecord(
        call,
        leagueEntriesSchema,
        `This player has no summoner on ${where.value}: leave the platform to be found from the account, or pick the one they play on.`,
      );
      return entries.ok
        ? { ok: true, value: { platform: where.value, entries: leagueEntriesView(entries.value) } }
        : entries;
    },

    async recentMatchIds({ puuid, accountId, platform, ...page }, signal) {
      const where = platformOf(platform);
      if (!where.ok) return where;
      const start = page.start ?? 0;
      const noneFound = start > 0 ? 'No more matches for this player.' : 'No matches found for this player.';
      if (options.version() === 'v5') {
        const id = checkOpaqueId(puuid, 'PUUID');
        if (!id.ok) return problem('refused', id.message);
        const region = PLATFORM_REGION[where.value];
        const query = setFilters(
          { start, count: page.count },
          { queue: page.queue, type: page.type, startTime: page.startTime, endTime: page.endTime },
        );
        const ids = await fetchRecord(
          { endpoint: ENDPOINTS.matchIdsV5, routing: region, params: { puuid: id.value }, query, signal },
          matchIdsV5Schema,
          noneFound,
        );
        return ids.ok ? { ok: true, value: { routing: region, matchIds: ids.value } } : ids;
      }
      const id = checkOpaqueId(accountId, 'account ID');
      if (!id.ok)
        return problem('refused', `The v4 match list needs the summoner's account ID. ${id.message}`);
      if (page.type !== undefined)
        return problem('refused', 'The v4 match list cannot filter by match type: filter by queue instead.');
      // v4 pages by index and filters time in epoch milliseconds.
      const query = setFilters(
        { beginIndex: start, endIndex: start + page.count },
        {
          queue: page.queue,
          beginTime: page.startTime === undefined ? undefined : page.startTime * 1000,
          endTime: page.endTime === undefined ? undefined : page.endTime * 1000,
        },
      );
      const list = await fetchRecord(
        {
          endpoint: ENDPOINTS.matchlistV4,
          routing: where.value,
          params: { accountId: id.value },
          query,
          signal,
        },
        matchlistV4Schema,
        noneFound,
      );
      if (!list.ok) return list;
      const prefix = where.value.toUpperCase();
      return {
        ok: true,
        value: {
          routing: where.value,
          matchIds: list.value.matches.map((entry) => `${entry.platformId || prefix}_${entry.gameId}`),
        },
      };
    },

    async platformStatus(platform, locale, signal) {
      const where = platformOf(platform);
      if (!where.ok) return where;
      const record = await fetchRecord(
        { endpoint: ENDPOINTS.platformStatus, routing: where.value, signal },
        platformDataSchema,
        `No status for ${where.value}.`,
      );
      return record.ok ? { ok: true, value: platformStatusView(record.value, where.value, locale) } : record;
    },

    async match(matchId, routing, signal) {
      const version = options.version();
      const located = locateMatch(matchId, routing, version);
      if (!located.ok) return problem('refused', located.message);
      return version === 'v5' ? matchV5(located.value.id, signal) : matchV4(located.value.id, '', signal);
    },

    async matchByTournamentCode(matchId, code, routing, signal) {
      const version = options.version();
      const located = locateMatch(matchId, routing, version);
      if (!located.ok) return problem('refused', located.message);
      const checked = checkTournamentCode(code);
      if (!checked.ok) return problem('refused', checked.message);
      return version === 'v5'
        ? matchV5ByCode(located.value.id, checked.value, signal)
        : matchV4(located.value.id, checked.value, signal);
    },

    async matchIdsByTournamentCode(code, platform, signal) {
      const checked = checkTournamentCode(code);
      if (!checked.ok) return problem('refused', checked.message);
      const where = platformOf(platform);
      if (!where.ok) return where;
      if (options.version() === 'v5') {
        const games = await fetchRecord(
          {
            endpoint: ENDPOINTS.tournamentGamesV5,
            routing: 'americas',
            params: { tournamentCode: checked.value },
            signal,
          },
          tournamentGamesV5Schema,
          `No games recorded for the tournament code ${checked.value} yet.`,
        );
        if (!games.ok) return games;
        return {
          ok: true,
          value: games.value.map((game) => `${(game.region || where.value).toUpperCase()}_${game.gameId}`),
        };
      }
      const ids = await fetchRecord(
        {
          endpoint: ENDPOINTS.matchIdsByCodeV4,
          routing: where.value,
          params: { tournamentCode: checked.value },
          signal,
        },
        gameIdsV4Schema,
        `No games recorded for the tournament code ${checked.value} yet.`,
      );
      return ids.ok
        ? { ok: true, value: ids.value.map((gameId) => `${where.value.toUpperCase()}_${gameId}`) }
        : ids;
    },

    async matchesByTournamentCode(code, platform, signal) {
      const ids = await service.matchIdsByTournamentCode(code, platform, signal);
      if (!ids.ok) return ids;
      const version = options.version();
      const matches = await Promise.all(
        ids.value.map((raw) => {
          const id = checkMatchId(raw);
          if (!id.ok) return problem('refused', id.message);
          return version === 'v5'
            ? matchV5ByCode(id.value, code.trim(), signal)
            : matchV4(id.value, code.trim(), signal);
        }),
      );
      const failed = matches.find((match) => !match.ok);
      if (failed && !failed.ok) return failed;
      return { ok: true, value: matches.flatMap((match) => (match.ok ? [match.value] : [])) };
    },
  };
  return service;
}
