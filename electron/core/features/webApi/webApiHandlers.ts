import {
  AppRequestError,
  type AppErrorCode,
  type WebApiKeyStatus,
  type WebApiRequestOutputs,
  type WebApiServiceAnswer,
  type WebApiServiceCall,
} from '@shared/contract';
import type { FeatureContext } from '../../platform/feature/feature';
import type { RequestHandlers } from '../../platform/router/requestRouter';
import type { WebApiProblemKind, WebApiResult } from './client/webApiProblem';
import type { DeskMatchByCode } from './deskMatchByCode';
import type { ApiKeyStore } from './key/apiKeyStore';
import type { PlatformStatusLookup } from './records/platformStatusCache';
import type { WebApiStack } from './webApiStack';

/** How each web API problem reaches a view; other features of the core answer with the same codes. */
export const WEB_API_ERROR_CODES: Record<WebApiProblemKind, AppErrorCode> = {
  refused: 'bad-input',
  'no-key': 'unsupported',
  paused: 'unsupported',
  'key-rejected': 'io',
  'route-refused': 'unsupported',
  'not-found': 'not-found',
  'bad-request': 'io',
  'rate-limited': 'io',
  unavailable: 'io',
  untrusted: 'io',
  cancelled: 'io',
};

/** The key's requests, the player and match pages' lookups, and the command line's calls to the service. */
export function createWebApiHandlers(
  context: Pick<FeatureContext, 'settings' | 'logger'>,
  deps: {
    keys: ApiKeyStore;
    stack: Pick<WebApiStack, 'limiter' | 'guard' | 'service'>;
    platformStatus: PlatformStatusLookup;
    matchByDeskCode: DeskMatchByCode;
    keyStatus(): Promise<WebApiKeyStatus>;
    /** Pushes the key's status to the `webApi` slice, and answers it. */
    publishKey(): Promise<WebApiKeyStatus>;
    fingerprint(): Promise<string | null>;
    /** Aborted when the app stops: ends calls still waiting on a limit. */
    signal: AbortSignal;
  },
): Pick<RequestHandlers, keyof WebApiRequestOutputs> {
  const { settings, logger } = context;
  const { keys, platformStatus, matchByDeskCode, keyStatus, publishKey, fingerprint, signal } = deps;
  const { limiter, guard, service } = deps.stack;

  const answer = async <T>(result: Promise<WebApiResult<T>>): Promise<T> => {
    const settled = await result;
    if (settled.ok) return settled.value;
    throw new AppRequestError({
      code: WEB_API_ERROR_CODES[settled.problem.kind],
      message: settled.problem.message,
    });
  };

  // The command line's lookups, answered as the service gave them so it prints what it prints alone.
  const callForCommandLine = async (call: WebApiServiceCall): Promise<WebApiServiceAnswer> => {
    switch (call.method) {
      case 'accountByRiotId':
        return {
          method: call.method,
          result: await service.accountByRiotId(call.riotId, call.region, signal),
        };
      case 'summonerByName':
        return {
          method: call.method,
          result: await service.summonerByName(call.name, call.platform, signal),
        };
      case 'match':
        return { method: call.method, result: await service.match(call.matchId, call.routing, signal) };
      case 'matchByDeskCode':
        return {
          method: call.method,
          result: await matchByDeskCode(call.matchId, call.code, call.routing, signal),
        };
    }
  };

  return {
    'webApi.key.status': () => keyStatus(),
    'webApi.key.set': async ({ key, kind }) => {
      await keys.save(key);
      logger.addSecret(key.trim());
      await settings.update({ webApi: { keyKind: kind } });
      // Another key has its own limits, and deserves a fresh start.
      limiter.reset();
      guard.resume();
      return publishKey();
    },
    'webApi.key.sameAs': async ({ fingerprint: other }) => (await fingerprint()) === other,
    'webApi.key.clear': async () => {
      await keys.clear();
      limiter.reset();
      return publishKey();
    },
    'webApi.resume': async () => {
      guard.resume();
      return guard.state;
    },
    'webApi.account.byRiotId': ({ riotId, region }) =>
      answer(service.accountByRiotId(riotId, region, signal)),
    'webApi.account.platform': async ({ puuid, region }) => {
      const platform = await answer(service.playerPlatform(puuid, region, signal));
      return { puuid, platform };
    },
    'webApi.summoner.byPuuid': ({ puuid, platform }) =>
      answer(service.summonerByPuuid(puuid, platform, signal)),
    'webApi.summoner.byName': ({ name, platform }) => answer(service.summonerByName(name, platform, signal)),
    'webApi.league.entries': ({ puuid, summonerId, platform }) =>
      answer(service.leagueEntries({ puuid, summonerId, platform }, signal)),
    'webApi.matches.recent': (page) => answer(service.recentMatchIds(page, signal)),
    'webApi.status.platform': ({ platform, locale }) => answer(platformStatus(platform, locale, signal)),
    'webApi.match.get': ({ matchId, routing }) => answer(service.match(matchId, routing, signal)),
    'webApi.match.byCode': ({ matchId, code, routing }) =>
      answer(matchByDeskCode(matchId, code, routing, signal)),
    'webApi.service.call': callForCommandLine,
  };
}
