import type { PlayedMatchSearch, WebApiKeyStatus, WebApiRequestOutputs, WebApiState } from '@shared/contract';
import type { Feature, FeatureContext } from '../../platform/feature/feature';
import type { WebApiClient } from './client/webApiClient';
import { createDeskMatchByCode, type DeskCodeCheck } from './deskMatchByCode';
import { keyFingerprint } from './key/keyFingerprint';
import { createApiKeyStore, type ApiKeyStorage } from './key/apiKeyStore';
import type { MatchLabels } from './records/matchLabels';
import { createPlatformStatusCache } from './records/platformStatusCache';
import { findPlayedMatch, type PlayedGameQuery } from './playedMatch';
import type { WebApiEnvironment } from './webApiEnvironment';
import { createWebApiHandlers } from './webApiHandlers';
import { createWebApiStack } from './webApiStack';
import type { WebApiService } from './webApiService';

type WebApiChannels = keyof WebApiRequestOutputs;

export { WEB_API_ERROR_CODES } from './webApiHandlers';
export { readWebApiEnvironment } from './webApiEnvironment';

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
  return {
    service,
    client: stack.client,
    keyFingerprint: fingerprint,
    findPlayedMatch: (game) => findPlayedMatch(service, () => settings.effective.webApi, game, signal),
    pollers: [],
    handlers: createWebApiHandlers(context, {
      keys,
      stack,
      platformStatus,
      matchByDeskCode,
      keyStatus,
      publishKey,
      fingerprint,
      signal,
    }),
    stop: async () => {
      lifetime.abort();
      await stack.close();
      unsubscribeLimiter();
      unsubscribeRetries();
      unsubscribeGuard();
    },
  };
}
