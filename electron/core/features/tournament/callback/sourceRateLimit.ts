/** How often a refused source is logged: once per window, however many requests it sends. */
export const REFUSAL_LOG_WINDOW_MS = 60_000;

export type SourceVerdict =
  | { ok: true }
  /** `firstInWindow`: the first refusal of this source in the log window, the one worth logging. */
  | { ok: false; retryAfterMs: number; firstInWindow: boolean };

export interface SourceRateLimit {
  /** Takes one request's token from the source's bucket, or says how long until one is there. */
  take(source: string): SourceVerdict;
}

interface Bucket {
  /** In 1/60000ths of a request, so a whole number of milliseconds refills a whole number of units. */
  units: number;
  at: number;
  loggedAt: number | null;
}

/**
 * A token bucket per source: `perMinute` requests in a burst, refilled at `perMinute` a minute. At most
 * `maxSources` buckets are kept: full ones (idle sources) go first, then the oldest, so a flood from many
 * addresses cannot grow the map without end.
 */
export function createSourceRateLimit(options: {
  perMinute: number;
  now: () => number;
  maxSources?: number;
}): SourceRateLimit {
  const { perMinute, now } = options;
  const maxSources = options.maxSources ?? 1024;
  const cost = 60_000;
  const full = perMinute * cost;
  const buckets = new Map<string, Bucket>();

  const refill = (bucket: Bucket, at: number): void => {
    bucket.units = Math.min(full, bucket.units + Math.max(0, at - bucket.at) * perMinute);
    bucket.at = at;
  };

  const makeRoom = (at: number): void => {
    for (const [source, bucket] of buckets) {
      refill(bucket, at);
      if (bucket.units >= full) buckets.delete(source);
    }
    for (const source of buckets.keys()) {
      if (buckets.size < maxSources) break;
      buckets.delete(source);
    }
  };

  return {
    take(source) {
      const at = now();
      let bucket = buckets.get(source);
      if (!bucket) {
        if (buckets.size >= maxSources) makeRoom(at);
        bucket = { units: full, at, loggedAt: null };
        buckets.set(source, bucket);
      }
      refill(bucket, at);
      if (bucket.units >= cost) {
        bucket.units -= cost;
        return { ok: true };
      }
      const firstInWindow = bucket.loggedAt === null || at - bucket.loggedAt >= REFUSAL_LOG_WINDOW_MS;
      if (firstInWindow) bucket.loggedAt = at;
      return { ok: false, retryAfterMs: Math.ceil((cost - bucket.units) / perMinute), firstInWindow };
    },
  };
}
