import type { WebApiGuardState } from '@shared/contract';

/**
 * Keys get revoked for consistent invalid calls (spec 1 §7). After a few client errors in a row
 * (or one 401: no valid key at all) every call stops locally until the user has looked at the key.
 */
export interface FailureGuard {
  readonly state: WebApiGuardState;
  /** A response that was not a client error (2xx, 404, 429, 5xx). */
  succeeded(): void;
  /** A client error other than 404 and 429. */
  failed(status: number, now: number): void;
  resume(): void;
  onChange(listener: (state: WebApiGuardState) => void): () => void;
}

export const CLIENT_ERRORS_BEFORE_PAUSE = 3;

export function createFailureGuard(threshold = CLIENT_ERRORS_BEFORE_PAUSE): FailureGuard {
  let streak = 0;
  let state: WebApiGuardState = { paused: false, message: null, since: null };
  const listeners = new Set<(state: WebApiGuardState) => void>();

  const set = (next: WebApiGuardState): void => {
    state = next;
    for (const listener of listeners) listener(state);
  };

  return {
    get state() {
      return state;
    },
    succeeded() {
      streak = 0;
    },
    failed(status, now) {
      streak += 1;
      if (state.paused || (status !== 401 && streak < threshold)) return;
      set({
        paused: true,
        since: now,
        message:
          status === 401
            ? 'Paused: the API refused the key (401). Your key is at risk if calls keep failing: check it on the Players page, then resume.'
            : `Paused: ${streak} requests in a row were refused (last: ${status}). Keys that keep making invalid calls get revoked: check your key on the Players page, then resume.`,
      });
    },
    resume() {
      streak = 0;
      if (state.paused) set({ paused: false, message: null, since: null });
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
