import type { TournamentResultWatch } from '@shared/contract';
import type { Scheduler } from '../../platform/polling/poller';

/** Between two looks at games/by-code while a game is on. */
export const GAME_END_CHECK_MS = 2 * 60 * 1000;
/** A game is watched at most this long after it began (a bound on the calls for a code). */
export const GAME_END_WATCH_MS = 3 * 60 * 60 * 1000;

export interface GameEndWatcherOptions {
  scheduler: Scheduler;
  /** 2 minutes; shorter only in tests and e2e. */
  intervalMs?: number;
  maxWatchMs?: number;
  /** True when a result is stored: the watch stops. */
  hasResult(code: string): Promise<boolean>;
  /**
   * True once the API lists a game for the code (v5 games/by-code, v4 match IDs by code); false while it
   * does not, or cannot answer now. `refused` when it refused the look (a 403): asking again every
   * 2 minutes would be refused the same way, so the watch stops.
   */
  gameListed(code: string): Promise<boolean | { refused: string }>;
  /** The list has the game: it ended and its callback was attempted (reference §1.2). */
  onGameEnded(code: string, endedAt: number): void;
  /** The next look was scheduled (what `watching()` shows changed). */
  onRescheduled?(code: string): void;
  /** Watched until the bound without the list showing a game, or the look was refused (`refused`). */
  onGiveUp?(code: string, refused?: string): void;
  onError?(error: unknown): void;
}

export interface GameEndWatcher {
  /** Watches a code whose game began at `beganAt`; false when it is already watched or past the bound. */
  watch(code: string, beganAt: number): boolean;
  cancel(code: string): void;
  watching(): Map<string, TournamentResultWatch>;
  stop(): void;
}

/**
 * The end of a game, seen without the organizer: from the moment the lobby shows the game begin, the
 * API's list of the code's games (v5 games/by-code, v4 match IDs by code) is asked every 2 minutes
 * (through the limiter) until it lists the game, a result is stored, the bound passes, or it is refused. The first listing is when the game ended, which starts the 5-minute wait
 * for the callback (resultFallback.ts).
 */
export function createGameEndWatcher(options: GameEndWatcherOptions): GameEndWatcher {
  const { scheduler } = options;
  const intervalMs = options.intervalMs ?? GAME_END_CHECK_MS;
  const maxWatchMs = options.maxWatchMs ?? GAME_END_WATCH_MS;
  const entries = new Map<string, TournamentResultWatch & { handle: unknown }>();

  const schedule = (code: string, until: number): void => {
    const now = scheduler.now();
    if (now >= until) {
      entries.delete(code);
      options.onGiveUp?.(code);
      return;
    }
    const nextCheckAt = Math.min(now + intervalMs, until);
    const handle = scheduler.setTimeout(() => void check(code), nextCheckAt - now);
    entries.set(code, { handle, nextCheckAt, until });
  };

  const check = async (code: string): Promise<void> => {
    const entry = entries.get(code);
    if (!entry) return;
    try {
      if (await options.hasResult(code)) {
        if (entries.get(code) === entry) entries.delete(code);
        return;
      }
      const listed = await options.gameListed(code);
      if (entries.get(code) !== entry) return; // Cancelled meanwhile.
      if (typeof listed === 'object') {
        entries.delete(code);
        options.onGiveUp?.(code, listed.refused);
        return;
      }
      if (listed) {
        entries.delete(code);
        options.onGameEnded(code, scheduler.now());
        return;
      }
    } catch (error) {
      options.onError?.(error);
      if (entries.get(code) !== entry) return;
    }
    schedule(code, entry.until);
    if (entries.has(code)) options.onRescheduled?.(code);
  };

  const cancel = (code: string): void => {
    const entry = entries.get(code);
    if (entry) scheduler.clearTimeout(entry.handle);
    entries.delete(code);
  };

  return {
    watch(code, beganAt) {
      const until = beganAt + maxWatchMs;
      if (entries.has(code) || scheduler.now() >= until) return false;
      schedule(code, until);
      return true;
    },
    cancel,
    watching: () =>
      new Map([...entries].map(([code, { nextCheckAt, until }]) => [code, { nextCheckAt, until }])),
    stop() {
      for (const code of [...entries.keys()]) cancel(code);
    },
  };
}
