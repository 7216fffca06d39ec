/** What a poll cycle found: `active` keeps the base rate, `idle` backs off (nothing running there). */
export type PollResult = 'active' | 'idle';

export interface Scheduler {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The longest delay a Node timer holds (2^31 − 1 ms, about 24.8 days). */
export const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * A delay a Node timer can take as given: Node runs a longer one after 1 ms with a
 * TimeoutOverflowWarning, so a server-sent wait of years would spin. A longer wait wakes early
 * instead, and every caller checks the clock when it wakes. NaN and negatives are 0.
 */
export function clampTimerDelay(ms: number): number {
  return Number.isNaN(ms) ? 0 : Math.min(MAX_TIMER_DELAY_MS, Math.max(0, ms));
}

export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, clampTimerDelay(ms)),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface PollerOptions {
  /** Minimum time between the starts of two cycles. */
  intervalMs: number;
  /** Longest wait while idle; the wait doubles from intervalMs up to this. */
  maxIdleIntervalMs: number;
  scheduler: Scheduler;
  cycle(signal: AbortSignal): Promise<PollResult>;
  onError(error: unknown): void;
}

export interface Poller {
  start(): void;
  stop(): void;
  setInterval(ms: number): void;
  readonly running: boolean;
}

/**
 * The one poller: one cycle in flight at a time, cycles started no closer than intervalMs apart,
 * and a doubling back-off while the other side is idle so an absent client is not hammered.
 */
export function createPoller(options: PollerOptions): Poller {
  const { scheduler } = options;
  let intervalMs = options.intervalMs;
  let timer: unknown = null;
  let controller: AbortController | null = null;
  let running = false;
  let idleStreak = 0;

  const schedule = (delayMs: number): void => {
    timer = scheduler.setTimeout(() => void runCycle(), Math.max(0, delayMs));
  };

  const runCycle = async (): Promise<void> => {
    timer = null;
    if (!running) return;
    const startedAt = scheduler.now();
    controller = new AbortController();
    let result: PollResult = 'idle';
    try {
      result = await options.cycle(controller.signal);
    } catch (error) {
      options.onError(error);
    }
    controller = null;
    if (!running) return;
    idleStreak = result === 'idle' ? idleStreak + 1 : 0;
    const wait =
      idleStreak === 0 ? intervalMs : Math.min(options.maxIdleIntervalMs, intervalMs * 2 ** (idleStreak - 1));
    schedule(wait - (scheduler.now() - startedAt));
  };

  return {
    start() {
      if (running) return;
      running = true;
      idleStreak = 0;
      schedule(0);
    },
    stop() {
      running = false;
      if (timer !== null) scheduler.clearTimeout(timer);
      timer = null;
      controller?.abort();
    },
    setInterval(ms) {
      intervalMs = ms;
    },
    get running() {
      return running;
    },
  };
}
