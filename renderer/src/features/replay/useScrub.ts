import { useEffect, useRef, useState } from 'react';

/**
 * A slider that sends to the game: while it is dragged it shows the dragged value, and only a pause
 * in the drag (or its end) sends one request, so the replay is not asked to seek 60 times a second.
 * The dragged value stays shown until the request settles, so the handle does not jump back.
 */
export function useScrub(value: number, commit: (value: number) => Promise<unknown>, delayMs = 250) {
  const [dragged, setDragged] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(commit);
  useEffect(() => {
    latest.current = commit;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onInput = (next: number): void => {
    setDragged(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      void latest.current(next).finally(() => setDragged((current) => (current === next ? null : current)));
    }, delayMs);
  };
  return { shown: dragged ?? value, dragging: dragged !== null, onInput };
}
