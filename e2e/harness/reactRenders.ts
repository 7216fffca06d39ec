import type { Page } from '@playwright/test';

/**
 * Runs in the page before React (as text): counts, per element, the commits in which it rendered. React's commits
 * are watched through the hook its developer tools use (React calls it in production builds too): after each
 * commit the elements with a `data-testid` are looked up, and one rendered in that commit when its props object is
 * new (a skipped or bailed-out element keeps its props object). An element is named by its `data-testid`, and
 * one of several alike (the board's labels) by its `data-card-id` too: `board-label#70107`.
 */
export const WATCH_RENDERS = `(() => {
  const renders = {};
  const lastProps = new Map();
  const visit = (fiber) => {
    for (let at = fiber; at; at = at.sibling) {
      const props = at.memoizedProps;
      const testId = props && typeof props === 'object' && typeof at.type === 'string' ? props['data-testid'] : undefined;
      if (typeof testId === 'string') {
        const id = props['data-card-id'] === undefined ? testId : testId + '#' + props['data-card-id'];
        if (lastProps.has(id) && lastProps.get(id) !== props) renders[id] = (renders[id] || 0) + 1;
        lastProps.set(id, props);
      }
      if (at.child) visit(at.child);
    }
  };
  window.__sightlineRenders = renders;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id, root) => visit(root.current),
  };
})()`;

/** The renders counted so far by WATCH_RENDERS, per element. */
export const rendersOf = (page: Page): Promise<Record<string, number>> =>
  page.evaluate(() => ({
    ...(window as unknown as { __sightlineRenders: Record<string, number> }).__sightlineRenders,
  }));

/** The renders since `before`, of the elements that rendered. */
export function since(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after)
      .map(([id, count]) => [id, count - (before[id] ?? 0)] as const)
      .filter(([, count]) => count > 0),
  );
}
