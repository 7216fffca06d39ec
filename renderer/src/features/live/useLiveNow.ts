import { useNow } from '../../ui/time/useNow';

/** The current time, ticking four times a second while the game runs (clock and respawn timers). */
export function useLiveNow(running: boolean): number {
  return useNow(250, running);
}
