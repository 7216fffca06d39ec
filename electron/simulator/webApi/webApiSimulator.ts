import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createWebApiDataset, type WebApiDataset } from './webApiDataset';
import { FixedWindowLimit, parseSpec } from './fixedWindowLimit';
import { PLATFORM_REGION, REGIONS } from '../../../shared/contract';
import { notFound, webApiRoutes, type RouteAnswer } from './webApiRoutes';
import { omitEmpty } from './webApiRecords';
import { createTournamentSimulation, type TournamentSimulationControl } from './tournamentSimulation';
import { createPlatformStatusBoard, type SimStatusNotice } from './platformStatus';

/**
 * A stand-in for the game's web API on 127.0.0.1: every endpoint Sightline calls, with realistic
 * records, the real rate-limit headers backed by limits it enforces, 429s with Retry-After and
 * X-Rate-Limit-Type, 5xx bursts on demand, and the spec's 403s (wrong kind of routing value, unknown
 * value, a name with refused characters, a removed endpoint, a bad key).
 *
 * Point the app at it with SIGHTLINE_WEB_API_BASE=<baseTemplate>. Requests name the routing value as
 * the first path segment (http://127.0.0.1:<port>/europe/lol/...), or, for clients that insist on the
 * real host names, in the Host header ({routing}.api.riotgames.com).
 */

/**
 * The key the simulator accepts unless told otherwise: a development key's shape (RGAPI-<uuid>), the same in
 * every process. It is made when the module loads, so the CLI's simulator chunk (which ships, for `demo`) holds
 * no key-shaped string for a secret scanner or a reader to take for a leaked key (spec 1 §1).
 */
export const SIMULATOR_API_KEY = `RGAPI-${uuidShaped(createHash('sha256').update('sightline web API simulator').digest('hex'))}`;

function uuidShaped(hex: string): string {
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join(
    '-',
  );
}

/** Real-looking method limits (per key, routing value and method). */
export const DEFAULT_METHOD_LIMITS: Record<string, string> = {
  'account-v1.byRiotId': '1000:60',
  'account-v1.byPuuid': '1000:60',
  'account-v1.me': '20000:10',
  'summoner-v4.byPuuid': '1600:60',
  'summoner-v4.byId': '1600:60',
  'summoner-v4.byName': '1600:60',
  'summoner-v3.byName': '1600:60',
  'league-v4.entriesByPuuid': '20000:10',
  'league-v4.entriesBySummoner': '100:60',
  'match-v5.match': '2000:10',
  'match-v5.idsByPuuid': '2000:10',
  'lol-status-v4.platformData': '20000:10',
  'tournament-v5.gamesByCode': '200:10',
  'match-v4.match': '500:10',
  'match-v4.matchByCode': '500:10',
  'match-v4.idsByCode': '500:10',
  'match-v4.matchlist': '1000:10',
};

export interface WebApiSimulatorOptions {
  /** 0 or absent: an ephemeral port. */
  port?: number;
  keys?: string[];
  /** App limits of every key, per routing value. Default a development key's: 20:1,100:120. */
  appLimits?: string;
  methodLimits?: Record<string, string>;
  /** Sign-on access tokens → the PUUID they name. */
  accessTokens?: Record<string, string>;
  latencyMs?: number;
  now?: () => number;
}

export interface RecordedWebApiRequest {
  at: number;
  method: string;
  /** The path with any api_key value removed. */
  path: string;
  routing: string;
  endpoint: string | null;
  status: number;
  auth: 'header' | 'query' | 'bearer' | 'none';
  /** The JSON body as received (POST, PUT); absent when there was none or it was not JSON. */
  body?: unknown;
}

export interface WebApiSimulatorStats {
  total: number;
  byStatus: Record<string, number>;
  rateLimited: number;
}

