import { useEffect, useState } from 'react';
import { createSecondTicker, tickPhaseOf } from './secondTicks';

/** Re-renders every `periodMs` with the current time, for clocks that advance between polls. */
export function useNow(periodMs: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const id = window.setInterval(() => setNow(Date.now()), periodMs);
    return () => window.clearInterval(id);
  }, [periodMs, active]);
  return now;
}

/** Every clock of the page on one timer. */
const PAGE_TICKER = createSecondTicker({
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (id) => window.clearTimeout(id),
});

/**
 * The current time, re-rendering once a second exactly when a shown clock's second turns (at `turnAt` + k·1000
 * ms); still while `turnAt` is null. Every clock of the page ticks on the page's one timer (createSecondTicker),
 * and those that turn in the same frame render together: an overlay's clocks cost one render a second, not one
 * each.
 */
export function useSecondClock(turnAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const phase = turnAt === null ? null : tickPhaseOf(turnAt);
  useEffect(() => {
    // No render of its own on a new phase: the poll that moved it re-rendered the clock already.
    if (phase === null) return;
    return PAGE_TICKER.subscribe(phase, setNow);
  }, [phase]);
  return now;
}
