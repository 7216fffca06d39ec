import { CALLBACK_FALLBACK_MS } from '@shared/contract';
import type { Scheduler } from '../../platform/polling/poller';
import type { WebApiProblem } from '../webApi/client/webApiProblem';

/**
 * Whether asking the API again can change its answer: no game yet (404), a rate limit, the service
 * failing, calls paused. A refusal (403 for a second game on a code or a key without the right, 401,
 * 400, or a local refusal) would come back the same, and each one counts against the failure guard.
 */
export function worthAskingAgain(problem: WebApiProblem): boolean {
  return (
    problem.kind === 'not-found' ||
    problem.kind === 'rate-limited' ||
    problem.kind === 'unavailable' ||
    problem.kind === 'paused'
  );
}

export interface ResultFallbackOptions {
  scheduler: Scheduler;
  /** 5 minutes (spec 1 §6.1); shorter only in tests and e2e. */
  delayMs?: number;
  /** Wait before asking again when the code has no game yet. */
  retryMs?: number;
  maxAttempts?: number;
  /** True when a result is already stored (the callback came). */
  hasResult(code: string): Promise<boolean>;
  /** Fetches and stores the result by code; false when there is none yet (retried). */
  fetchResult(code: string): Promise<{ ok: true } | { ok: false; message: string; retry: boolean }>;
  onGiveUp?(code: string, message: string): void;
}

export interface ResultFallback {
  /** A game with this code ended at `endedAt`: fetch its result by code if no callback came within the delay. Returns when. */
  watch(code: string, endedAt: number): number;
  cancel(code: string): void;
  pending(): Map<string, number>;
  stop(): void;
}

/**
 * "No callback within 5 minutes of a game ending: fetch the result by tournament code" (spec 1 §6.1),
 * one timer per code on the injected clock.
 */
export function createResultFallback(options: ResultFallbackOptions): ResultFallback {
  const { scheduler } = options;
  const delayMs = options.delayMs ?? CALLBACK_FALLBACK_MS;
  const retryMs = options.retryMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 5;
  const timers = new Map<string, { handle: unknown; at: number }>();

  const schedule = (code: string, at: number, attempt: number): void => {
    const handle = scheduler.setTimeout(() => void fire(code, attempt), Math.max(0, at - scheduler.now()));
    timers.set(code, { handle, at });
  };

  const fire = async (code: string, attempt: number): Promise<void> => {
    if (await options.hasResult(code)) return void timers.delete(code);
    const fetched = await options.fetchResult(code).catch((error: unknown) => ({
      ok: false as const,
      message: String(error),
      retry: true,
    }));
    if (!timers.has(code)) return; // Cancelled meanwhile (the callback came).
    if (fetched.ok) return void timers.delete(code);
    if (fetched.retry && attempt < maxAttempts) return schedule(code, scheduler.now() + retryMs, attempt + 1);
    timers.delete(code);
    options.onGiveUp?.(code, fetched.message);
  };

  const cancel = (code: string): void => {
    const timer = timers.get(code);
    if (timer) scheduler.clearTimeout(timer.handle);
    timers.delete(code);
  };

  return {
    watch(code, endedAt) {
      cancel(code);
      const at = endedAt + delayMs;
      schedule(code, at, 1);
      return at;
    },
    cancel,
    pending: () => new Map([...timers].map(([code, timer]) => [code, timer.at])),
    stop() {
      for (const code of [...timers.keys()]) cancel(code);
    },
  };
}
