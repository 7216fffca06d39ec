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
 * Calls `onTick` with the time at each instant a clock's shown second turns (every `turnAt` + k·1000 ms), by a
 * timeout to the next one rather than a short interval: once a second, on the boundary. Returns the stop.
 */
export function everySecondOf(turnAt: number, onTick: (now: number) => void, timers: TickTimers): () => void {
  let id = 0;
  const schedule = (from: number): void => {
    const due = from + msToNextSecond(from, turnAt);
    id = timers.setTimeout(() => {
      // A timer may fire a hair early by the wall clock: the tick is never before the boundary it is for.
      const now = Math.max(timers.now(), due);
      onTick(now);
      schedule(now);
    }, due - from);
  };
  schedule(timers.now());
  return () => timers.clearTimeout(id);
}
