import { describe, expect, it } from 'vitest';
import { resolveView } from './resolveView';
import type { BareView, PageView } from '../navigation/featureViews';

const View = () => null;
const BARE: BareView[] = [{ path: '/overlay/status', view: View, transparent: true }];
const PAGES: PageView[] = [
  { path: '/', label: 'Status', view: View },
  { path: '/history', label: 'History', view: View },
];

describe('resolveView', () => {
  it('shows an overlay route chromeless, and a page with the companion around it', () => {
    expect(resolveView('/overlay/status', BARE, PAGES)).toEqual({ kind: 'bare', view: BARE[0] });
    expect(resolveView('/history', BARE, PAGES)).toEqual({ kind: 'page', view: PAGES[1] });
  });

  it('shows nothing for a mistyped overlay route, never the companion', () => {
    for (const path of ['/overlay/nope', '/overlay/status/', '/overlay/'])
      expect(resolveView(path, BARE, PAGES), path).toEqual({ kind: 'blank-overlay' });
  });

  it('falls back to the first page for an unknown companion path', () => {
    expect(resolveView('/nope', BARE, PAGES)).toEqual({ kind: 'page', view: PAGES[0] });
    expect(resolveView('/overlay', BARE, PAGES)).toEqual({ kind: 'page', view: PAGES[0] });
  });
});
