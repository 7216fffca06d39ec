import { isOverlayPath } from '@shared/contract';
import type { BareView, PageView } from '../navigation/featureViews';

export type ResolvedView =
  | { kind: 'bare'; view: BareView }
  /** A mistyped overlay route: nothing at all, or OBS (or an overlay window) would show the companion. */
  | { kind: 'blank-overlay' }
  | { kind: 'page'; view: PageView };

/** Which view a path shows: a chromeless view, nothing for an unknown overlay, else a page (Status by default). */
export function resolveView(
  path: string,
  bareViews: readonly BareView[],
  pages: readonly PageView[],
): ResolvedView | null {
  const bare = bareViews.find((candidate) => candidate.path === path);
  if (bare) return { kind: 'bare', view: bare };
  if (isOverlayPath(path)) return { kind: 'blank-overlay' };
  const page = pages.find((candidate) => candidate.path === path) ?? pages[0];
  return page ? { kind: 'page', view: page } : null;
}
