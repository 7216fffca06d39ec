import { PLATFORM_REGION, type PlatformId } from '../../../shared/contract';
import type { PlatformStatusBoard } from './platformStatus';
import type { SimMatch, WebApiDataset } from './webApiDataset';
import {
  accountRecord,
  accountRegionRecord,
  leagueEntriesRecord,
  matchlistV4Record,
  matchV4Record,
  matchV5Record,
  summonerRecord,
  tournamentGameRecord,
} from './webApiRecords';

/**
 * Every endpoint the simulator serves, with the kind of routing value it takes (spec 1 §2.1). The platform
 * → region table is the spec's, in the contract; the routes themselves are the simulator's own.
 */

/** The region a platform id belongs to, for ids the spec knows. */
const regionOf = (platform: string): string | undefined =>
  Object.hasOwn(PLATFORM_REGION, platform) ? PLATFORM_REGION[platform as PlatformId] : undefined;

export interface RouteRequest {
  routing: string;
  params: string[];
  query: URLSearchParams;
  /** The signed-in player of a bearer request. */
  bearerPuuid: string | null;
  /** The parsed JSON body of a POST or PUT; null without one. */
  body?: unknown;
}

export interface RouteAnswer {
  status: number;
  body: unknown;
}

export interface SimRoute {
  id: string;
  pattern: RegExp;
  kind: 'platform' | 'region';
  only?: string[];
  auth: 'key' | 'bearer';
  /** GET unless said otherwise. */
  method?: 'GET' | 'POST' | 'PUT';
  /** Indexes of path parameters that are names (spec 1 §7: letters, digits, space, _ and . only). */
  names?: number[];
  handle(request: RouteRequest): RouteAnswer;
}

export const notFound = (message: string): RouteAnswer => ({
  status: 404,
  body: { status: { message: `Data not found - ${message}`, status_code: 404 } },
});
const ok = (body: unknown): RouteAnswer => ({ status: 200, body });
const badRequest = (message: string): RouteAnswer => ({
  status: 400,
  body: { status: { message: `Bad request - ${message}`, status_code: 400 } },
});

/** match-v5's list filters: queue, type, and startTime/endTime in epoch seconds (absent: no filter). */
function matchesFilters(match: SimMatch | null, query: URLSearchParams, data: WebApiDataset): boolean {
  if (!match) return false;
  const queue = query.get('queue');
  if (queue !== null && Number(queue) !== match.queueId) return false;
  const type = query.get('type');
  const typeOf = match.tournamentCode ? 'tourney' : data.isRanked(match.queueId) ? 'ranked' : 'normal';
  if (type !== null && type !== typeOf) return false;
  const startedSeconds = Math.floor(match.startedAt / 1000);
  const startTime = query.get('startTime');
  if (startTime !== null && startedSeconds < Number(startTime)) return false;
  const endTime = query.get('endTime');
  return endTime === null || startedSeconds <= Number(endTime);
}
const ACCOUNT_REGIONS = ['americas', 'asia', 'europe'];

