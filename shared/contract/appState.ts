import { INITIAL_LIVE_GAME, type LiveGameState } from './liveGame';
import { INITIAL_REPLAY_STATE, type ReplayState } from './replayDesk';
import { SOURCE_IDS, type SourceId, type SourceStatus } from './sources';

/** Everything main pushes to every view. Views never hold a second copy of it: they apply patches. */
export interface AppState {
  sources: Record<SourceId, SourceStatus>;
  live: LiveGameState;
  replay: ReplayState;
}

export function initialAppState(now: number): AppState {
  const sources = Object.fromEntries(
    SOURCE_IDS.map((id) => [id, { state: 'not-running', reason: null, since: now } satisfies SourceStatus]),
  ) as Record<SourceId, SourceStatus>;
  return { sources, live: INITIAL_LIVE_GAME, replay: INITIAL_REPLAY_STATE };
}
