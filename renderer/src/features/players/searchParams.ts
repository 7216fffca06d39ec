import { useSyncExternalStore } from 'react';

/**
 * The lookup and match pages keep what they show in the address (?riotId=…, ?match=…), so reload, back
 * and a shared link show the same thing. The host token in the query stays untouched.
 */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

export function useSearchParams(): URLSearchParams {
  const search = useSyncExternalStore(subscribe, () => window.location.search);
  return new URLSearchParams(search);
}

/** Goes to `path` with these parameters set (empty values removed), keeping the others (the token). */
export function navigateWithParams(path: string, params: Record<string, string>): void {
  const search = new URLSearchParams(window.location.search);
  for (const [name, value] of Object.entries(params)) {
    if (value) search.set(name, value);
    else search.delete(name);
  }
  window.history.pushState(null, '', `${path}?${search.toString()}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** A link's href for `path` with these parameters, keeping the token. */
export function hrefWithParams(path: string, params: Record<string, string>): string {
  const search = new URLSearchParams(window.location.search);
  for (const [name, value] of Object.entries(params)) search.set(name, value);
  return `${path}?${search.toString()}`;
}
