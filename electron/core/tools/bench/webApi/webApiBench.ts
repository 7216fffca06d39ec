import { Agent } from 'node:http';
import { connect } from 'node:net';
import { metOrNot } from '../latency';
import { createLogger } from '../../../platform/log/logger';
import { createHttpClient } from '../../../platform/net/httpClient';
import { realScheduler } from '../../../platform/polling/poller';
import { createWebApiStack } from '../../../features/webApi/webApiStack';

/**
 * 300 match lookups against the simulator under app limits 20:1,100:10, by Sightline and, on the same
 * server, by the npm packages `twisted` and `@fightmegg/riot-rate-limiter` with their defaults (only
 * pointed at the simulator). Each client gets its own key, so their counts never mix.
 */

/**
 * What the bench needs of a web API server. `sightline bench` passes the simulator's (the core never imports
 * the simulator): it keeps one key's counts apart from another's and counts the 429s it sent.
 */
export interface BenchWebApiServer {
  url: string;
  port: number;
  /** The host template the web API stack takes, e.g. http://127.0.0.1:47000/{routing}. */
  baseTemplate: string;
  control: { reset(): void; stats(): { rateLimited: number } };
  close(): Promise<void>;
}

export type StartBenchWebApiServer = (options: {
  appLimits: string;
  keys: string[];
}) => Promise<BenchWebApiServer>;

export interface WebApiBenchOptions {
  startServer: StartBenchWebApiServer;
  lookups?: number;
  appLimits?: string;
}

interface RunFigures {
  name: string;
  seconds: number;
  rateLimited: number;
  failed: number;
}

/** Issue 28: Sightline's share of the fastest possible finish, with no 429. */
const THROUGHPUT_TARGET_PERCENT = 99;

// Made-up keys the bench's own simulator accepts: one per client, so their buckets stay apart.
const KEYS = {
  sightline: 'RGAPI-simulated-bench-sightline',
  twisted: 'RGAPI-simulated-bench-twisted',
  fightmegg: 'RGAPI-simulated-bench-fightmegg',
};

export async function runWebApiBench(options: WebApiBenchOptions): Promise<string[]> {
  const lookups = options.lookups ?? 300;
  const appLimits = options.appLimits ?? '20:1,100:10';
  const simulator = await options.startServer({ appLimits, keys: Object.values(KEYS) });
  const matchIds = Array.from({ length: lookups }, (_, index) => `NA1_${5_010_000_000 + index}`);
  try {
    const runs = [
      await measure(simulator, 'Sightline', () => sightline(simulator, matchIds)),
      await measure(simulator, 'twisted (defaults)', () => twisted(simulator, matchIds)),
      await measure(simulator, '@fightmegg/riot-rate-limiter (defaults)', () =>
        fightmegg(simulator, matchIds),
      ),
    ];
    const ideal = idealSeconds(lookups, appLimits);
    return [
      `web api: ${lookups} match lookups, app limits ${appLimits}; the fastest any client can finish is ${ideal.toFixed(1)} s`,
      ...runs.map((run, index) => {
        const percent = (100 * ideal) / run.seconds;
        // Sightline's (the first run) is held to the target; the packages are there to compare with.
        const target =
          index === 0
            ? ` (target ≥ ${THROUGHPUT_TARGET_PERCENT} % with 0 × 429: ${metOrNot(run.failed === 0 && run.rateLimited === 0 && percent >= THROUGHPUT_TARGET_PERCENT)})`
            : '';
        const share = run.failed === 0 ? `${percent.toFixed(1)} % of theoretical${target}` : '';
        return `  ${run.name.padEnd(42)} ${run.seconds.toFixed(2).padStart(7)} s  ${String(run.rateLimited).padStart(4)} × 429 at the server  ${String(run.failed).padStart(4)}/${lookups} failed  ${share}`;
      }),
    ];
  } finally {
    await simulator.close();
  }
}

async function measure(
  simulator: BenchWebApiServer,
  name: string,
  run: () => Promise<number>,
): Promise<RunFigures> {
  simulator.control.reset();
  const started = performance.now();
  const failed = await run();
  const seconds = (performance.now() - started) / 1000;
  return { name, seconds, rateLimited: simulator.control.stats().rateLimited, failed };
}

async function sightline(simulator: BenchWebApiServer, matchIds: string[]): Promise<number> {
  const http = createHttpClient();
  const { service } = createWebApiStack({
    http,
    scheduler: realScheduler,
    logger: createLogger(() => undefined),
    settings: () => ({ apiVersion: 'v5', authMode: 'header' }),
    hostTemplate: simulator.baseTemplate,
    apiKey: async () => KEYS.sightline,
  });
  try {
    const results = await Promise.all(matchIds.map((id) => service.match(id, 'americas')));
    return results.filter((result) => !result.ok).length;
  } finally {
    http.close();
  }
}

async function twisted(simulator: BenchWebApiServer, matchIds: string[]): Promise<number> {
  const { LolApi, Constants } = await import('twisted');
  // Only the base URL is changed: $(region) becomes the routing value, as on the real hosts.
  const api = new LolApi({ key: KEYS.twisted, baseURL: `${simulator.url}/$(region)/:game` });
  const results = await Promise.allSettled(
    matchIds.map((id) => api.MatchV5.get(id, Constants.RegionGroups.AMERICAS)),
  );
  return results.filter((result) => result.status === 'rejected').length;
}

async function fightmegg(simulator: BenchWebApiServer, matchIds: string[]): Promise<number> {
  const { RiotRateLimiter } = await import('@fightmegg/riot-rate-limiter');
  const limiter = new RiotRateLimiter();
  // It reads the routing value from the real host name, so the URLs keep it and this agent only
  // carries the connections to the simulator.
  const agent = new (class extends Agent {
    override createConnection() {
      return connect(simulator.port, '127.0.0.1');
    }
  })({ keepAlive: true });
  try {
    const results = await Promise.allSettled(
      matchIds.map((id) =>
        limiter.execute({
          url: `http://americas.api.riotgames.com/lol/match/v5/matches/${id}`,
          options: { headers: { 'X-Riot-Token': KEYS.fightmegg }, agent },
        }),
      ),
    );
    return results.filter((result) => result.status === 'rejected').length;
  } finally {
    agent.destroy();
  }
}

/**
 * The earliest the last of n requests can be sent under fixed windows that start with their first
 * request: the best any client can do, with no latency.
 */
export function idealSeconds(requests: number, spec: string): number {
  const windows = spec.split(',').map((part) => {
    const [limit = '1', seconds = '1'] = part.split(':');
    return { limit: Number(limit), seconds: Number(seconds), start: null as number | null, count: 0 };
  });
  let time = 0;
  for (let sent = 0; sent < requests;) {
    for (const window of windows) {
      if (window.start !== null && time >= window.start + window.seconds) {
        window.start = null;
        window.count = 0;
      }
    }
    const blocked = windows.filter((window) => window.count >= window.limit);
    if (blocked.length === 0) {
      for (const window of windows) {
        window.start ??= time;
        window.count += 1;
      }
      sent += 1;
      continue;
    }
    time = Math.max(...blocked.map((window) => (window.start ?? 0) + window.seconds));
  }
  return time;
}
