import type { CachedArenaEntry } from '@shared/contract';
import { randomBytes } from 'node:crypto';
import { lstat, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { CARD_LOCALES } from '../cards/cardBundles';
import type { CardLocale } from '../cards/cardBundles';
import { listArenaEntries } from './arenaCache';
import { INDEX_FILE } from '../cacheLayout';
import type { CacheLayout } from '../cacheLayout';
import { listBundles } from './cardCache';
import { readJsonFile } from './jsonFiles';
import { listPacks, partialPackBytes } from './patchPack';
import type { PackManifest } from './patchPack';

/** What is cached, for the Data page and `sightline data status`. */

export interface BundleStatusEntry {
  name: string;
  variant: 'core' | 'lite' | 'full';
  folder: string;
  timestamp: string;
  files: number;
  bytes: number;
  completedAt: string;
}

export interface CardLocaleStatus {
  locale: CardLocale;
  bundles: BundleStatusEntry[];
  bytes: number;
  indexed: boolean;
  indexBuiltAt: string | null;
  cards: number;
}

export interface CacheStatus {
  cacheDir: string;
  arena: CachedArenaEntry[];
  cards: CardLocaleStatus[];
  packs: PackManifest[];
  partialPackBytes: number;
  /** Everything under the cache folder, including art fetched on demand and leftovers of interrupted runs. */
  totalBytes: number;
}

const indexSummarySchema = z.looseObject({ builtAt: z.string(), cards: z.array(z.unknown()) });

export async function readCacheStatus(layout: CacheLayout): Promise<CacheStatus> {
  const arena = (await listArenaEntries(layout)).map(
    ({ version, locale, region, completedAt, files, bytes }) => ({
      version,
      locale,
      region,
      completedAt,
      files: files.length,
      bytes,
    }),
  );
  const cards: CardLocaleStatus[] = [];
  for (const locale of CARD_LOCALES) {
    const bundles = await listBundles(layout, locale);
    const index = await readJsonFile(join(layout.cardLocale(locale), INDEX_FILE), indexSummarySchema);
    if (bundles.length === 0 && !index.ok) continue;
    cards.push({
      locale,
      bundles: bundles.map(({ name, variant, folder, timestamp, files, bytes, completedAt }) => ({
        name,
        variant,
        folder,
        timestamp,
        files,
        bytes,
        completedAt,
      })),
      bytes: bundles.reduce((sum, bundle) => sum + bundle.bytes, 0),
      indexed: index.ok,
      indexBuiltAt: index.ok ? index.value.builtAt : null,
      cards: index.ok ? index.value.cards.length : 0,
    });
  }
  return {
    cacheDir: layout.root,
    arena,
    cards,
    packs: await listPacks(layout),
    partialPackBytes: await partialPackBytes(layout),
    totalBytes: await folderSize(layout.root),
  };
}

async function folderSize(path: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) total += await folderSize(child);
    else if (entry.isFile()) total += (await lstat(child)).size;
  }
  return total;
}

export type ClearScope = 'all' | 'arena' | 'cards';

/** Removes cached data; the cache folder itself stays. */
export async function clearCache(layout: CacheLayout, scope: ClearScope): Promise<void> {
  const targets =
    scope === 'arena'
      ? [layout.arena]
      : scope === 'cards'
        ? [layout.cards]
        : [layout.arena, layout.cards, layout.staging];
  for (const target of targets) await removeFolder(target);
}

/**
 * Removes a cache folder that others may be writing into (the host fetches a missing image into the cache while
 * OBS loads overlays): it is first renamed aside in one step, so a write racing the clear lands in a fresh folder
 * instead of making the removal fail with ENOTEMPTY. Folders a clear killed midway left aside go too.
 */
async function removeFolder(target: string): Promise<void> {
  const prefix = `${basename(target)}${ASIDE_MARK}`;
  const leftovers = (await readdir(dirname(target)).catch(() => [])).filter((name) =>
    name.startsWith(prefix),
  );
  const aside = `${target}${ASIDE_MARK}${process.pid}-${randomBytes(4).toString('hex')}`;
  const moved = await rename(target, aside).then(
    () => true,
    (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    },
  );
  const doomed = [...leftovers.map((name) => join(dirname(target), name)), ...(moved ? [aside] : [])];
  for (const folder of doomed) await rm(folder, { recursive: true, force: true });
}

/** Between a cache folder's name and the suffix of its copy renamed aside for removal. */
const ASIDE_MARK = '.clearing-';
