import { PLATFORM_IDS, type AuthMode, type PlatformId, type Region } from '@shared/contract';
import type { Logger } from '../../../platform/log/logger';
import { describeFailure, type HttpClient } from '../../../platform/net/httpClient';
import type { HttpOutcome } from '../../../platform/net/httpExchange';
import { retryAfterMs } from '../../../platform/net/httpHeaders';
import type { Scheduler } from '../../../platform/polling/poller';
import { RateLimitWaitTooLongError, RequestCancelledError, type RateLimiter } from '../rateLimit/rateLimiter';
import { ENDPOINTS, fillPath, type Endpoint } from '../routing/endpoints';
import { checkHostTemplate, hostFor } from '../routing/hostTemplate';
import { checkRouting } from '../routing/routingValues';
import type { FailureGuard } from './failureGuard';
import type { RetryBoard } from './retryBoard';
import {
  keyRejectedMessage,
  NO_KEY_MESSAGE,
  problem,
  routeRefusedMessage,
  type WebApiResult,
} from './webApiProblem';

export interface WebApiCall {
  endpoint: Endpoint;
  routing: string;
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  /** A signed-in player's access token, for bearer endpoints. */
  accessToken?: string;
  /** The JSON body of a POST or PUT endpoint. */
  json?: unknown;
  signal?: AbortSignal;
}

export interface WebApiClientConfig {
  /** https://{routing}.api.riotgames.com unless SIGHTLINE_WEB_API_BASE says otherwise. */
  hostTemplate: string;
  authMode: AuthMode;
}

export interface WebApiClientOptions {
  http: HttpClient;
  scheduler: Scheduler;
  logger: Logger;
  limiter: RateLimiter;
  guard: FailureGuard;
  config: () => WebApiClientConfig;
  /** The user's key, read from where it is kept; null when there is none. */
  apiKey: () => Promise<string | null>;
  /** Retries of 5xx and network errors, and of 429s. */
  maxRetries?: number;
  /** Where a call waiting to retry after a failure is shown. */
  retries?: RetryBoard;
  /** First backoff; it doubles on every retry. */
  backoffMs?: number;
  timeoutMs?: number;
}

export interface WebApiClient {
  /** One call: refused locally when it cannot be right, then limited, retried where that is safe. */
  call(call: WebApiCall): Promise<WebApiResult<unknown>>;
}

const RETRIABLE_NETWORK = new Set<HttpOutcome['kind']>(['refused', 'timeout', 'network', 'malformed']);

