import type { Page } from '@playwright/test';

/**
 * Runs in the page before its scripts (as text): counts the page's DOM writes, whoever makes them (React or a
 * writer that bypasses it), per element. A write is named by the nearest element with a `data-testid` (one of several
 * alike, the board's labels, by its `data-card-id` too: `board-label#70107`): an attribute or text changed in it,
 * or, for an element added or removed, `+name` or `-name` (the list it went into is not counted).
 */
export const WATCH_WRITES = `(() => {
  const writes = {};
  const nameOf = (node) => {
    for (let at = node instanceof Element ? node : node.parentElement; at; at = at.parentElement) {
      const id = at.getAttribute('data-testid');
      if (id) return at.hasAttribute('data-card-id') ? id + '#' + at.getAttribute('data-card-id') : id;
    }
    return '(page)';
  };
  const count = (name) => { writes[name] = (writes[name] || 0) + 1; };
  window.__sightlineWrites = writes;
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type !== 'childList') { count(nameOf(record.target)); continue; }
      for (const node of record.addedNodes) if (node instanceof Element) count('+' + nameOf(node));
      for (const node of record.removedNodes) if (node instanceof Element) count('-' + nameOf(node));
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})()`;

/** The writes counted so far by WATCH_WRITES, per element. */
export const writesOf = (page: Page): Promise<Record<string, number>> =>
  page.evaluate(() => ({
    ...(window as unknown as { __sightlineWrites: Record<string, number> }).__sightlineWrites,
  }));
