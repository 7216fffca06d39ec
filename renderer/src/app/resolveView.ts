import type { BareView, PageView } from '../navigation/featureViews';

export type ResolvedView = { kind: 'bare'; view: BareView } | { kind: 'page'; view: PageView };

/**
 * Which companion view a path shows: a chromeless panel, else a page (Status by default). Overlay routes never
 * reach the companion: the host and the app protocol answer them with their feature's overlay page.
 */
export function resolveView(
  path: string,
  bareViews: readonly BareView[],
  pages: readonly PageView[],
): ResolvedView | null {
  const bare = bareViews.find((candidate) => candidate.path === path);
  if (bare) return { kind: 'bare', view: bare };
  const page = pages.find((candidate) => candidate.path === path) ?? pages[0];
  return page ? { kind: 'page', view: page } : null;
}
