import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { writeText } from '../writeText';
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

const NEVER_CHANGES = (): (() => void) => () => {};

/**
 * A clock's text, drawn as its shown second turns (at `turnAt` + k·1000 ms; still while `turnAt` is null) without
 * a React render: the page's one ticker (createSecondTicker) writes the new text straight into the element's text
 * node, so a tick costs the page a text change and its frame, not a render of the clock. A render (a poll) draws
 * the text of that moment. Put `ref` on the element whose only child is `text`.
 */
export function useSecondText<E extends HTMLElement>(
  turnAt: number | null,
  textAt: (now: number) => string,
): { ref: RefObject<E | null>; text: string } {
  const ref = useRef<E | null>(null);
  const textAtNow = useRef(textAt);
  // Read as it renders (the time is no state: a tick renders nothing).
  const text = useSyncExternalStore(NEVER_CHANGES, () => textAt(Date.now()));
  useLayoutEffect(() => {
    textAtNow.current = textAt;
    // React writes the text only when it differs from its last render's, not from what a tick wrote since: a poll
    // that sets the clock back to that text is drawn here.
    writeText(ref.current, text);
  });
  const phase = turnAt === null ? null : tickPhaseOf(turnAt);
  useEffect(() => {
    if (phase === null) return;
    return PAGE_TICKER.subscribe(phase, (now) => writeText(ref.current, textAtNow.current(now)));
  }, [phase]);
  return { ref, text };
}
