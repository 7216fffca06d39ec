import { createContext, useContext, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
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

/**
 * What changes with nearly every pushed state while the element around it stays (a card list's rows, the deck's
 * figures): `write` puts `select`'s value for each state pushed into the element `ref` holds, without a React render,
 * as the clocks write their seconds; a null value is not written. A render (of anything else) draws `value`, the
 * value of its moment, so React and the writes agree. Null until the first snapshot arrives.
 */
export function useOverlayWrite<E extends Element, T>(
  select: (state: OverlayState) => T,
  write: (element: E, value: NonNullable<T>) => void,
): { ref: RefObject<E | null>; value: T | null } {
  const { store } = useAppContext();
  const ref = useRef<E | null>(null);
  const latest = useRef({ select, write });
  useLayoutEffect(() => {
    latest.current = { select, write };
  });
  useLayoutEffect(() => {
    let shown: T | null = null;
    const writeFrom = (state: AppStoreState): void => {
      const value = state.local.state ? latest.current.select(state.local.state) : null;
      if (Object.is(value, shown)) return;
      shown = value;
      if (ref.current && value !== null && value !== undefined) latest.current.write(ref.current, value);
    };
    // What arrived between this render and now, then every state pushed after.
    writeFrom(store.getState());
    return store.subscribe(writeFrom);
  }, [store]);
  const state = store.getState().local.state;
  return { ref, value: state ? select(state) : null };
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
