import { useEffect, useState } from 'react';
import { everySecondOf, tickPhaseOf, type TickTimers } from './secondTicks';

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

const PAGE_TIMERS: TickTimers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (id) => window.clearTimeout(id),
};

/**
 * The current time, re-rendering once a second exactly when a shown clock's second turns (at `turnAt` + k·1000
 * ms, see everySecondOf); still while `turnAt` is null. An overlay's clock costs one render a second, not four.
 */
export function useSecondClock(turnAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const phase = turnAt === null ? null : tickPhaseOf(turnAt);
  useEffect(() => {
    // No render of its own on a new phase: the poll that moved it re-rendered the clock already.
    if (phase === null) return;
    return everySecondOf(phase, setNow, PAGE_TIMERS);
  }, [phase]);
  return now;
}
