import type { Page } from '@playwright/test';

/**
 * Runs in the page before React (as text): counts React's commits, and per element the commits in which it
 * rendered again. React's commits are watched through the hook its developer tools use (React calls it in
 * production builds too): after each commit the elements with a `data-testid` are looked up, and one already on the
 * page rendered again when its props object is new (a skipped or bailed-out element keeps its props object; one
 * mounted in that commit is not counted). An element is named by its `data-testid`, and one of several alike (the
 * board's labels) by its `data-card-id` too: `board-label#70107`; others alike (the bar's squares) add up.
 */
export const WATCH_RENDERS = `(() => {
  const watched = { commits: 0, renders: {} };
  const seenProps = new WeakSet();
  const visit = (fiber) => {
    for (let at = fiber; at; at = at.sibling) {
      const props = at.memoizedProps;
      const testId = props && typeof props === 'object' && typeof at.type === 'string' ? props['data-testid'] : undefined;
      if (typeof testId === 'string') {
        const id = props['data-card-id'] === undefined ? testId : testId + '#' + props['data-card-id'];
        if (at.alternate && !seenProps.has(props)) watched.renders[id] = (watched.renders[id] || 0) + 1;
        seenProps.add(props);
      }
      if (at.child) visit(at.child);
    }
  };
  window.__sightlineReact = watched;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers: new Map(),
    supportsFiber: true,
    isDisabled: false,
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id, root) => {
      watched.commits += 1;
      visit(root.current);
    },
  };
})()`;

interface Watched {
  commits: number;
  renders: Record<string, number>;
}

/** The renders counted so far by WATCH_RENDERS, per element. */
export const rendersOf = (page: Page): Promise<Record<string, number>> =>
  page.evaluate(() => ({ ...(window as unknown as { __sightlineReact: Watched }).__sightlineReact.renders }));

/** React's commits so far, as WATCH_RENDERS counts them. */
export const commitsOf = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { __sightlineReact: Watched }).__sightlineReact.commits);

/** The renders since `before`, of the elements that rendered. */
export function since(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(after)
      .map(([id, count]) => [id, count - (before[id] ?? 0)] as const)
      .filter(([, count]) => count > 0),
  );
}
