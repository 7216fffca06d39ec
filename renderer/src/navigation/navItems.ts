import type { PageView } from './featureViews';

/** Pages grouped under what people come to do ("Play", "Cast"…), named by their paths. */
export interface NavGroup {
  label: string;
  paths: readonly string[];
}

/** One control of the bar: a page's own link, or a group's button that opens its pages. */
export type NavItem = { kind: 'link'; page: PageView } | { kind: 'group'; label: string; pages: PageView[] };

/**
 * The bar's controls: the groups in their order, then every other listed page on its own in the registry's
 * order, so a page no group names is still one click away. A group path no listed page has, or a page in two
 * groups, is a mistake in the table and throws.
 */
export function navItems(pages: readonly PageView[], groups: readonly NavGroup[]): NavItem[] {
  const listed = new Map(pages.filter((page) => page.nav !== false).map((page) => [page.path, page]));
  const grouped = new Set<string>();
  const items: NavItem[] = groups.map((group) => ({
    kind: 'group',
    label: group.label,
    pages: group.paths.map((path) => {
      const page = listed.get(path);
      if (!page)
        throw new Error(`The navigation group "${group.label}" names ${path}, which no listed page has.`);
      if (grouped.has(path)) throw new Error(`The navigation lists ${path} in two groups.`);
      grouped.add(path);
      return page;
    }),
  }));
  for (const page of listed.values()) {
    if (!grouped.has(page.path)) items.push({ kind: 'link', page });
  }
  return items;
}
