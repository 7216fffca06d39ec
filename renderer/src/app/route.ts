import { useSyncExternalStore } from 'react';

/** The views are routes of one bundle: the companion pages and the overlay routes OBS loads. */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

export function useRoutePath(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

/** Client-side navigation that keeps the query (the host token) in the address. */
export function navigate(path: string): void {
  window.history.pushState(null, '', `${path}${window.location.search}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
