import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppState, Audience, OverlayState } from '@shared/contract';
import { audienceOfState, isCompanionState } from '@shared/contract/audience';
import type { AppApi } from '../bridge/appApi';
import type { AppStore, AppStoreState } from './appStore';

interface AppContextValue {
  api: AppApi;
  store: AppStore;
}

const AppContext = createContext<AppContextValue | null>(null);

export function AppProvider({ api, store, children }: AppContextValue & { children: ReactNode }) {
  return <AppContext.Provider value={{ api, store }}>{children}</AppContext.Provider>;
}

function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppProvider is missing');
  return value;
}

export function useAppApi(): AppApi {
  return useAppContext().api;
}

/**
 * Reads a slice of the companion's app state; null until the first snapshot arrives, and always null where
 * only an overlay's state is pushed (a page opened with an overlay link).
 */
export function useAppState<T>(selector: (state: AppState) => T): T | null {
  const { store } = useAppContext();
  return useStore(store, (s: AppStoreState) =>
    s.local.state && isCompanionState(s.local.state) ? selector(s.local.state) : null,
  );
}

/** Reads what every audience is pushed, overlays included (OverlayState); null until the first snapshot arrives. */
export function useOverlayState<T>(selector: (state: OverlayState) => T): T | null {
  const { store } = useAppContext();
  return useStore(store, (s: AppStoreState) => (s.local.state ? selector(s.local.state) : null));
}

/** Which audience this view is pushed state for; null until the first snapshot arrives. */
export function usePushedAudience(): Audience | null {
  const { store } = useAppContext();
  return useStore(store, (s: AppStoreState) => (s.local.state ? audienceOfState(s.local.state) : null));
}

export function useTransportStatus(): AppStoreState['transport'] {
  const { store } = useAppContext();
  return useStore(store, (s) => s.transport);
}