export interface WebApiSimulatorControl {
  readonly dataset: WebApiDataset;
  requests(): RecordedWebApiRequest[];
  stats(): WebApiSimulatorStats;
  /** Ends every open connection, idle or not (the network changed): the next request must connect anew. */
  dropConnections(): void;
  /** Forgets requests, counters, windows and pending faults. */
  reset(): void;
  setAppLimits(spec: string): void;
  setMethodLimit(endpoint: string, spec: string): void;
  /** A burst of server errors: the next `count` requests that pass the edge get `status`. */
  failNext(count: number, status?: number): void;
  /** The next `count` requests get a 429 from the service: type 'service' with Retry-After, or none at all. */
  rateLimitNext(options: { type: 'service' | null; retryAfterSeconds?: number; count?: number }): void;
  /**
   * The next `count` answers carry these headers over their own (a server that reports absurd rate-limit
   * counts, `X-App-Rate-Limit-Count: 200000000:1,1:120`); the limits it enforces are unchanged.
   */
  overrideHeadersNext(headers: Record<string, string>, count?: number): void;
  /** Calls to it answer 403, as removed endpoints do (spec 1 §9). */
  removeEndpoint(endpoint: string): void;
  /** lol-status-v4's incidents and maintenances on a platform, until reset. */
  setPlatformStatus(platform: string, notices: SimStatusNotice[]): void;
  addKey(key: string): void;
  revokeKey(key: string): void;
  /** A sign-on access token that names this player (for accounts/me). */
  addAccessToken(token: string, puuid: string): void;
  setLatency(ms: number): void;
  /** The tournament API's providers, codes, lobbies and callbacks (tournamentSimulation.ts). */
  readonly tournament: TournamentSimulationControl;
}

export interface RunningWebApiSimulator {
  url: string;
  /** For SIGHTLINE_WEB_API_BASE. */
  baseTemplate: string;
  port: number;
  control: WebApiSimulatorControl;
  close(): Promise<void>;
}

const forbidden = (message = 'Forbidden'): RouteAnswer => ({
  status: 403,
  body: { status: { message, status_code: 403 } },
});
const NAME_PATTERN = /^[0-9\p{L} _.]+$/u;
const REAL_HOST = /^([a-z0-9]+)\.api\.riotgames\.com$/i;

