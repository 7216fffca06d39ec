import { describeSourceStatus, type CardGameState, type SourceStatus } from '@shared/contract';
import { useAppState } from '../../state/AppContext';

export function useCardGame(): CardGameState | null {
  return useAppState((state) => state.card);
}

export function useCardSource(): SourceStatus | null {
  return useAppState((state) => state.sources.card);
}

/** What to say while no game is tracked: why the client is not there, or that it is in its menus. */
export function waitingMessage(source: SourceStatus | null): string {
  if (!source) return 'Connecting to Sightline…';
  if (source.state === 'connected') return 'Waiting for a game to start.';
  return `Card client ${describeSourceStatus(source)}`;
}
