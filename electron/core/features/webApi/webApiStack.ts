import type { WebApiSettings } from '@shared/contract';
import type { Logger } from '../../platform/log/logger';
import type { HttpClient } from '../../platform/net/httpClient';
import type { Scheduler } from '../../platform/polling/poller';
import { createFailureGuard, type FailureGuard } from './client/failureGuard';
import { createRetryBoard, type RetryBoard } from './client/retryBoard';
import { createWebApiClient, type WebApiClient, type WebApiClientOptions } from './client/webApiClient';
import { keyFingerprint } from './key/keyFingerprint';
import { createRateLimiter, type RateLimiter, type RateLimiterOptions } from './rateLimit/rateLimiter';
import { createSharedRateLimiter, webApiLane } from './rateLimit/sharedRateLimiter';
import type { MatchLabels } from './records/matchLabels';
import { DEFAULT_HOST_TEMPLATE } from './routing/hostTemplate';
import { createWebApiService, type WebApiService } from './webApiService';

export interface WebApiStackOptions {
  http: HttpClient;
  scheduler: Scheduler;
  logger: Logger;
  settings: () => Pick<WebApiSettings, 'authMode' | 'apiVersion'>;
  /** SIGHTLINE_WEB_API_BASE, or null for the real hosts. */
  hostTemplate: string | null;
  apiKey: () => Promise<string | null>;
  labels?: () => MatchLabels | null;
  limiter?: Partial<Omit<RateLimiterOptions, 'scheduler'>>;
  client?: Pick<WebApiClientOptions, 'maxRetries' | 'backoffMs' | 'timeoutMs'>;
  /**
   * The user's shared folder (userSharedFolder()): the limiter's state per key and host is shared there
   * with the user's other Sightline processes. Without it this process counts alone.
   */
  sharedDir?: string;
}

export interface WebApiStack {
  limiter: RateLimiter;
  guard: FailureGuard;
  retries: RetryBoard;
  client: WebApiClient;
  service: WebApiService;
  /** Hands the key's limits on to the other processes (waiting for calls in flight); call before exiting. */
  close(): Promise<void>;
}

/** The client, its limiter and guard, and the service over them: the same for the app, the CLI and the bench. */
export function createWebApiStack(options: WebApiStackOptions): WebApiStack {
  const ownLimiter = createRateLimiter({ scheduler: options.scheduler, ...options.limiter });
  const hostTemplate = options.hostTemplate ?? DEFAULT_HOST_TEMPLATE;
  const shared = options.sharedDir
    ? createSharedRateLimiter({
        local: ownLimiter,
        scheduler: options.scheduler,
        dir: options.sharedDir,
        lane: async () => {
          const key = await options.apiKey();
          return key ? webApiLane(keyFingerprint(key), hostTemplate) : null;
        },
      })
    : null;
  const limiter = shared ?? ownLimiter;
  const guard = createFailureGuard();
  const retries = createRetryBoard();
  const client = createWebApiClient({
    http: options.http,
    scheduler: options.scheduler,
    logger: options.logger,
    limiter,
    guard,
    retries,
    config: () => ({
      hostTemplate,
      authMode: options.settings().authMode,
    }),
    apiKey: options.apiKey,
    ...options.client,
  });
  const service = createWebApiService({
    client,
    version: () => options.settings().apiVersion,
    labels: options.labels,
  });
  return { limiter, guard, retries, client, service, close: async () => shared?.close() };
}
