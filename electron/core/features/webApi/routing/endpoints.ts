import { ACCOUNT_REGIONS } from '@shared/contract';
import type { RoutingRule } from './routingValues';

/**
 * Every endpoint Sightline calls, with the kind of host it takes. The brand segment of the spec's
 * neutral `/game/` paths is `lol` on the real hosts. v4 are the spec's paths, v5 today's.
 */
export interface Endpoint {
  id: string;
  /** Plural noun phrase for messages: "match lookups take a region". */
  label: string;
  routing: RoutingRule;
  /** With {param} slots, filled in URL-encoded. */
  path: string;
  /** key: the user's API key; bearer: a signed-in player's access token (no key). */
  auth: 'key' | 'bearer';
  /** GET unless said otherwise; POST and PUT carry the call's JSON body. */
  method?: 'GET' | 'POST' | 'PUT';
}

const endpoint = (
  id: string,
  label: string,
  routing: RoutingRule,
  path: string,
  auth: Endpoint['auth'] = 'key',
) => ({ id, label, routing, path, auth }) satisfies Endpoint;

const platform: RoutingRule = { kind: 'platform' };
const region: RoutingRule = { kind: 'region' };
const accountRegion: RoutingRule = { kind: 'region', only: ACCOUNT_REGIONS };

export const ENDPOINTS = {
  accountByRiotId: endpoint(
    'account-v1.byRiotId',
    'account lookups',
    accountRegion,
    '/riot/account/v1/accounts/by-riot-id/{gameName}/{tagLine}',
  ),
  accountByPuuid: endpoint(
    'account-v1.byPuuid',
    'account lookups',
    accountRegion,
    '/riot/account/v1/accounts/by-puuid/{puuid}',
  ),
  /** AccountRegionDTO: `region` is the platform the player plays League on (euw1). */
  accountPlatform: endpoint(
    'account-v1.regionByPuuid',
    'platform lookups',
    accountRegion,
    '/riot/account/v1/region/by-game/lol/by-puuid/{puuid}',
  ),
  accountMe: endpoint(
    'account-v1.me',
    'signed-in account lookups',
    accountRegion,
    '/riot/account/v1/accounts/me',
    'bearer',
  ),
  summonerByPuuid: endpoint(
    'summoner-v4.byPuuid',
    'summoner lookups',
    platform,
    '/lol/summoner/v4/summoners/by-puuid/{puuid}',
  ),
  summonerById: endpoint(
    'summoner-v4.byId',
    'summoner lookups',
    platform,
    '/lol/summoner/v4/summoners/{summonerId}',
  ),
  /** Deprecated (spec 1 §9); may answer 403 once removed. */
  summonerByNameV4: endpoint(
    'summoner-v4.byName',
    'summoner-by-name lookups',
    platform,
    '/lol/summoner/v4/summoners/by-name/{summonerName}',
  ),
  /** The spec's legacy path (spec 1 §4). */
  summonerByNameV3: endpoint(
    'summoner-v3.byName',
    'summoner-by-name lookups',
    platform,
    '/lol/summoner/v3/summoners/by-name/{summonerName}',
  ),
  leagueEntriesByPuuid: endpoint(
    'league-v4.entriesByPuuid',
    'ranked entry lookups',
    platform,
    '/lol/league/v4/entries/by-puuid/{puuid}',
  ),
  leagueEntriesBySummoner: endpoint(
    'league-v4.entriesBySummoner',
    'ranked entry lookups',
    platform,
    '/lol/league/v4/entries/by-summoner/{summonerId}',
  ),
  /** lol-status-v4: a platform's incidents and maintenances; also the cheap call that shows a key works. */
  platformStatus: endpoint(
    'lol-status-v4.platformData',
    'platform status lookups',
    platform,
    '/lol/status/v4/platform-data',
  ),
  matchV5: endpoint('match-v5.match', 'match lookups', region, '/lol/match/v5/matches/{matchId}'),
  matchIdsV5: endpoint(
    'match-v5.idsByPuuid',
    'match lists',
    region,
    '/lol/match/v5/matches/by-puuid/{puuid}/ids',
  ),
  /** Tournament endpoints are served on americas only (reference §1.1). */
  tournamentGamesV5: endpoint(
    'tournament-v5.gamesByCode',
    'tournament game lookups',
    { kind: 'region', only: ['americas'] },
    '/lol/tournament/v5/games/by-code/{tournamentCode}',
  ),
  matchV4: endpoint('match-v4.match', 'match lookups', platform, '/lol/match/v4/matches/{matchId}'),
  matchByCodeV4: endpoint(
    'match-v4.matchByCode',
    'tournament match lookups',
    platform,
    '/lol/match/v4/matches/{matchId}/by-tournament-code/{tournamentCode}',
  ),
  matchIdsByCodeV4: endpoint(
    'match-v4.idsByCode',
    'tournament match lists',
    platform,
    '/lol/match/v4/matches/by-tournament-code/{tournamentCode}/ids',
  ),
  matchlistV4: endpoint(
    'match-v4.matchlist',
    'match lists',
    platform,
    '/lol/match/v4/matchlists/by-account/{accountId}',
  ),
} as const;

export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