export async function startWebApiSimulator(
  options: WebApiSimulatorOptions = {},
): Promise<RunningWebApiSimulator> {
  const now = options.now ?? Date.now;
  const dataset = createWebApiDataset();
  const tournament = createTournamentSimulation(dataset, now);
  const platformStatus = createPlatformStatusBoard();
  const routes = [...webApiRoutes(dataset, platformStatus), ...tournament.routes];
  const keys = new Set(options.keys ?? [SIMULATOR_API_KEY]);
  const accessTokens = new Map(Object.entries(options.accessTokens ?? {}));
  let appLimits = options.appLimits ?? '20:1,100:120';
  parseSpec(appLimits);
  const methodLimits = { ...DEFAULT_METHOD_LIMITS, ...options.methodLimits };
  let latencyMs = options.latencyMs ?? 0;
  let limits = new Map<string, FixedWindowLimit>();
  let log: RecordedWebApiRequest[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 503 };
  let serviceLimits: { count: number; type: 'service' | null; retryAfterSeconds: number } = {
    count: 0,
    type: null,
    retryAfterSeconds: 1,
  };
  const removed = new Set<string>();
  let headerOverrides: { count: number; headers: Record<string, string> } = { count: 0, headers: {} };

  const limitFor = (key: string, spec: string): FixedWindowLimit => {
    let limit = limits.get(key);
    if (!limit) {
      limit = new FixedWindowLimit(spec, now);
      limits.set(key, limit);
    } else if (limit.spec !== spec) {
      limit.setSpec(spec);
    }
    return limit;
  };

  function answer(
    req: IncomingMessage,
    rawBody: Buffer,
  ): {
    answer: RouteAnswer;
    headers: Record<string, string>;
    routing: string;
    endpoint: string | null;
    auth: RecordedWebApiRequest['auth'];
  } {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const hostName = (req.headers.host ?? '').replace(/:\d+$/, '');
    const real = REAL_HOST.exec(hostName);
    const segments = url.pathname.split('/');
    const routing = (real?.[1] ?? segments[1] ?? '').toLowerCase();
    const path = real ? url.pathname : `/${segments.slice(2).join('/')}`;
    const headerKey = req.headers['x-riot-token'];
    const queryKey = url.searchParams.get('api_key');
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const auth: RecordedWebApiRequest['auth'] = bearer
      ? 'bearer'
      : typeof headerKey === 'string'
        ? 'header'
        : queryKey
          ? 'query'
          : 'none';
    const result = (answer: RouteAnswer, endpoint: string | null, headers: Record<string, string> = {}) => ({
      answer,
      headers,
      routing,
      endpoint,
      auth,
    });

    const isPlatform = Object.hasOwn(PLATFORM_REGION, routing);
    const isRegion = (REGIONS as readonly string[]).includes(routing);
    // The spec's 403s: unknown routing value, wrong kind, a value the endpoint is not served on.
    if (!isPlatform && !isRegion) return result(forbidden(), null);
    const candidates = routes
      .map((route) => ({ route, match: route.pattern.exec(path) }))
      .filter((candidate) => candidate.match !== null);
    const found = candidates.find((candidate) => (candidate.route.method ?? 'GET') === (req.method ?? 'GET'));
    if (!found?.match) {
      if (candidates.length > 0)
        return result(
          { status: 405, body: { status: { message: 'Method not allowed', status_code: 405 } } },
          null,
        );
      return result(notFound('resource not found'), null);
    }
    const { route } = found;
    if (removed.has(route.id)) return result(forbidden(), route.id);
    if ((route.kind === 'platform') !== isPlatform) return result(forbidden(), route.id);
    if (route.only && !route.only.includes(routing)) return result(forbidden(), route.id);

    let bearerPuuid: string | null = null;
    let key = '';
    if (route.auth === 'bearer') {
      bearerPuuid = bearer ? (accessTokens.get(bearer) ?? null) : null;
      if (!bearerPuuid)
        return result(
          { status: 401, body: { status: { message: 'Unauthorized', status_code: 401 } } },
          route.id,
        );
      key = `bearer:${bearer}`;
    } else {
      key = typeof headerKey === 'string' ? headerKey : (queryKey ?? '');
      if (!key)
        return result(
          { status: 401, body: { status: { message: 'Unauthorized', status_code: 401 } } },
          route.id,
        );
      if (!keys.has(key)) return result(forbidden(), route.id);
    }

    const params = found.match.slice(1).map((value) => decodeURIComponent(value));
    if (route.names?.some((index) => !NAME_PATTERN.test(params[index] ?? ''))) {
      return result(forbidden(), route.id);
    }

    const app = limitFor(`${key}|${routing}`, appLimits);
    const method = limitFor(`${key}|${routing}|${route.id}`, methodLimits[route.id] ?? '1000:10');
    const rateHeaders = (): Record<string, string> => ({
      'X-App-Rate-Limit': app.spec,
      'X-App-Rate-Limit-Count': app.countsHeader(),
      'X-Method-Rate-Limit': method.spec,
      'X-Method-Rate-Limit-Count': method.countsHeader(),
    });
    const appWait = app.blockedFor();
    const methodWait = method.blockedFor();
    if (appWait > 0 || methodWait > 0) {
      const type = appWait > 0 ? 'application' : 'method';
      return result(
        { status: 429, body: { status: { message: 'Rate limit exceeded', status_code: 429 } } },
        route.id,
        {
          ...rateHeaders(),
          'X-Rate-Limit-Type': type,
          'Retry-After': String(Math.max(1, Math.ceil(Math.max(appWait, methodWait) / 1000))),
        },
      );
    }
    if (serviceLimits.count > 0) {
      serviceLimits.count -= 1;
      // A service's own limit: with type and Retry-After from the edge, or from the service with neither.
      const headers: Record<string, string> = serviceLimits.type
        ? {
            ...rateHeaders(),
            'X-Rate-Limit-Type': 'service',
            'Retry-After': String(serviceLimits.retryAfterSeconds),
          }
        : {};
      return result(
        { status: 429, body: { status: { message: 'Rate limit exceeded', status_code: 429 } } },
        route.id,
        headers,
      );
    }
    app.count();
    method.count();
    if (failures.count > 0) {
      failures.count -= 1;
      return result(
        {
          status: failures.status,
          body: { status: { message: 'Internal server error', status_code: failures.status } },
        },
        route.id,
        rateHeaders(),
      );
    }
    let body: unknown = null;
    if (rawBody.length > 0) {
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return result(
          { status: 400, body: { status: { message: 'Bad request - body is not JSON', status_code: 400 } } },
          route.id,
          rateHeaders(),
        );
      }
    }
    return result(
      route.handle({ routing, params, query: url.searchParams, bearerPuuid, body }),
      route.id,
      rateHeaders(),
    );
  }

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => respond(req, res, Buffer.concat(chunks)));
  };

  const respond = (req: IncomingMessage, res: ServerResponse, rawBody: Buffer): void => {
    const handled = answer(req, rawBody);
    const url = new URL(req.url ?? '/', 'http://simulator');
    url.searchParams.delete('api_key');
    log.push({
      at: now(),
      method: req.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      routing: handled.routing,
      endpoint: handled.endpoint,
      status: handled.answer.status,
      auth: handled.auth,
      ...receivedBody(rawBody),
    });
    const overrides = headerOverrides.count > 0 ? headerOverrides.headers : {};
    if (headerOverrides.count > 0) headerOverrides.count -= 1;
    const send = (): void => {
      const body = JSON.stringify(omitEmpty(handled.answer.body));
      res.writeHead(handled.answer.status, {
        'content-type': 'application/json;charset=utf-8',
        'content-length': Buffer.byteLength(body),
        ...handled.headers,
        ...overrides,
      });
      res.end(body);
    };
    if (latencyMs > 0) setTimeout(send, latencyMs);
    else send();
  };

  const server = createServer(onRequest);
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The web API simulator has no port');
  const url = `http://127.0.0.1:${address.port}`;

  const control: WebApiSimulatorControl = {
    dataset,
    dropConnections: () => server.closeAllConnections(),
    requests: () => log.map((entry) => ({ ...entry })),
    stats: () => {
      const byStatus: Record<string, number> = {};
      for (const entry of log) byStatus[entry.status] = (byStatus[entry.status] ?? 0) + 1;
      return { total: log.length, byStatus, rateLimited: byStatus['429'] ?? 0 };
    },
    reset: () => {
      log = [];
      limits = new Map();
      failures = { count: 0, status: 503 };
      serviceLimits = { count: 0, type: null, retryAfterSeconds: 1 };
      headerOverrides = { count: 0, headers: {} };
      removed.clear();
      platformStatus.clear();
      tournament.control.reset();
    },
    setAppLimits: (spec) => {
      parseSpec(spec);
      appLimits = spec;
    },
    setMethodLimit: (endpoint, spec) => {
      parseSpec(spec);
      methodLimits[endpoint] = spec;
    },
    failNext: (count, status = 503) => {
      failures = { count, status };
    },
    rateLimitNext: ({ type, retryAfterSeconds = 1, count = 1 }) => {
      serviceLimits = { count, type, retryAfterSeconds };
    },
    overrideHeadersNext: (headers, count = 1) => {
      headerOverrides = { count, headers };
    },
    removeEndpoint: (endpoint) => void removed.add(endpoint),
    setPlatformStatus: (platform, notices) => platformStatus.set(platform, notices),
    addKey: (key) => void keys.add(key),
    revokeKey: (key) => void keys.delete(key),
    addAccessToken: (token, puuid) => void accessTokens.set(token, puuid),
    setLatency: (ms) => {
      latencyMs = ms;
    },
    tournament: tournament.control,
  };

  return {
    url,
    baseTemplate: `${url}/{routing}`,
    port: address.port,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A request's body for the log, as the API would read it: JSON only. */
function receivedBody(rawBody: Buffer): { body?: unknown } {
  if (rawBody.length === 0) return {};
  try {
    return { body: JSON.parse(rawBody.toString('utf8')) as unknown };
  } catch {
    return {};
  }
}
