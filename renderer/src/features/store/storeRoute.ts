import type { MouseEvent } from 'react';
import { hrefWithParams, navigateWithParams } from '../../navigation/searchParams';

export const STORE_PAGE_PATH = '/store';

/** What the store page shows, kept in the address so back, reload and shared links work. */
export type StoreView =
  | { kind: 'collection'; handle: string; page: number }
  | { kind: 'product'; handle: string }
  | { kind: 'search'; query: string }
  | { kind: 'policy'; policy: string }
  | { kind: 'agents' };

const KEYS = ['collection', 'page', 'product', 'q', 'policy', 'agents'] as const;
export type StoreParams = Partial<Record<(typeof KEYS)[number], string>>;

export function readStoreView(params: URLSearchParams): StoreView {
  const product = params.get('product');
  if (product) return { kind: 'product', handle: product };
  const query = params.get('q');
  if (query) return { kind: 'search', query };
  const policy = params.get('policy');
  if (policy) return { kind: 'policy', policy };
  if (params.get('agents')) return { kind: 'agents' };
  const page = Number(params.get('page') ?? '1');
  return {
    kind: 'collection',
    handle: params.get('collection') || 'all',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function withCleared(params: StoreParams): Record<string, string> {
  return Object.fromEntries(KEYS.map((key) => [key, params[key] ?? '']));
}

/** Goes to a store view, clearing what the previous one set (the host token stays). */
export function showStore(params: StoreParams): void {
  navigateWithParams(STORE_PAGE_PATH, withCleared(params));
}

/** href and onClick for an in-app link to a store view. */
export function storeLink(params: StoreParams): { href: string; onClick: (event: MouseEvent) => void } {
  const search = new URLSearchParams(hrefWithParams(STORE_PAGE_PATH, {}).split('?')[1] ?? '');
  for (const [key, value] of Object.entries(withCleared(params))) {
    if (value) search.set(key, value);
    else search.delete(key);
  }
  return {
    href: `${STORE_PAGE_PATH}?${search.toString()}`,
    onClick: (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      showStore(params);
    },
  };
}
