import { INITIAL_CARD_GAME_STATE, type CardGameState } from './card';
import { INITIAL_DATA_FOLDER_STATE, type DataFolderState } from './dataFolder';
import { INITIAL_LIVE_GAME, type LiveGameState } from './live';
import { INITIAL_REPLAY_STATE, type ReplayState } from './replayDesk';
import { INITIAL_STATIC_DATA_STATE, type StaticDataState } from './staticData';
import { SOURCE_IDS, type SourceId, type SourceStatus } from './sources';
import { INITIAL_SIGN_ON_STATE, type SignOnState } from './signOn';
import { INITIAL_STORE_STATE, type StoreState } from './storeCheckout';
import { INITIAL_TOURNAMENT_STATE, type TournamentState } from './tournament';
import { INITIAL_WEB_API_STATE, type WebApiState } from './webApi';

/** Everything main pushes to every view. Views never hold a second copy of it: they apply patches. */
export interface AppState {
  sources: Record<SourceId, SourceStatus>;
  live: LiveGameState;
  replay: ReplayState;
  card: CardGameState;
  staticData: StaticDataState;
  webApi: WebApiState;
  tournament: TournamentState;
  signOn: SignOnState;
  store: StoreState;
  dataFolder: DataFolderState;
}

export function initialAppState(now: number): AppState {
  const sources = Object.fromEntries(
    SOURCE_IDS.map((id) => [id, { state: 'not-running', reason: null, since: now } satisfies SourceStatus]),
  ) as Record<SourceId, SourceStatus>;
  return {
    sources,
    live: INITIAL_LIVE_GAME,
    replay: INITIAL_REPLAY_STATE,
    card: INITIAL_CARD_GAME_STATE,
    staticData: INITIAL_STATIC_DATA_STATE,
    webApi: INITIAL_WEB_API_STATE,
    tournament: INITIAL_TOURNAMENT_STATE,
    signOn: INITIAL_SIGN_ON_STATE,
    store: INITIAL_STORE_STATE,
    dataFolder: INITIAL_DATA_FOLDER_STATE,
  };
}