export function createWebApiClient(options: WebApiClientOptions): WebApiClient {
  const { http, scheduler, logger, limiter, guard } = options;
  const maxRetries = options.maxRetries ?? 3;
  const backoffMs = options.backoffMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;

  const sleep = (ms: number, signal?: AbortSignal): Promise<boolean> =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve(false);
      const onAbort = (): void => {
        scheduler.clearTimeout(handle);
        resolve(false);
      };
      const handle = scheduler.setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  async function call(request: WebApiCall): Promise<WebApiResult<unknown>> {
    const { endpoint, signal } = request;
    const config = options.config();
    const host = checkHostTemplate(config.hostTemplate);
    if (!host.ok) return problem('refused', host.message);
    const routing = checkRouting(endpoint.routing, request.routing, endpoint.label);
    if (!routing.ok) return problem('refused', routing.message);

    const headers: Record<string, string> = {};
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) query.set(name, String(value));
    if (endpoint.auth === 'bearer') {
      if (!request.accessToken)
        return problem('refused', 'Sign in first: this lookup needs your sign-on token.');
      logger.addSecret(request.accessToken);
      headers.authorization = `Bearer ${request.accessToken}`;
    } else {
      const key = await options.apiKey();
      if (!key) return problem('no-key', NO_KEY_MESSAGE);
      logger.addSecret(key);
      if (config.authMode === 'query') query.set('api_key', key);
      else headers['x-riot-token'] = key;
    }
    if (guard.state.paused) return problem('paused', guard.state.message ?? 'Paused after repeated errors.');

    const method = endpoint.method ?? 'GET';
    // A POST that may have reached the server is not sent twice: it could create twice.
    const mayRepeat = (kind: HttpOutcome['kind']): boolean => method !== 'POST' || kind === 'refused';
    const search = query.size > 0 ? `?${query.toString()}` : '';
    const url = `${hostFor(host.template, routing.value)}${fillPath(endpoint.path, request.params ?? {})}${search}`;
    const target = {
      routing: routing.value,
      method: endpoint.id,
      label: endpoint.label,
      bearer: endpoint.auth === 'bearer',
    };

    let failures = 0;
    let limited = 0;
    /** The Retry-After of the last 429, in seconds, for the message when its wait is too long. */
    let retryAfterSeconds: number | null = null;
    for (;;) {
      let permit;
      try {
        permit = await limiter.acquire(target, signal);
      } catch (error) {
        if (error instanceof RequestCancelledError) return problem('cancelled', 'Cancelled.');
        if (error instanceof RateLimitWaitTooLongError) {
          return problem(
            'rate-limited',
            waitTooLongMessage(error, endpoint.label, retryAfterSeconds),
            limited > 0 ? 429 : null,
          );
        }
        throw error;
      }
      const started = scheduler.now();
      let answeredAt: number | undefined;
      const outcome = await http.send({
        method,
        url,
        headers,
        json: request.json,
        timeoutMs,
        signal,
        onHead: () => (answeredAt ??= scheduler.now()),
      });
      const status = outcome.kind === 'ok' || outcome.kind === 'http-error' ? outcome.status : null;
      permit.settle({
        status,
        headers: outcome.kind === 'ok' || outcome.kind === 'http-error' ? outcome.headers : null,
        backoffMs: backoffMs * 2 ** limited,
        answeredAt,
      });
      logger.debug('web api call', { url, status, ms: scheduler.now() - started, outcome: outcome.kind });

      if (outcome.kind === 'ok') {
        guard.succeeded();
        return { ok: true, value: outcome.body };
      }
      if (outcome.kind === 'aborted') return problem('cancelled', 'Cancelled.');
      if (outcome.kind === 'untrusted-certificate') {
        return problem(
          'untrusted',
          `The web API's certificate is not trusted (${outcome.detail}); nothing was sent.`,
        );
      }
      if (outcome.kind === 'http-error' && outcome.status === 429) {
        guard.succeeded();
        limited += 1;
        const retryAfter = retryAfterMs(outcome.headers, scheduler.now());
        retryAfterSeconds = retryAfter === null ? null : Math.round(retryAfter / 1000);
        logger.warn('web api rate limited', { url, retry: limited });
        if (limited > maxRetries) {
          return problem(
            'rate-limited',
            'Rate limited: the API kept refusing after 3 waits. Try again in a minute.',
            429,
          );
        }
        continue; // The limiter holds the next attempt until the pause ends.
      }
      if (outcome.kind === 'http-error' && outcome.status === 403 && mayProbeKey(endpoint)) {
        return refusedWithKeyCheck(endpoint, routing.value, signal);
      }
      if (outcome.kind === 'http-error' && outcome.status < 500) {
        return clientError(outcome.status, endpoint, outcome.body);
      }
      if (outcome.kind === 'http-error' || RETRIABLE_NETWORK.has(outcome.kind)) {
        if (outcome.kind === 'http-error') guard.succeeded();
        failures += 1;
        const reason = describeFailure(outcome);
        if (!mayRepeat(outcome.kind)) {
          return problem(
            'unavailable',
            `The web API did not confirm the request (${reason}); it was not repeated, so check before trying again.`,
            status,
          );
        }
        if (failures > maxRetries) {
          return problem(
            'unavailable',
            `The web API is not answering properly (${reason}) after ${maxRetries} retries. Try again later.`,
            status,
          );
        }
        logger.warn('web api call failed; retrying', { url, reason, retry: failures });
        const waitMs = backoffMs * 2 ** (failures - 1);
        const hide = options.retries?.show({
          routing: routing.value,
          label: endpoint.label,
          reason,
          until: scheduler.now() + waitMs,
        });
        const waited = await sleep(waitMs, signal);
        hide?.();
        if (!waited) return problem('cancelled', 'Cancelled.');
        continue;
      }
      return problem('unavailable', `The web API call failed: ${describeFailure(outcome)}.`);
    }
  }

  /**
   * A 403 means a bad key, or a route removed or closed to this key (spec 1 §7, §9). One platform-status
   * call, which every key may make, tells them apart: only a key that fails it too counts towards the pause.
   */
  async function refusedWithKeyCheck(
    endpoint: Endpoint,
    routing: string,
    signal?: AbortSignal,
  ): Promise<WebApiResult<never>> {
    const check = await call({ endpoint: ENDPOINTS.platformStatus, routing: probePlatform(routing), signal });
    if (check.ok) return problem('route-refused', routeRefusedMessage(endpoint.id), 403);
    if (check.problem.kind === 'key-rejected') return check;
    // The check itself could not say (cancelled, rate limited, down): the refusal counts as before.
    return clientError(403, endpoint, null);
  }

  function clientError(status: number, endpoint: Endpoint, body: unknown): WebApiResult<never> {
    if (status === 404) {
      guard.succeeded();
      return problem('not-found', `Not found: no such record for ${endpoint.label} (404).`, 404);
    }
    guard.failed(status, scheduler.now());
    if (status === 401 || status === 403) {
      const removed =
        status === 403 && isDeprecated(endpoint)
          ? 'Summoner-by-name is deprecated and may have been removed (403): look the player up by Riot ID instead.'
          : null;
      return problem('key-rejected', removed ?? keyRejectedMessage(status), status);
    }
    const detail = serverMessage(body);
    return problem(
      'bad-request',
      `The API refused this request (${status}${detail ? `: ${detail}` : ''}); it was not retried.`,
      status,
    );
  }

  return { call };
}

