import type { Page } from '@playwright/test';

/** Every companion page the bar lists (its groups' pages and its own links); the navigation spec checks the bar reaches exactly these. */
export const COMPANION_ROUTES = [
  '/',
  '/scoreboard',
  '/cards',
  '/history',
  '/replay',
  '/overlays',
  '/shortcuts',
  '/tournaments',
  '/sign-on',
  '/players',
  '/matches',
  '/library',
  '/store',
  '/store/checkout',
  '/data',
  '/settings',
  '/legal',
];

/** Opens a page from the companion's bar as a user does: its group's button ("Organize"), then the page's link. */
export async function openFromBar(page: Page, group: string, label: string): Promise<void> {
  const bar = page.getByRole('navigation', { name: 'Pages' });
  await bar.getByRole('button', { name: new RegExp(`^${group}`) }).click();
  await bar.getByRole('link', { name: label, exact: true }).click();
}
