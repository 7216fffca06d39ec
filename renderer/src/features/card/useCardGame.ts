import type { OverlayState, SourceStatus } from '@shared/contract';
import { describeSourceStatus } from '@shared/contract/sources';
import { useOverlayState } from '../../state/AppContext';

/** The card game being played, as every audience (the overlays too) receives it. */
export function useCardGame(): OverlayState['card'] | null {
  return useOverlayState((state) => state.card);
}

export function useCardSource(): SourceStatus | null {
  return useOverlayState((state) => state.sources.card);
}

/** What to say while no game is tracked: why the client is not there, or that it is in its menus. */
export function waitingMessage(source: SourceStatus | null): string {
  if (!source) return 'Connecting to Sightline…';
  if (source.state === 'connected') return 'Waiting for a game to start.';
  return `Card client ${describeSourceStatus(source)}`;
}
