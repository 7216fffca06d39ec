import type { Result } from '@shared/contract/errors';
import type { StaticDataSyncOutcome, StaticDataSyncScope } from '@shared/contract/staticData';
import type { Scheduler } from '../../platform/polling/poller';
import { scopeCovers } from './syncScope';

/**
 * Keeps the static data current in the background, through the feature's one sync runner: a check some seconds
 * after start (a new patch or card release; with `autoSync`, also whatever the user's language still lacks), one
 * as soon as the user turns `autoSync` on, and, with `autoSync`, a failed run of its own tried again after 30 s,
 * 1 min, 2 min… up to 30 min apart. It never starts while another sync runs: it waits for that one to end.
 */

export interface BackgroundRefreshOptions {
  scheduler: Scheduler;
  /** What a background sync would ask for now; null when there is nothing to keep. */
  plan(): StaticDataSyncScope | null;
  autoSync(): boolean;
  /** A sync is running (the user's or a background one). */
  busy(): boolean;
  /** Starts a background sync on the shared runner; refused while another runs. */
  start(scope: StaticDataSyncScope): Result<null>;
  /** When the next retry is due, or null once none is waiting (pushed as state). */
  onRetry(at: number | null): void;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long after a settings change the check comes. Default 1 s. */
  settleMs?: number;
}

export interface BackgroundRefresh {
  /** A check after `delayMs`, unless one is due sooner. */
  checkIn(delayMs: number): void;
  /**
   * Every sync's end, the background refresh's ('refresh') and the user's: retries a failed background run, and runs a check
   * that waited for it unless that sync already fetched everything the check would.
   */
  syncFinished(
    outcome: StaticDataSyncOutcome | null,
    run: { reason: 'user' | 'refresh'; scope: StaticDataSyncScope },
  ): void;
  /** `autoSync` or the language changed: a check shortly (a download the user started with it goes first). */
  settingsChanged(): void;
  stop(): void;
}

export const BACKGROUND_RETRY_BASE_MS = 30_000;
export const BACKGROUND_RETRY_MAX_MS = 30 * 60_000;

/** 30 s, 1 min, 2 min, 4 min… capped: the wait before the nth retry in a row. */
export function retryDelayMs(
  failures: number,
  baseMs = BACKGROUND_RETRY_BASE_MS,
  maxMs = BACKGROUND_RETRY_MAX_MS,
): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
}

export function createBackgroundRefresh(options: BackgroundRefreshOptions): BackgroundRefresh {
  const { scheduler } = options;
  let timer: { handle: unknown; at: number; retry: boolean } | null = null;
  let failures = 0;
  /** A check came while another sync ran: it runs when that one ends. */
  let waiting = false;
  let stopped = false;

  const clear = (): void => {
    if (!timer) return;
    scheduler.clearTimeout(timer.handle);
    if (timer.retry) options.onRetry(null);
    timer = null;
  };

  const schedule = (delayMs: number, retry: boolean): void => {
    if (stopped) return;
    const at = scheduler.now() + delayMs;
    if (timer && !timer.retry && !retry && timer.at <= at) return;
    clear();
    timer = { handle: scheduler.setTimeout(check, delayMs), at, retry };
    if (retry) options.onRetry(at);
  };

  function check(): void {
    if (timer?.retry) options.onRetry(null);
    timer = null;
    if (stopped) return;
    if (options.busy()) {
      waiting = true;
      return;
    }
    const scope = options.plan();
    if (!scope) return;
    if (!options.start(scope).ok) waiting = true;
  }

  return {
    checkIn: (delayMs) => schedule(delayMs, false),
    syncFinished(outcome, { reason, scope }) {
      if (stopped) return;
      if (outcome?.ok) {
        failures = 0;
        // The hosts answer again: a retry waiting for them has nothing left to do before the next check.
        if (timer?.retry) clear();
        // A check still to come would fetch nothing this sync did not (the user's first download, just before the
        // start's check): it is dropped, rather than run and put "unchanged" over what the user just downloaded.
        const wanted = timer ? options.plan() : null;
        if (timer && (!wanted || scopeCovers(scope, wanted))) clear();
      }
      const failedInBackground = reason === 'refresh' && !outcome?.ok && !outcome?.cancelled;
      if (failedInBackground && options.autoSync()) {
        failures += 1;
        schedule(retryDelayMs(failures, options.retryBaseMs, options.retryMaxMs), true);
        return;
      }
      if (waiting) {
        waiting = false;
        const wanted = options.plan();
        if (wanted && !(outcome?.ok && scopeCovers(scope, wanted))) schedule(0, false);
      }
    },
    settingsChanged() {
      failures = 0;
      if (options.autoSync()) schedule(options.settleMs ?? 1000, false);
      else if (timer?.retry) clear();
    },
    stop() {
      stopped = true;
      clear();
    },
  };
}
