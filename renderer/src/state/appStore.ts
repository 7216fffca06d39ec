import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LocalState, PushedState } from '@shared/contract';
import { reduceStateMessage } from '@shared/contract/statePatch';
import type { AppApi } from '../bridge/appApi';
import type { TransportStatus } from '../bridge/webSocketBridge';

export interface AppStoreState {
  /** The whole app state in the companion, an overlay's cut of it in an overlay (OBS, an overlay window). */
  local: LocalState<PushedState>;
  transport: TransportStatus;
}

export type AppStore = StoreApi<AppStoreState>;

export function createAppStore(): AppStore {
  return createStore<AppStoreState>()(() => ({ local: { seq: -1, state: null }, transport: 'connecting' }));
}

/** Feeds pushed snapshots and patches into the store; a gap in sequence numbers asks for a snapshot. */
export function connectAppStore(store: AppStore, api: AppApi): () => void {
  return api.onState((message) => {
    const { next, resync } = reduceStateMessage(store.getState().local, message);
    if (next !== store.getState().local) store.setState({ local: next });
    if (resync) api.resync();
  });
}
