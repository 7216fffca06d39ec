import type { AppState } from './appState';
import type { HostLinkKind } from './hostLinks';

/**
 * Who a stream of app state is for. The companion (its page, the desktop's own windows) gets everything; an
 * overlay (an OBS source holding the overlay token, often shown on stream or shared, and the desktop's overlay
 * windows) gets only what overlays draw. The browser host's two kinds of link are these two audiences.
 */
export type Audience = HostLinkKind;

/** What an overlay may read of one slice: all of it, or only the listed fields. */
type SliceShare<K extends keyof AppState> = 'all' | readonly (keyof AppState[K])[];

/**
 * The one list of what overlays receive, in their snapshot and in every patch: the live game, the card game
 * being played, the sources' states, and of the static data only the revision that makes images and lookups
 * refetch. Every slice not listed (the store and its checkout, sign-on, tournaments, web API, the data folder,
 * replay) and every field not listed (the card history's errors, the static data's cache paths) never
 * reaches them.
 */
export const OVERLAY_STATE_SHARE = {
  sources: 'all',
  live: 'all',
  card: ['phase', 'game', 'lastGame'],
  staticData: ['revision'],
} as const satisfies { readonly [K in keyof AppState]?: SliceShare<K> };

type OverlayShare = typeof OVERLAY_STATE_SHARE;

/** The app state as an overlay receives it. Every overlay view reads only this. */
export type OverlayState = {
  [K in keyof OverlayShare & keyof AppState]: OverlayShare[K] extends readonly (infer F extends
    keyof AppState[K])[]
    ? Pick<AppState[K], F>
    : AppState[K];
};

function pick<T extends object>(slice: T, fields: readonly (keyof T)[]): Partial<T> {
  const picked: Partial<T> = {};
  for (const field of fields) picked[field] = slice[field];
  return picked;
}

/** Cuts the app state down to what overlays receive (OVERLAY_STATE_SHARE); untouched slices keep their identity. */
export function overlayStateOf(state: AppState): OverlayState {
  const projected: Partial<Record<keyof AppState, unknown>> = {};
  for (const [key, share] of Object.entries(OVERLAY_STATE_SHARE) as [
    keyof OverlayShare,
    SliceShare<keyof OverlayShare>,
  ][]) {
    const slice: object = state[key];
    projected[key] = share === 'all' ? slice : pick(slice, share as readonly (keyof typeof slice)[]);
  }
  return projected as OverlayState;
}

/** What a view is pushed, not knowing its audience beforehand: the whole app state, or an overlay's cut of it. */
export type PushedState = AppState | OverlayState;

/** The audience pushed state was cut for: an overlay's has only the slices OVERLAY_STATE_SHARE lists. */
export function audienceOfState(state: PushedState): Audience {
  return Object.keys(state).some((slice) => !Object.hasOwn(OVERLAY_STATE_SHARE, slice))
    ? 'companion'
    : 'overlay';
}

/** Whether pushed state is the companion's, the whole app state. */
export function isCompanionState(state: PushedState): state is AppState {
  return audienceOfState(state) === 'companion';
}
