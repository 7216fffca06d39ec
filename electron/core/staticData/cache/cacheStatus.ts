import type { CachedArenaEntry } from '@shared/contract';
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { CARD_LOCALES } from '../cards/cardBundles';
import type { CardLocale } from '../cards/cardBundles';
import { listArenaEntries } from './arenaCache';
import { INDEX_FILE } from './cacheLayout';
import type { CacheLayout } from './cacheLayout';
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
  for (const target of targets) await rm(target, { recursive: true, force: true });
}
