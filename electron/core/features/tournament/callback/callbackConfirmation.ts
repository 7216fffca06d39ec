import type { TournamentResultView } from '@shared/contract';
import type { Scheduler } from '../../../platform/polling/poller';
import type { WebApiResult } from '../../webApi/client/webApiProblem';
import type { GameFacts } from '../api/tournamentApi';
import type { CallbackOutcome, TournamentStore } from '../storage/tournamentStore';

export interface CallbackDecision {
  code: string;
  gameId: number;
  outcome: CallbackOutcome;
  /** The result recorded (accepted); null otherwise. */
  result: TournamentResultView | null;
  reason: string;
}

export interface CallbackConfirmationOptions {
  scheduler: Scheduler;
  store: Pick<
    TournamentStore,
    'heldCallbacks' | 'dropHeldCallback' | 'recordResult' | 'listResults' | 'logCallback'
  >;
  /** v5 games/by-code for the code, through the rate-limited client. */
  gamesByCode(code: string): Promise<WebApiResult<GameFacts[]>>;
  /** Between two looks while the list has no game for the code yet (or the API did not answer). */
  retryMs?: number;
  /** Looks at the list per held callback before it is refused. */
  maxAttempts?: number;
  /** After each held callback is decided and logged. */
  onDecided?(decision: CallbackDecision): void;
  onError?(error: unknown): void;
}

export interface CallbackConfirmation {
  /** Callbacks for this code are held: look their game up now (or at the look already scheduled). */
  confirm(code: string): void;
  stop(): void;
}

/**
 * Confirms held callbacks with games/by-code: "if the endpoint returns the game, it means a callback was
 * attempted" (reference §1.2). A callback is recorded only when the list for the code it names has its
 * game; a genuine body re-sent under another code of the same creation call names a game that code's list
 * does not have, and is refused. The sender was answered 200 long before.
 */
export function createCallbackConfirmation(options: CallbackConfirmationOptions): CallbackConfirmation {
  const { scheduler, store } = options;
  const retryMs = options.retryMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const timers = new Map<string, unknown>();
  /** Codes being looked up now → whether confirm() was called again meanwhile. */
  const running = new Map<string, boolean>();
  const attempts = new Map<string, number>();
  const attemptKey = (held: TournamentResultView) => `${held.code}|${held.gameId}`;
  let stopped = false;

  const schedule = (code: string, delayMs: number): void => {
    if (stopped || timers.has(code)) return;
    const handle = scheduler.setTimeout(() => {
      timers.delete(code);
      void check(code);
    }, delayMs);
    timers.set(code, handle);
  };

  const decide = async (
    held: TournamentResultView,
    outcome: CallbackOutcome,
    reason: string,
  ): Promise<void> => {
    attempts.delete(attemptKey(held));
    // Recorded before it is dropped: a crash in between leaves a duplicate, never a loss.
    if (outcome === 'accepted') await store.recordResult(held);
    await store.dropHeldCallback(held.code, held.gameId);
    await store.logCallback({ at: scheduler.now(), shortCode: held.code, outcome, reason });
    options.onDecided?.({
      code: held.code,
      gameId: held.gameId,
      outcome,
      result: outcome === 'accepted' ? held : null,
      reason,
    });
  };

  const look = async (code: string): Promise<void> => {
    const recorded = new Set((await store.listResults({ code })).map((result) => result.gameId));
    const held: TournamentResultView[] = [];
    for (const callback of await store.heldCallbacks(code)) {
      // Recorded meanwhile by code (the fallback): the list has spoken already.
      if (recorded.has(callback.gameId)) await decide(callback, 'duplicate', 'already recorded');
      else held.push(callback);
    }
    if (held.length === 0) return;
    const games = await options.gamesByCode(code);
    if (stopped) return;
    if (games.ok && games.value.length > 0) {
      const listed = new Map(games.value.map((game) => [game.gameId, game]));
      const ids = games.value.map((game) => game.gameId).join(', ');
      for (const callback of held) {
        const game = listed.get(callback.gameId);
        if (!game) {
          await decide(
            callback,
            'rejected',
            `games/by-code lists game ${ids} for this code, not game ${callback.gameId}: a callback of another code re-sent under this one`,
          );
          continue;
        }
        // The v5 callback has no teams; the list has them (as PUUIDs). Another listed game of the code (a
        // remake) is recorded too: the organizer chooses which counts.
        const teams =
          callback.winningTeam.length > 0
            ? {}
            : { winningTeam: game.winningTeam, losingTeam: game.losingTeam };
        await decide({ ...callback, ...teams }, 'accepted', 'confirmed by games/by-code');
      }
      return;
    }
    const why = games.ok
      ? 'games/by-code lists no game for this code'
      : `games/by-code did not answer (${games.problem.message})`;
    let waiting = false;
    for (const callback of held) {
      const tries = (attempts.get(attemptKey(callback)) ?? 0) + 1;
      if (tries < maxAttempts) {
        attempts.set(attemptKey(callback), tries);
        waiting = true;
      } else {
        await decide(
          callback,
          'rejected',
          `not confirmed: ${why} after ${tries} looks; if the game was played, fetch its result by code`,
        );
      }
    }
    if (waiting) schedule(code, retryMs);
  };

  const check = async (code: string): Promise<void> => {
    if (running.has(code)) {
      running.set(code, true);
      return;
    }
    running.set(code, false);
    try {
      await look(code);
    } catch (error) {
      // Stays held: looked at again with the next callback for the code, or at the next start.
      options.onError?.(error);
    } finally {
      const again = running.get(code) === true;
      running.delete(code);
      if (again) schedule(code, 0);
    }
  };

  return {
    confirm(code) {
      if (running.has(code)) running.set(code, true);
      else schedule(code, 0);
    },
    stop() {
      stopped = true;
      for (const handle of timers.values()) scheduler.clearTimeout(handle);
      timers.clear();
    },
  };
}
