/**
 * The card client allows positional-rectangles at most once a second, and Sightline asks no endpoint
 * more often than that: a request is allowed only if the last one to the same path began long enough ago.
 */
export interface EndpointRateGuard {
  /** True (and the request is counted) when `path` may be requested at `now`. */
  tryAcquire(path: string, now: number): boolean;
}

export function createEndpointRateGuard(minIntervalMs: number): EndpointRateGuard {
  const lastStart = new Map<string, number>();
  return {
    tryAcquire(path, now) {
      const previous = lastStart.get(path);
      if (previous !== undefined && now - previous < minIntervalMs) return false;
      lastStart.set(path, now);
      return true;
    },
  };
}
