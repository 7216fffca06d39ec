/** The timers a second clock runs on (the page's, or a test's fakes). */
export interface TickTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/** Milliseconds from `now` to the next instant ≡ `turnAt` (mod 1000): the next time a shown second changes. */
export function msToNextSecond(now: number, turnAt: number): number {
  const into = (((now - turnAt) % 1000) + 1000) % 1000;
  return 1000 - into;
}

/**
 * The instant within each second (0–999 ms) a clock turning at `turnAt` is ticked: one ms past the turn, so a sum
 * like 61.3 + 0.7 that lands a hair below 62 already shows 62. A poll that moves the turn by whole seconds keeps it.
 */
export function tickPhaseOf(turnAt: number): number {
  return ((Math.ceil(turnAt + 1) % 1000) + 1000) % 1000;
}

/**
 * How far apart two clocks' turns may fall and still be shown in one tick: one frame. The earlier of them is
 * drawn at most this late, never early.
 */
export const SAME_FRAME_MS = 16;

/** Every clock of a page on one timer. */
export interface SecondTicker {
  /**
   * Calls `onTick` with the time at each instant a clock turning at phase `turnAt` (mod 1000 ms) shows its next
   * second. Returns the unsubscribe.
   */
  subscribe(turnAt: number, onTick: (now: number) => void): () => void;
}

interface Subscriber {
  turnAt: number;
  onTick(now: number): void;
  /** The next instant its shown second turns. */
  due: number;
}

/**
 * A page's one second ticker: a single timeout at a time, set for the next instant a subscribed clock turns, so
 * a page with N clocks runs one timer, not N. Clocks that turn within one frame of each other (SAME_FRAME_MS) are
 * ticked together at the latest of their turns, in one task: React renders them in one pass and the page paints
 * once.
 */
export function createSecondTicker(timers: TickTimers): SecondTicker {
  const subscribers = new Set<Subscriber>();
  let timer: number | null = null;

  const schedule = (from: number): void => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    if (subscribers.size === 0) return;
    const dues = [...subscribers].map((subscriber) => subscriber.due);
    const first = Math.min(...dues);
    const fireAt = Math.max(...dues.filter((due) => due <= first + SAME_FRAME_MS));
    timer = timers.setTimeout(() => {
      timer = null;
      // A timer may fire a hair early by the wall clock: a tick is never before the turn it is for.
      const now = Math.max(timers.now(), fireAt);
      const due = [...subscribers].filter((subscriber) => subscriber.due <= now);
      for (const subscriber of due) subscriber.due = now + msToNextSecond(now, subscriber.turnAt);
      for (const subscriber of due) subscriber.onTick(now);
      schedule(now);
    }, fireAt - from);
  };

  return {
    subscribe(turnAt, onTick) {
      const now = timers.now();
      const subscriber: Subscriber = { turnAt, onTick, due: now + msToNextSecond(now, turnAt) };
      subscribers.add(subscriber);
      schedule(now);
      return () => {
        subscribers.delete(subscriber);
        if (subscribers.size === 0) schedule(timers.now());
      };
    },
  };
}
