import type { ServiceName } from './scenario';

/** Requests that reached each service (refused and TLS-rejected ones never do), so tests can check polling rates. */

export interface PathRequests {
  count: number;
  /** Epoch ms of the most recent requests, oldest first (at most MAX_TIMES). */
  times: number[];
}

export type RequestStats = Record<ServiceName, Record<string, PathRequests>>;

export interface RequestLog {
  record(service: ServiceName, path: string): void;
  stats(): RequestStats;
  reset(): void;
}

const MAX_TIMES = 1000;

export function createRequestLog(now: () => number): RequestLog {
  let stats: RequestStats = { live: {}, card: {}, replay: {} };
  return {
    record(service, path) {
      const entry = (stats[service][path] ??= { count: 0, times: [] });
      entry.count += 1;
      entry.times.push(now());
      if (entry.times.length > MAX_TIMES) entry.times.shift();
    },
    stats: () => structuredClone(stats),
    reset() {
      stats = { live: {}, card: {}, replay: {} };
    },
  };
}
