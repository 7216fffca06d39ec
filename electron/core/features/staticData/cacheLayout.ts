import { access, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CardLocale } from './cards/cardBundles';

/**
 * Where things live under the cache folder:
 *
 *   .staging/                       downloads and extractions in progress (emptied at each sync)
 *   arena/files/…                   a mirror of Data Dragon paths (cdn/{version}/data/{locale}/item.json, cdn/…/img/…)
 *                                   and of the constants (constants/queues.json)
 *   arena/entries/{version}/{locale}/index.json, manifest.json   one complete entry: the manifest is written last
 *   arena/packs/{version}/          an unpacked patch pack (dragontail), moved into place whole with its manifest
 *   arena/packs/.partial/           a pack download that was cut or cancelled, kept to resume with a Range request
 *   cards/{locale}/bundles/{name}/  an extracted bundle; complete when it holds sightline-bundle.json
 *   cards/{locale}/index.json       the warm-start card index, rebuilt after each card sync
 *   cards/versions/{version}/{locale}/…   the same for a pinned card-data version ("4_3_0")
 */

export const MANIFEST_FILE = 'manifest.json';
export const INDEX_FILE = 'index.json';
export const BUNDLE_MANIFEST_FILE = 'sightline-bundle.json';

export interface CacheLayout {
  root: string;
  staging: string;
  arena: string;
  arenaFiles: string;
  arenaEntries: string;
  arenaEntry(version: string, locale: string): string;
  arenaPacks: string;
  arenaPack(version: string): string;
  /** The cached copy of a host path; null for a path that could leave the mirror. */
  arenaFile(relativePath: string): string | null;
  cards: string;
  cardLocale(locale: CardLocale): string;
  cardBundle(locale: CardLocale, name: string): string;
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

/** A relative path whose every segment is a plain name: no "..", no separators, nothing hidden. */
export function isSafeRelativePath(path: string): boolean {
  const segments = path.split('/');
  return segments.length > 0 && segments.every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
}

export function createCacheLayout(root: string): CacheLayout {
  const arena = join(root, 'arena');
  const arenaFiles = join(arena, 'files');
  const arenaEntries = join(arena, 'entries');
  const cards = join(root, 'cards');
  return {
    root,
    staging: join(root, '.staging'),
    arena,
    arenaFiles,
    arenaEntries,
    arenaEntry: (version, locale) => join(arenaEntries, version, locale),
    arenaPacks: join(arena, 'packs'),
    arenaPack: (version) => join(arena, 'packs', version),
    arenaFile: (relativePath) =>
      isSafeRelativePath(relativePath) ? join(arenaFiles, ...relativePath.split('/')) : null,
    cards,
    cardLocale: (locale) => join(cards, locale),
    cardBundle: (locale, name) => join(cards, locale, 'bundles', name),
  };
}

export const pathExists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

/** Names of the folders (or files) in a folder; none when it does not exist. */
export async function listNames(path: string, kind: 'folders' | 'files'): Promise<string[]> {
  try {
    const entries = await readdir(path, { withFileTypes: true });
    return entries.filter((e) => (kind === 'folders' ? e.isDirectory() : e.isFile())).map((e) => e.name);
  } catch {
    return [];
  }
}

/** The layout whose card part is a pinned version's: the same files as the latest data's, in a folder apart. */
export function cardVersionLayout(layout: CacheLayout, version: string | null): CacheLayout {
  if (version === null) return layout;
  const cards = join(layout.cards, 'versions', version);
  return {
    ...layout,
    cards,
    cardLocale: (locale) => join(cards, locale),
    cardBundle: (locale, name) => join(cards, locale, 'bundles', name),
  };
}