/** Deprecated routes say so directly; the status route is the check itself. */
const mayProbeKey = (endpoint: Endpoint): boolean =>
  endpoint.auth === 'key' && endpoint.id !== ENDPOINTS.platformStatus.id && !isDeprecated(endpoint);
const isDeprecated = (endpoint: Endpoint): boolean => endpoint.id.includes('byName');

/** A platform of the refused call's host: itself, or one of the region's platforms. */
const REGION_PROBE: Record<Region, PlatformId> = {
  americas: 'na1',
  europe: 'euw1',
  asia: 'kr',
  sea: 'sg2',
};
function probePlatform(routing: string): PlatformId {
  if ((PLATFORM_IDS as readonly string[]).includes(routing)) return routing as PlatformId;
  return Object.hasOwn(REGION_PROBE, routing) ? REGION_PROBE[routing as Region] : 'na1';
}

function waitTooLongMessage(
  error: RateLimitWaitTooLongError,
  label: string,
  retryAfterSeconds: number | null,
): string {
  const wait = formatLongWait(error.waitMs);
  const asked =
    error.paused && retryAfterSeconds !== null
      ? `The web API asked to wait ${wait} (Retry-After ${retryAfterSeconds} s)`
      : error.paused
        ? `The web API asked to wait ${wait}`
        : `The web API's rate limits allow the next ${label} in ${wait}`;
  return `${asked}; Sightline gives up on waits over an hour.`;
}

/** A wait of over an hour: "1.5 hours", "20 hours", "1157407 days". */
function formatLongWait(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours >= 48) return `${Math.floor(hours / 24)} days`;
  return `${hours < 10 ? Number(hours.toFixed(1)) : Math.round(hours)} hours`;
}

/** The `status.message` of the API's error body, when there is one. */
function serverMessage(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('status' in body)) return null;
  const status = (body as { status: unknown }).status;
  if (typeof status !== 'object' || status === null || !('message' in status)) return null;
  const message = (status as { message: unknown }).message;
  return typeof message === 'string' ? message.slice(0, 200) : null;
}
