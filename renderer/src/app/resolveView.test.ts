import { describe, expect, it } from 'vitest';
import { resolveView } from './resolveView';
import type { BareView, PageView } from '../navigation/featureViews';

const View = () => null;
const BARE: BareView[] = [{ path: '/panel/caster', view: View }];
const PAGES: PageView[] = [
  { path: '/', label: 'Status', view: View },
  { path: '/history', label: 'History', view: View },
];

describe('resolveView', () => {
  it('shows a panel route chromeless, and a page with the companion around it', () => {
    expect(resolveView('/panel/caster', BARE, PAGES)).toEqual({ kind: 'bare', view: BARE[0] });
    expect(resolveView('/history', BARE, PAGES)).toEqual({ kind: 'page', view: PAGES[1] });
  });

  it('falls back to the first page for an unknown companion path', () => {
    expect(resolveView('/nope', BARE, PAGES)).toEqual({ kind: 'page', view: PAGES[0] });
    expect(resolveView('/overlay', BARE, PAGES)).toEqual({ kind: 'page', view: PAGES[0] });
  });
});
