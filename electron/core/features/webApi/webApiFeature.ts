import {
  AppRequestError,
  type AppErrorCode,
  type PlayedMatchSearch,
  type WebApiKeyStatus,
  type WebApiRequestOutputs,
  type WebApiServiceAnswer,
  type WebApiServiceCall,
  type WebApiState,
} from '@shared/contract';
import type { Feature, FeatureContext } from '../../platform/feature/feature';
import type { WebApiProblemKind, WebApiResult } from './client/webApiProblem';
import type { WebApiClient } from './client/webApiClient';
import { createDeskMatchByCode, type DeskCodeCheck } from './deskMatchByCode';
import { keyFingerprint } from './key/keyFingerprint';
import { createApiKeyStore, type ApiKeyStorage } from './key/apiKeyStore';
import type { MatchLabels } from './records/matchLabels';
import { createPlatformStatusCache } from './records/platformStatusCache';
import { findPlayedMatch, type PlayedGameQuery } from './playedMatch';
import type { WebApiEnvironment } from './webApiEnvironment';
import { createWebApiStack } from './webApiStack';
import type { WebApiService } from './webApiService';

type WebApiChannels = keyof WebApiRequestOutputs;

export interface WebApiFeatureOptions {
  /** Desktop: the OS-encrypted secret store. Headless host: a 0600 file in the data folder. */
  keyStorage: ApiKeyStorage;
  environment: WebApiEnvironment;
  /** Queue and map names from the static data's game constants, once loaded. */
  labels?: () => MatchLabels | null;
  /** The tournament desk's codes: `webApi.match.byCode` looks up games of these only. */
  createdByDesk: DeskCodeCheck;
  /** The user's shared folder: the limits of a key are kept with the user's other Sightline processes there. */
  sharedDir?: string;
}

export interface WebApiFeature extends Feature<WebApiChannels> {
  /** For other features of the core (tournaments, sign-on): the same client, limiter and key. */
  service: WebApiService;
  /** The raw client, for endpoints the service does not wrap (the tournament API's POST and PUT). */
  client: WebApiClient;
  /** A hash that tells keys apart (providers are tied to a key), never the key; null without one. */
  keyFingerprint(): Promise<string | null>;
  /** The player's finished game among their matches (for the history), through the same limiter. */
  findPlayedMatch(game: PlayedGameQuery): Promise<PlayedMatchSearch>;
}

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

/**
 * The web API for the player and match pages. The key is read in the core only: views learn whether
 * there is one and its kind, never the key.
 */
export function createWebApiFeature(context: FeatureContext, options: WebApiFeatureOptions): WebApiFeature {
  const { hub, settings, logger, scheduler } = context;
  const keys = createApiKeyStore({ storage: options.keyStorage, environmentKey: options.environment.apiKey });
  const stack = createWebApiStack({
    http: context.http,
    scheduler,
    logger,
    settings: () => settings.effective.webApi,
    hostTemplate: options.environment.hostTemplate,
    apiKey: () => keys.read(),
    labels: options.labels,
    sharedDir: options.sharedDir,
  });
  const { limiter, guard, retries, service } = stack;
  // Ends calls still waiting on a limit when the app stops.
  const lifetime = new AbortController();

  const update = (patch: Partial<WebApiState>): void => hub.set('webApi', { ...hub.state.webApi, ...patch });
  const unsubscribeLimiter = limiter.onChange(() => update({ pauses: limiter.pauses() }));
  const unsubscribeRetries = retries.onChange(() => update({ retries: retries.list() }));
  const unsubscribeGuard = guard.onChange((state) => {
    update({ guard: state });
    if (state.paused) logger.warn('web api paused after repeated client errors', { reason: state.message });
  });

  const keyStatus = async (): Promise<WebApiKeyStatus> => ({
    ...(await keys.describe()),
    kind: settings.effective.webApi.keyKind,
  });
  const publishKey = async (): Promise<WebApiKeyStatus> => {
    const status = await keyStatus();
    update({ key: status });
    return status;
  };
  void keys
    .read()
    .then((key) => {
      if (key) logger.addSecret(key);
      return publishKey();
    })
    .catch((error: unknown) => logger.warn('web api key unreadable', { error: String(error) }));

  const answer = async <T>(result: Promise<WebApiResult<T>>): Promise<T> => {
    const settled = await result;
    if (settled.ok) return settled.value;
    throw new AppRequestError({
      code: WEB_API_ERROR_CODES[settled.problem.kind],
      message: settled.problem.message,
    });
  };
  const signal = lifetime.signal;
  const platformStatus = createPlatformStatusCache(
    (platform, locale, abort) => service.platformStatus(platform, locale, abort),
    () => scheduler.now(),
  );
  const matchByDeskCode = createDeskMatchByCode({
    service,
    version: () => settings.effective.webApi.apiVersion,
    createdByDesk: options.createdByDesk,
  });

  const fingerprint = async (): Promise<string | null> => {
    const key = await keys.read();
    return key ? keyFingerprint(key) : null;
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
    service,
    client: stack.client,
    keyFingerprint: fingerprint,
    findPlayedMatch: (game) => findPlayedMatch(service, () => settings.effective.webApi, game, signal),
    pollers: [],
    handlers: {
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
      'webApi.summoner.byName': ({ name, platform }) =>
        answer(service.summonerByName(name, platform, signal)),
      'webApi.league.entries': ({ puuid, summonerId, platform }) =>
        answer(service.leagueEntries({ puuid, summonerId, platform }, signal)),
      'webApi.matches.recent': (page) => answer(service.recentMatchIds(page, signal)),
      'webApi.status.platform': ({ platform, locale }) => answer(platformStatus(platform, locale, signal)),
      'webApi.match.get': ({ matchId, routing }) => answer(service.match(matchId, routing, signal)),
      'webApi.match.byCode': ({ matchId, code, routing }) =>
        answer(matchByDeskCode(matchId, code, routing, signal)),
      'webApi.service.call': callForCommandLine,
    },
    stop: async () => {
      lifetime.abort();
      await stack.close();
      unsubscribeLimiter();
      unsubscribeRetries();
      unsubscribeGuard();
    },
  };
}
