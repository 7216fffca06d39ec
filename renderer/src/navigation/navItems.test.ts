import { describe, expect, it } from 'vitest';
import type { PageView } from './featureViews';
import { navItems } from './navItems';

const View = () => null;
const page = (path: string, label: string, nav?: boolean): PageView => ({ path, label, view: View, nav });
const PAGES = [
  page('/', 'Status'),
  page('/replay', 'Replay'),
  page('/data', 'Data'),
  page('/shortcuts', 'Shortcuts'),
  page('/welcome', 'Setup guide', false),
  page('/legal', 'Legal'),
];

describe('navItems', () => {
  it('lists the groups first, then every listed page no group names, each page once', () => {
    const items = navItems(PAGES, [
      { label: 'Play', paths: ['/'] },
      { label: 'Cast', paths: ['/replay', '/shortcuts'] },
    ]);
    expect(items.map((item) => (item.kind === 'group' ? item.label : item.page.label))).toEqual([
      'Play',
      'Cast',
      'Data',
      'Legal',
    ]);
    const cast = items[1];
    expect(cast?.kind === 'group' && cast.pages.map((entry) => entry.label)).toEqual(['Replay', 'Shortcuts']);
  });

  it('keeps a page out of the bar only when it says so (reached by a redirect)', () => {
    const labels = navItems(PAGES, []).map((item) => (item.kind === 'link' ? item.page.label : item.label));
    expect(labels).toEqual(['Status', 'Replay', 'Data', 'Shortcuts', 'Legal']);
  });

  it('refuses a group naming a page that is not listed, or a page in two groups', () => {
    expect(() => navItems(PAGES, [{ label: 'Play', paths: ['/scoreboard'] }])).toThrow(
      'The navigation group "Play" names /scoreboard, which no listed page has.',
    );
    expect(() => navItems(PAGES, [{ label: 'Setup', paths: ['/welcome'] }])).toThrow(/no listed page/);
    expect(() =>
      navItems(PAGES, [
        { label: 'Play', paths: ['/'] },
        { label: 'Home', paths: ['/'] },
      ]),
    ).toThrow('The navigation lists / in two groups.');
  });
});
