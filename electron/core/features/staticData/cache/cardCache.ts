import { join } from 'node:path';
import { z } from 'zod';
import { CARD_SET_NAMES, bundleDataPath, cardImageFolder, regionIconFolder } from '../cards/cardBundles';
import type { CardLocale } from '../cards/cardBundles';
import { CARD_INDEX_FORMAT, buildCardIndex, createCardIndex } from '../cards/cardIndex';
import type { CardIndex, CardIndexFile, CoreSource, SetSource } from '../cards/cardIndex';
import { globalsSchema, setFileSchema } from '../cards/cardSchemas';
import { BUNDLE_MANIFEST_FILE, INDEX_FILE, listNames } from '../cacheLayout';
import type { CacheLayout } from '../cacheLayout';
import { readJsonFile, writeJsonFile } from './jsonFiles';

/** Reading the card part of the cache: extracted bundles (complete when they hold their manifest) and the index. */

export const BUNDLE_MANIFEST_FORMAT = 1;

export const bundleManifestSchema = z.object({
  format: z.literal(BUNDLE_MANIFEST_FORMAT),
  name: z.string(),
  locale: z.string(),
  variant: z.enum(['core', 'lite', 'full']),
  /** "latest" or the version folder. */
  folder: z.string(),
  url: z.string(),
  etag: z.string().nullable(),
  lastModified: z.string().nullable(),
  /** metadata.json's timestamp ("202401101200"), or "". */
  timestamp: z.string(),
  files: z.number(),
  bytes: z.number(),
  completedAt: z.string(),
});
export type BundleManifest = z.output<typeof bundleManifestSchema>;

export async function readBundleManifest(
  layout: CacheLayout,
  locale: CardLocale,
  name: string,
): Promise<BundleManifest | null> {
  const read = await readJsonFile(
    join(layout.cardBundle(locale, name), BUNDLE_MANIFEST_FILE),
    bundleManifestSchema,
  );
  return read.ok && read.value.name === name && read.value.locale === locale ? read.value : null;
}

/** Complete bundles of a locale: core first, then sets in release order, then any other names. */
export async function listBundles(layout: CacheLayout, locale: CardLocale): Promise<BundleManifest[]> {
  const names = await listNames(join(layout.cardLocale(locale), 'bundles'), 'folders');
  const order = (name: string): number => (name === 'core' ? -1 : CARD_SET_NAMES.indexOf(name) + 1 || 1000);
  names.sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  const manifests: BundleManifest[] = [];
  for (const name of names) {
    const manifest = await readBundleManifest(layout, locale, name);
    if (manifest) manifests.push(manifest);
  }
  return manifests;
}

/** Rebuilds the locale's card index from its complete bundles. Returns the problems met (unreadable sets). */
export async function rebuildCardIndex(
  layout: CacheLayout,
  locale: CardLocale,
  now: Date,
): Promise<{ file: CardIndexFile; problems: string[] }> {
  const problems: string[] = [];
  let core: CoreSource | null = null;
  const sets: SetSource[] = [];
  for (const bundle of await listBundles(layout, locale)) {
    const folder = layout.cardBundle(locale, bundle.name);
    const dataPath = join(folder, ...bundleDataPath(bundle.name, locale).split('/'));
    const files = (relative: string) => listNames(join(folder, ...relative.split('/')), 'files');
    if (bundle.variant === 'core') {
      const globals = await readJsonFile(dataPath, globalsSchema);
      if (!globals.ok) {
        problems.push(`core (${locale}): ${globals.message}`);
        continue;
      }
      const regionIconFiles = new Set(await files(regionIconFolder(locale)));
      core = { folder: bundle.folder, timestamp: bundle.timestamp, globals: globals.value, regionIconFiles };
      continue;
    }
    const cards = await readJsonFile(dataPath, setFileSchema);
    if (!cards.ok) {
      problems.push(`${bundle.name} (${locale}): ${cards.message}`);
      continue;
    }
    sets.push({
      bundle: bundle.name,
      variant: bundle.variant,
      folder: bundle.folder,
      timestamp: bundle.timestamp,
      cards: cards.value,
      imageFiles: new Set(await files(cardImageFolder(locale))),
    });
  }
  const file = buildCardIndex({ locale, core, sets, now });
  await writeJsonFile(join(layout.cardLocale(locale), INDEX_FILE), file);
  return { file, problems };
}

/** `damage`: why the index file cannot be used (not JSON, another format), when it is there but broken. */
export type CardIndexLoad =
  { ok: true; index: CardIndex } | { ok: false; missing: boolean; damage?: string; message: string };

/** Offline: the index written by the last card sync. */
export async function loadCardIndexFile(layout: CacheLayout, locale: CardLocale): Promise<CardIndexLoad> {
  const folder = layout.cardLocale(locale);
  const read = await readJsonFile(join(folder, INDEX_FILE), z.unknown());
  if (!read.ok) {
    return read.missing
      ? { ok: false, missing: true, message: `No card data is cached for ${locale}; sync first.` }
      : {
          ok: false,
          missing: false,
          ...(read.damaged ? { damage: read.message } : {}),
          message: `The cached card index is damaged (${read.message}); sync again.`,
        };
  }
  const file = read.value as CardIndexFile;
  // Our own file, checked for shape rather than card by card: the warm start must stay fast.
  if (file?.format !== CARD_INDEX_FORMAT || file.locale !== locale || !Array.isArray(file.cards)) {
    return {
      ok: false,
      missing: false,
      damage: 'an old or unknown format',
      message: 'The cached card index has an old or unknown format; sync again.',
    };
  }
  return { ok: true, index: createCardIndex(file, folder) };
}
