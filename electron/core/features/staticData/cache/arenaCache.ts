import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ARENA_INDEX_FORMAT, createArenaData } from '../arena/arenaData';
import type { ArenaData, ArenaIndex } from '../arena/arenaData';
import { compareVersions } from '../arena/arenaVersions';
import { INDEX_FILE, MANIFEST_FILE, listNames } from '../cacheLayout';
import type { CacheLayout } from '../cacheLayout';
import { readJsonFile } from './jsonFiles';

/** Reading the arena part of the cache: complete entries (those with a manifest) and their warm-start index. */

export const ARENA_MANIFEST_FORMAT = 1;

export const arenaManifestSchema = z.object({
  format: z.literal(ARENA_MANIFEST_FORMAT),
  version: z.string(),
  locale: z.string(),
  region: z.string(),
  realmVersion: z.string().nullable(),
  completedAt: z.string(),
  files: z.array(z.object({ path: z.string(), bytes: z.number() })),
  bytes: z.number(),
});
export type ArenaManifest = z.output<typeof arenaManifestSchema>;

export async function readArenaManifest(
  layout: CacheLayout,
  version: string,
  locale: string,
): Promise<ArenaManifest | null> {
  const read = await readJsonFile(
    join(layout.arenaEntry(version, locale), MANIFEST_FILE),
    arenaManifestSchema,
  );
  return read.ok && read.value.version === version && read.value.locale === locale ? read.value : null;
}

/** Every complete entry, newest version first. */
export async function listArenaEntries(layout: CacheLayout): Promise<ArenaManifest[]> {
  const manifests: ArenaManifest[] = [];
  for (const version of await listNames(layout.arenaEntries, 'folders')) {
    for (const locale of await listNames(join(layout.arenaEntries, version), 'folders')) {
      const manifest = await readArenaManifest(layout, version, locale);
      if (manifest) manifests.push(manifest);
    }
  }
  return manifests.sort((a, b) => compareVersions(b.version, a.version) || a.locale.localeCompare(b.locale));
}

/** The newest complete version cached for a locale. */
export async function newestArenaEntry(layout: CacheLayout, locale: string): Promise<string | null> {
  const versions = (await listNames(layout.arenaEntries, 'folders')).sort((a, b) => compareVersions(b, a));
  for (const version of versions) {
    if (await readArenaManifest(layout, version, locale)) return version;
  }
  return null;
}

/** `damage`: why the entry's index cannot be used (not JSON, another format), when it is there but broken. */
export type ArenaLoad =
  { ok: true; data: ArenaData } | { ok: false; missing: boolean; damage?: string; message: string };

/** Offline: reads the newest complete entry of the locale, no network. */
export async function loadArenaEntry(
  layout: CacheLayout,
  locale: string,
  version?: string,
): Promise<ArenaLoad> {
  const chosen = version ?? (await newestArenaEntry(layout, locale));
  if (chosen === null || !(await readArenaManifest(layout, chosen, locale))) {
    return { ok: false, missing: true, message: `No arena game data is cached for ${locale}; sync first.` };
  }
  const read = await readJsonFile(join(layout.arenaEntry(chosen, locale), INDEX_FILE), z.unknown());
  if (!read.ok)
    return {
      ok: false,
      missing: false,
      ...(read.damaged ? { damage: read.message } : {}),
      message: `The cached arena data is damaged (${read.message}); sync again.`,
    };
  const index = read.value as ArenaIndex;
  // Our own file, checked for shape rather than field by field: the warm start must stay fast.
  if (index?.format !== ARENA_INDEX_FORMAT || index.locale !== locale || !Array.isArray(index.champions)) {
    return {
      ok: false,
      missing: false,
      damage: 'an old or unknown format',
      message: 'The cached arena data has an old or unknown format; sync again.',
    };
  }
  return { ok: true, data: createArenaData(index) };
}

/**
 * After a new entry for a locale: drops that locale's other versions, then mirror folders and patch packs of
 * versions no entry uses any more. The unversioned art (splash, loading) and constants stay.
 */
export async function pruneArenaEntries(
  layout: CacheLayout,
  keepVersion: string,
  locale: string,
): Promise<void> {
  for (const version of await listNames(layout.arenaEntries, 'folders')) {
    if (version === keepVersion) continue;
    await rm(layout.arenaEntry(version, locale), { recursive: true, force: true });
    await rm(join(layout.arenaFiles, 'cdn', version, 'data', locale), { recursive: true, force: true });
    if ((await listNames(join(layout.arenaEntries, version), 'folders')).length === 0) {
      await rm(join(layout.arenaEntries, version), { recursive: true, force: true });
    }
  }
  const used = new Set(await listNames(layout.arenaEntries, 'folders'));
  for (const folder of await listNames(join(layout.arenaFiles, 'cdn'), 'folders')) {
    // Only version folders ("14.1.2"); "img" holds unversioned art.
    if (/^\d+\.\d+\.\d+$/.test(folder) && !used.has(folder) && folder !== '5.5.1') {
      await rm(join(layout.arenaFiles, 'cdn', folder), { recursive: true, force: true });
    }
  }
  // A pack is a gigabyte or so: one of a patch no longer shown goes too.
  for (const folder of await listNames(layout.arenaPacks, 'folders')) {
    if (/^\d+\.\d+\.\d+$/.test(folder) && !used.has(folder)) {
      await rm(layout.arenaPack(folder), { recursive: true, force: true });
    }
  }
}
