import type { WebApiRetry } from '@shared/contract';

/**
 * The calls waiting to try again after the web API failed them (5xx, a dropped connection), so the page
 * says "the web API failed: retrying in 4 s" instead of showing a spinner for the whole backoff.
 */
export interface RetryBoard {
  /** Shows `retry` until the returned function is called. */
  show(retry: WebApiRetry): () => void;
  list(): WebApiRetry[];
  /** Called when the list changes; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

export function createRetryBoard(): RetryBoard {
  const shown = new Set<WebApiRetry>();
  const listeners = new Set<() => void>();
  const changed = (): void => {
    for (const listener of listeners) listener();
  };
  return {
    show(retry) {
      const entry = { ...retry };
      shown.add(entry);
      changed();
      return () => {
        if (shown.delete(entry)) changed();
      };
    },
    list: () => [...shown].sort((a, b) => a.until - b.until),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
