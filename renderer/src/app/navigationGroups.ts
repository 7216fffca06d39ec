import type { NavGroup } from '../navigation/navItems';

/**
 * The bar's groups, by what people come to do (issue 33): a player, a caster, an organizer, someone looking a
 * player up and a buyer each find their pages under one word. Pages in no group (Data, Settings, Legal) stand on
 * their own after the groups. Routes stay the pages' own.
 */
export const NAV_GROUPS: readonly NavGroup[] = [
  { label: 'Play', paths: ['/', '/scoreboard', '/cards', '/history'] },
  { label: 'Cast', paths: ['/replay', '/overlays', '/shortcuts'] },
  { label: 'Organize', paths: ['/tournaments', '/sign-on'] },
  { label: 'Look up', paths: ['/players', '/matches', '/library'] },
  { label: 'Shop', paths: ['/store', '/store/checkout'] },
];