export function webApiRoutes(data: WebApiDataset, status: PlatformStatusBoard): SimRoute[] {
  const matchV5 = (matchId: string, region: string): RouteAnswer => {
    const [platformPart = '', gameId = ''] = matchId.split('_');
    const platform = platformPart.toLowerCase();
    const match = regionOf(platform) === region ? data.match(platform, Number(gameId)) : null;
    return match ? ok(matchV5Record(match)) : notFound('match file not found');
  };

  return [
    {
      id: 'account-v1.byRiotId',
      pattern: /^\/riot\/account\/v1\/accounts\/by-riot-id\/([^/]+)\/([^/]+)$/,
      kind: 'region',
      only: ACCOUNT_REGIONS,
      auth: 'key',
      // Not spec 1 §7's name rule: Riot IDs have tags with spaces and names with combining marks.
      handle: ({ params: [gameName = '', tagLine = ''] }) => {
        const player = data.playerByRiotId(gameName, tagLine);
        return player ? ok(accountRecord(player)) : notFound('No results found for player with riot id');
      },
    },
    {
      id: 'account-v1.byPuuid',
      pattern: /^\/riot\/account\/v1\/accounts\/by-puuid\/([^/]+)$/,
      kind: 'region',
      only: ACCOUNT_REGIONS,
      auth: 'key',
      handle: ({ params: [puuid = ''] }) => {
        const player = data.anyPlayerByPuuid(puuid);
        return player ? ok(accountRecord(player)) : notFound('account not found');
      },
    },
    {
      // account-v1's AccountRegionDTO: the platform a player plays League on ({puuid, game, region}).
      id: 'account-v1.regionByPuuid',
      pattern: /^\/riot\/account\/v1\/region\/by-game\/([^/]+)\/by-puuid\/([^/]+)$/,
      kind: 'region',
      only: ACCOUNT_REGIONS,
      auth: 'key',
      handle: ({ params: [game = '', puuid = ''] }) => {
        if (game !== 'lol' && game !== 'tft') return notFound('game not found');
        const player = data.anyPlayerByPuuid(puuid);
        return player ? ok(accountRegionRecord(player, game)) : notFound('account region not found');
      },
    },
    {
      id: 'account-v1.me',
      pattern: /^\/riot\/account\/v1\/accounts\/me$/,
      kind: 'region',
      only: ACCOUNT_REGIONS,
      auth: 'bearer',
      handle: ({ bearerPuuid }) => {
        const player = bearerPuuid ? data.playerByPuuid(bearerPuuid) : null;
        return player ? ok(accountRecord(player)) : notFound('account not found');
      },
    },
    {
      id: 'summoner-v4.byPuuid',
      pattern: /^\/lol\/summoner\/v4\/summoners\/by-puuid\/([^/]+)$/,
      kind: 'platform',
      auth: 'key',
      handle: ({ routing, params: [puuid = ''] }) => {
        const player = data.playerByPuuid(puuid);
        return player && player.platform === routing
          ? ok(summonerRecord(player))
          : notFound('summoner not found');
      },
    },
    ...(['v4', 'v3'] as const).map((version): SimRoute => ({
      id: `summoner-${version}.byName`,
      pattern: new RegExp(`^/lol/summoner/${version}/summoners/by-name/([^/]+)$`),
      kind: 'platform',
      auth: 'key',
      names: [0],
      handle: ({ routing, params: [name = ''] }) => {
        const player = data.playerBySummonerName(routing, name);
        return player ? ok(summonerRecord(player)) : notFound('summoner not found');
      },
    })),
    {
      id: 'summoner-v4.byId',
      pattern: /^\/lol\/summoner\/v4\/summoners\/([^/]+)$/,
      kind: 'platform',
      auth: 'key',
      handle: ({ routing, params: [id = ''] }) => {
        const player = data.anyPlayerBySummonerId(id);
        return player && player.platform === routing
          ? ok(summonerRecord(player))
          : notFound('summoner not found');
      },
    },
    ...(['by-puuid', 'by-summoner'] as const).map((by): SimRoute => ({
      id: by === 'by-puuid' ? 'league-v4.entriesByPuuid' : 'league-v4.entriesBySummoner',
      pattern: new RegExp(`^/lol/league/v4/entries/${by}/([^/]+)$`),
      kind: 'platform',
      auth: 'key',
      handle: ({ routing, params: [id = ''] }) => {
        const player = by === 'by-puuid' ? data.playerByPuuid(id) : data.playerBySummonerId(id);
        // An unranked player gets []; a player with no summoner on this platform, a 404.
        return player && player.platform === routing
          ? ok(leagueEntriesRecord(player, data.leagueEntries(player)))
          : notFound('summoner not found');
      },
    })),
    {
      id: 'lol-status-v4.platformData',
      pattern: /^\/lol\/status\/v4\/platform-data$/,
      kind: 'platform',
      auth: 'key',
      handle: ({ routing }) => ok(status.record(routing)),
    },
    {
      id: 'match-v5.idsByPuuid',
      pattern: /^\/lol\/match\/v5\/matches\/by-puuid\/([^/]+)\/ids$/,
      kind: 'region',
      auth: 'key',
      handle: ({ routing, params: [puuid = ''], query }) => {
        const player = data.playerByPuuid(puuid);
        // Another cluster simply has no matches of this player.
        if (!player || regionOf(player.platform) !== routing) return ok([]);
        const start = Number(query.get('start') ?? 0);
        const count = Number(query.get('count') ?? 20);
        // As the real API: count 0–100, else a 400.
        if (!Number.isInteger(count) || count < 0 || count > 100)
          return badRequest('count must be between 0 and 100');
        const kept = data
          .recentGameIds(player)
          .filter((gameId) => matchesFilters(data.match(player.platform, gameId), query, data));
        const ids = kept.map((gameId) => `${player.platform.toUpperCase()}_${gameId}`);
        return ok(ids.slice(start, start + count));
      },
    },
    {
      id: 'match-v5.match',
      pattern: /^\/lol\/match\/v5\/matches\/([A-Za-z0-9]+_\d+)$/,
      kind: 'region',
      auth: 'key',
      handle: ({ routing, params: [matchId = ''] }) => matchV5(matchId, routing),
    },
    {
      id: 'tournament-v5.gamesByCode',
      pattern: /^\/lol\/tournament\/v5\/games\/by-code\/([^/]+)$/,
      kind: 'region',
      only: ['americas'],
      auth: 'key',
      handle: ({ params: [code = ''] }) => {
        // Every game played with the code: a remake is a second one.
        const entries = data.tournamentCodes.filter((candidate) => candidate.code === code);
        if (entries.length === 0) return notFound('tournament code not found');
        return ok(
          entries.flatMap((entry) => {
            const match = data.match(entry.platform, entry.gameId);
            return match ? [tournamentGameRecord(entry, match)] : [];
          }),
        );
      },
    },
    {
      id: 'match-v4.matchByCode',
      pattern: /^\/lol\/match\/v4\/matches\/(\d+)\/by-tournament-code\/([^/]+)$/,
      kind: 'platform',
      auth: 'key',
      handle: ({ routing, params: [gameId = '', code = ''] }) => {
        const entry = data.tournamentCodes.find(
          (candidate) => candidate.code === code && candidate.gameId === Number(gameId),
        );
        const match = entry?.platform === routing ? data.match(routing, entry.gameId) : null;
        // Never anonymised (spec 1 §4).
        return match ? ok(matchV4Record(match, false)) : notFound('match file not found');
      },
    },
    {
      id: 'match-v4.idsByCode',
      pattern: /^\/lol\/match\/v4\/matches\/by-tournament-code\/([^/]+)\/ids$/,
      kind: 'platform',
      auth: 'key',
      handle: ({ routing, params: [code = ''] }) => {
        const ids = data.tournamentCodes
          .filter((candidate) => candidate.code === code && candidate.platform === routing)
          .map((entry) => entry.gameId);
        return ids.length > 0 ? ok(ids) : notFound('tournament code not found');
      },
    },
    {
      id: 'match-v4.match',
      pattern: /^\/lol\/match\/v4\/matches\/(\d+)$/,
      kind: 'platform',
      auth: 'key',
      handle: ({ routing, params: [gameId = ''] }) => {
        const match = data.match(routing, Number(gameId));
        // The standard endpoint anonymises non-ranked games (spec 1 §4).
        return match
          ? ok(matchV4Record(match, !data.isRanked(match.queueId)))
          : notFound('match file not found');
      },
    },
    {
      id: 'match-v4.matchlist',
      pattern: /^\/lol\/match\/v4\/matchlists\/by-account\/([^/]+)$/,
      kind: 'platform',
      auth: 'key',
      handle: ({ routing, params: [accountId = ''], query }) => {
        const player = data.playerByAccountId(accountId);
        if (!player || player.platform !== routing) return notFound('matchlist not found');
        const begin = Number(query.get('beginIndex') ?? 0);
        const end = Math.min(begin + 100, Number(query.get('endIndex') ?? begin + 100));
        const queue = query.get('queue');
        const ids = data
          .recentGameIds(player)
          .filter((id) => queue === null || data.match(routing, id)?.queueId === Number(queue));
        return ok(matchlistV4Record(player, ids.slice(begin, end), (id) => data.match(routing, id)));
      },
    },
  ];
}
