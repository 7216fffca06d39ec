import { useEffect, useState } from 'react';

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
