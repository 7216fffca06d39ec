import { useSyncExternalStore } from 'react';

/**
 * The views are routes of one bundle: the companion pages and the overlay routes OBS loads. Every
 * navigation pushes a history entry and fires popstate, so back, forward and in-app links all reach the
 * same subscribers.
 */
export function subscribeToLocation(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

export function useRoutePath(): string {
  return useSyncExternalStore(subscribeToLocation, () => window.location.pathname);
}

/** Pushes `url` (a path with its query) and tells the subscribers. */
export function pushLocation(url: string): void {
  const page = window.location.pathname;
  window.history.pushState(null, '', url);
  // Another page opens at its top, as a page the browser loads does (a match opened from far down a player's list
  // showed the match scrolled past its title); the same page with another query stays where it is.
  if (window.location.pathname !== page) window.scrollTo(0, 0);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** Client-side navigation that keeps the query (the host token) in the address. */
export function navigate(path: string): void {
  pushLocation(`${path}${window.location.search}`);
}

/** Like `navigate`, without a history entry: back does not return to a page that only forwarded. */
export function redirect(path: string): void {
  window.history.replaceState(null, '', `${path}${window.location.search}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
