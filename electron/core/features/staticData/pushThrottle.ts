import type { Scheduler } from '../../platform/polling/poller';

/**
 * Passes on the latest of a stream of values at most once per interval: the first at once, the rest as one
 * trailing push with whatever is newest then. `flush` sends what is pending now (the end of a sync must not wait).
 */
export interface PushThrottle<T> {
  push(value: T): void;
  flush(): void;
  cancel(): void;
}

export function createPushThrottle<T>(
  scheduler: Scheduler,
  intervalMs: number,
  send: (value: T) => void,
): PushThrottle<T> {
  let lastSent = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  let pending: { value: T } | null = null;

  const sendPending = (): void => {
    if (timer !== null) scheduler.clearTimeout(timer);
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    lastSent = scheduler.now();
    send(value);
  };

  return {
    push(value) {
      pending = { value };
      if (timer !== null) return;
      const wait = lastSent + intervalMs - scheduler.now();
      if (wait <= 0) sendPending();
      else timer = scheduler.setTimeout(sendPending, wait);
    },
    flush: sendPending,
    cancel() {
      if (timer !== null) scheduler.clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}
