/**
 * A rate limit as the web API enforces it: fixed windows, each starting with the first request after
 * the previous one ran out, counted per key and routing value (app) or per key, routing value and
 * method. A refused request is not counted.
 */
interface Window {
  limit: number;
  seconds: number;
  start: number | null;
  count: number;
}

export class FixedWindowLimit {
  private windows: Window[];

  constructor(
    spec: string,
    private readonly now: () => number,
  ) {
    this.windows = parseSpec(spec);
  }

  get spec(): string {
    return this.windows.map((window) => `${window.limit}:${window.seconds}`).join(',');
  }

  setSpec(spec: string): void {
    const next = parseSpec(spec);
    // Windows of the same length keep their count, as a limit change does not forgive calls made.
    this.windows = next.map((window) => {
      const old = this.windows.find((candidate) => candidate.seconds === window.seconds);
      return old ? { ...window, start: old.start, count: old.count } : window;
    });
  }

  /** Milliseconds until a request would be allowed, 0 when it is now. */
  blockedFor(): number {
    this.expire();
    const now = this.now();
    let wait = 0;
    for (const window of this.windows) {
      if (window.count >= window.limit && window.start !== null) {
        wait = Math.max(wait, window.start + window.seconds * 1000 - now);
      }
    }
    return wait;
  }

  count(): void {
    this.expire();
    const now = this.now();
    for (const window of this.windows) {
      window.start ??= now;
      window.count += 1;
    }
  }

  countsHeader(): string {
    this.expire();
    return this.windows.map((window) => `${window.count}:${window.seconds}`).join(',');
  }

  private expire(): void {
    const now = this.now();
    for (const window of this.windows) {
      if (window.start !== null && now >= window.start + window.seconds * 1000) {
        window.start = null;
        window.count = 0;
      }
    }
  }
}

export function parseSpec(spec: string): Window[] {
  return spec.split(',').map((part) => {
    const match = /^\s*(\d+):(\d+)\s*$/.exec(part);
    if (!match) throw new Error(`Bad rate limit "${spec}": write it as limit:seconds,limit:seconds`);
    return { limit: Number(match[1]), seconds: Number(match[2]), start: null, count: 0 };
  });
}
