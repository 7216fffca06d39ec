import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LocalState, PushedState, StateMessage } from '@shared/contract';
import { reduceStateMessage } from '@shared/contract/statePatch';
import type { AppApi } from '../bridge/appApi';
import type { TransportStatus } from '../bridge/webSocketBridge';

export interface AppStoreState {
  /** The whole app state in the companion, an overlay's cut of it in an overlay (OBS, an overlay window). */
  local: LocalState<PushedState>;
  transport: TransportStatus;
}

export type AppStore = StoreApi<AppStoreState>;

/** A store with nothing yet, or already holding `first` (an overlay page's embedded snapshot). */
export function createAppStore(first: StateMessage<PushedState> | null = null): AppStore {
  const empty: LocalState<PushedState> = { seq: -1, state: null };
  const local = first ? reduceStateMessage(empty, first).next : empty;
  return createStore<AppStoreState>()(() => ({ local, transport: 'connecting' }));
}

/** Feeds pushed snapshots and patches into the store; a gap in sequence numbers asks for a snapshot. */
export function connectAppStore(store: AppStore, api: AppApi): () => void {
  return api.onState((message) => {
    const { next, resync } = reduceStateMessage(store.getState().local, message);
    if (next !== store.getState().local) store.setState({ local: next });
    if (resync) api.resync();
  });
}
