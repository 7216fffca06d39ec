import { useSyncExternalStore } from 'react';
import { pushLocation, subscribeToLocation } from './route';

/**
 * Pages keep what they show in the address (?riotId=…, ?match=…, ?product=…), so reload, back and a
 * shared link show the same thing. The host token in the query stays untouched.
 */
export function useSearchParams(): URLSearchParams {
  const search = useSyncExternalStore(subscribeToLocation, () => window.location.search);
  return new URLSearchParams(search);
}

/** Goes to `path` with these parameters set (empty values removed), keeping the others (the token). */
export function navigateWithParams(path: string, params: Record<string, string>): void {
  const search = new URLSearchParams(window.location.search);
  for (const [name, value] of Object.entries(params)) {
    if (value) search.set(name, value);
    else search.delete(name);
  }
  pushLocation(`${path}?${search.toString()}`);
}

/** A link's href for `path` with these parameters, keeping the token. */
export function hrefWithParams(path: string, params: Record<string, string>): string {
  const search = new URLSearchParams(window.location.search);
  for (const [name, value] of Object.entries(params)) search.set(name, value);
  return `${path}?${search.toString()}`;
}
