import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { cardBundleLabel } from '@shared/contract/staticData';
import { describeIoError } from '../../../platform/net/download';
import { joinUrl } from '../arena/arenaPaths';
import { bundleDataPath, bundleSources, singleVariantBundle } from '../cards/cardBundles';
import type { BundleSource, BundleVariant, CardLocale } from '../cards/cardBundles';
import { bundleMetadataSchema, globalsSchema, metadataLocales, setFileSchema } from '../cards/cardSchemas';
import { extractZipSafely } from '../cards/zipExtraction';
import type { ZipLimits } from '../cards/zipExtraction';
import { BUNDLE_MANIFEST_FILE, INDEX_FILE, cardVersionLayout, pathExists } from '../cacheLayout';
import { BUNDLE_MANIFEST_FORMAT, readBundleManifest, rebuildCardIndex } from './cardCache';
import type { BundleManifest } from './cardCache';
import { readJsonFile, writeJsonFile } from './jsonFiles';
import { fetchFailure, fetchFile, firstFatal, runAll, stagingPath } from './syncContext';
import type { FetchFailure, SyncContext, TaskContext } from './syncContext';

export interface CardSyncOptions {
  cardDataUrl: string;
  locale: CardLocale;
  /** Set names ("set1", "set6cde"); the core bundle is always included. */
  sets: readonly string[];
  variant: BundleVariant;
  /** Download again even when the server says the cached bundle is current. */
  refresh: boolean;
  /** A pinned card-data version ("4_3_0"): fetched from that folder alone and cached apart; null: latest. */
  version: string | null;
  zipLimits: ZipLimits;
  maxBundleBytes: number;
}

export type BundleStatus = 'downloaded' | 'unchanged' | 'failed';

export interface BundleSyncResult {
  name: string;
  status: BundleStatus;
  message?: string;
}

export interface CardSyncResult {
  locale: CardLocale;
  ok: boolean;
  cancelled: boolean;
  bundles: BundleSyncResult[];
  /** The index was rebuilt (or already matched the bundles). */
  indexed: boolean;
  cards: number;
  problems: string[];
}

type BundleTaskResult = ({ ok: true } & BundleSyncResult) | (FetchFailure & { name: string });

/** Core plus the requested sets of one locale, then the locale's index. */
export async function syncCards(outer: SyncContext, options: CardSyncOptions): Promise<CardSyncResult> {
  // A pinned version has a cache of its own, so syncing it leaves the latest data as it is (and the other way).
  const ctx: SyncContext =
    options.version === null ? outer : { ...outer, layout: cardVersionLayout(outer.layout, options.version) };
  ctx.progress.phase('downloading', 'cards');
  const names = ['core', ...options.sets.filter((name) => name !== 'core')];
  const results = await runAll(
    ctx,
    names.map((name) => (task) => syncBundle(task, options, name)),
  );
  const bundles: BundleSyncResult[] = results.map((result, i) =>
    result.ok
      ? { name: result.name, status: result.status, ...(result.message ? { message: result.message } : {}) }
      : { name: names[i] ?? '', status: 'failed', message: result.message },
  );
  const stop = firstFatal(results);
  const cancelled = stop?.cancelled === true && ctx.signal.aborted;
  // Bundles stopped by a cancel or by another bundle's fatal failure are not problems of their own.
  const stopped = (i: number): boolean => {
    const result = results[i];
    return result !== undefined && !result.ok && result.cancelled;
  };
  const problems = bundles
    .filter((b, i) => b.status === 'failed' && !stopped(i))
    .map((b) => b.message ?? b.name);
  const core = bundles[0];
  if (options.version !== null && core?.status === 'failed' && core.message?.includes('not on the server')) {
    problems.unshift(
      `The card host has no version ${options.version} (${options.version}/core-${options.locale}.zip is not there).`,
    );
  }
  const notFetched = results.filter((_, i) => stopped(i)).length;
  if (!cancelled && notFetched > 0) {
    problems.push(
      `${notFetched} more ${notFetched === 1 ? 'bundle was' : 'bundles were'} not fetched after that.`,
    );
  }

  // The index follows whatever bundles are complete now, even after a failure: the ones that did arrive are usable.
  const changed = bundles.some((bundle) => bundle.status === 'downloaded');
  const indexPresent = await pathExists(join(ctx.layout.cardLocale(options.locale), INDEX_FILE));
  let indexed = indexPresent && !changed;
  let cards = 0;
  if (!cancelled && (changed || !indexPresent)) {
    ctx.progress.phase('indexing', 'cards');
    try {
      const rebuilt = await rebuildCardIndex(ctx.layout, options.locale, new Date(ctx.now()));
      problems.push(...rebuilt.problems);
      indexed = true;
      cards = rebuilt.file.cards.length;
    } catch (error) {
      problems.push(`Card index (${options.locale}): ${describeIoError(error)}`);
    }
  }
  return {
    locale: options.locale,
    ok: problems.length === 0 && !cancelled,
    cancelled,
    bundles,
    indexed,
    cards,
    problems,
  };
}

/**
 * What a sync of one bundle asks for: the cached bundle it may keep (asked for with its ETag, so an unchanged one
 * costs a 304), the variant, and where to look, in order. A cached full bundle also serves a lite request.
 */
export function bundlePlan(
  existing: BundleManifest | null,
  name: string,
  options: Pick<CardSyncOptions, 'locale' | 'variant' | 'refresh'> & { version?: string | null },
): { keep: BundleManifest | null; variant: BundleVariant; sources: BundleSource[] } {
  const keep =
    existing &&
    !options.refresh &&
    (singleVariantBundle(name) || existing.variant === 'full' || existing.variant === options.variant)
      ? existing
      : null;
  const variant: BundleVariant = keep?.variant === 'full' ? 'full' : options.variant;
  return { keep, variant, sources: bundleSources(name, options.locale, variant, options.version ?? null) };
}

export function conditionalHeaders(manifest: BundleManifest): Record<string, string> {
  const headers: Record<string, string> = {};
  if (manifest.etag) headers['if-none-match'] = manifest.etag;
  if (manifest.lastModified) headers['if-modified-since'] = manifest.lastModified;
  return headers;
}

async function syncBundle(
  ctx: TaskContext,
  options: CardSyncOptions,
  name: string,
): Promise<BundleTaskResult> {
  const { locale } = options;
  const existing = await readBundleManifest(ctx.layout, locale, name);
  const { keep, variant, sources } = bundlePlan(existing, name, options);
  if (sources.length === 0) {
    return { ...fetchFailure(`${cardBundleLabel(name)}: not a known set`, 'missing'), name };
  }
  for (const source of sources) {
    const url = joinUrl(options.cardDataUrl, source.path);
    const label = source.path.slice(source.path.lastIndexOf('/') + 1);
    const zipPath = stagingPath(ctx, '.zip');
    try {
      const headers = keep?.url === url ? conditionalHeaders(keep) : undefined;
      const fetched = await fetchFile(ctx, url, zipPath, label, {
        maxBytes: options.maxBundleBytes,
        headers,
      });
      if (!fetched.ok) {
        // Not under latest/: try the version folder.
        if (fetched.missing) continue;
        return { ...fetched, name };
      }
      if ('notModified' in fetched) return { ok: true, name, status: 'unchanged' };
      return await installBundle(ctx, options, {
        name,
        label,
        zipPath,
        url,
        folder: source.folder,
        // The adventure bundle has one file, with everything a full one holds.
        variant: name === 'core' ? 'core' : singleVariantBundle(name) ? 'full' : variant,
        etag: headerText(fetched.headers.etag),
        lastModified: headerText(fetched.headers['last-modified']),
      });
    } finally {
      await rm(zipPath, { force: true });
    }
  }
  const tried = sources.map((source) => source.path).join(', ');
  // The set as the Data page names it; the paths tried name its files.
  return { ...fetchFailure(`${cardBundleLabel(name)}: not on the server (${tried})`, 'missing'), name };
}

interface DownloadedBundle {
  name: string;
  label: string;
  zipPath: string;
  url: string;
  folder: string;
  variant: BundleManifest['variant'];
  etag: string | null;
  lastModified: string | null;
}

const headerText = (value: string | string[] | undefined): string | null =>
  typeof value === 'string' ? value : null;

/** Unpacks into staging, checks it, then moves the whole folder into place; nothing partial is ever in place. */
async function installBundle(
  ctx: TaskContext,
  options: CardSyncOptions,
  bundle: DownloadedBundle,
): Promise<BundleTaskResult> {
  const { locale } = options;
  const refused = (message: string): BundleTaskResult => ({
    ...fetchFailure(`${bundle.label}: ${message}`, 'skipped'),
    name: bundle.name,
  });
  const extractDir = stagingPath(ctx, '');
  try {
    ctx.progress.note(`Unpacking ${bundle.label}`);
    const extracted = await extractZipSafely(bundle.zipPath, extractDir, options.zipLimits, ctx.signal);
    if (!extracted.ok) {
      if (extracted.reason === 'aborted') {
        return { ...fetchFailure('cancelled', 'cancelled'), name: bundle.name };
      }
      return refused(`refused: ${extracted.message}`);
    }
    const root = await findBundleRoot(extractDir);
    if (!root) return refused('refused: no metadata.json in the archive');
    const metadata = await readJsonFile(join(root, 'metadata.json'), bundleMetadataSchema);
    if (!metadata.ok) return refused(`refused: metadata.json ${metadata.message}`);
    const locales = metadataLocales(metadata.value);
    if (!locales.includes(locale)) {
      const named = locales.length > 0 ? locales.join(', ') : 'no locale';
      return refused(`refused: the bundle is for ${named}, expected ${locale}`);
    }
    const dataPath = join(root, ...bundleDataPath(bundle.name, locale).split('/'));
    const data = await readJsonFile(dataPath, bundle.variant === 'core' ? globalsSchema : setFileSchema);
    if (!data.ok) return refused(`refused: ${bundleDataPath(bundle.name, locale)} ${data.message}`);

    const manifest: BundleManifest = {
      format: BUNDLE_MANIFEST_FORMAT,
      name: bundle.name,
      locale,
      variant: bundle.variant,
      folder: bundle.folder,
      url: bundle.url,
      etag: bundle.etag,
      lastModified: bundle.lastModified,
      timestamp: metadata.value.timestamp || metadata.value.version || '',
      files: extracted.files,
      bytes: extracted.bytes,
      completedAt: new Date(ctx.now()).toISOString(),
    };
    // Last inside the bundle: a folder without it is never read.
    await writeJsonFile(join(root, BUNDLE_MANIFEST_FILE), manifest);
    await replaceFolder(ctx, root, ctx.layout.cardBundle(locale, bundle.name));
    return { ok: true, name: bundle.name, status: 'downloaded' };
  } catch (error) {
    return { ...fetchFailure(`${bundle.label}: ${describeIoError(error)}`, 'fatal'), name: bundle.name };
  } finally {
    await rm(extractDir, { recursive: true, force: true });
  }
}

/** The folder holding metadata.json: the archive's root, or its single top folder ("core-en_us/"). */
async function findBundleRoot(extractDir: string): Promise<string | null> {
  const has = (dir: string): Promise<boolean> => pathExists(join(dir, 'metadata.json'));
  if (await has(extractDir)) return extractDir;
  const entries = await readdir(extractDir, { withFileTypes: true });
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only?.isDirectory() && (await has(join(extractDir, only.name)))) return join(extractDir, only.name);
  return null;
}

/** Swaps a complete staged folder in for the cached one: the old one moves aside first and is removed after. */
async function replaceFolder(
  ctx: Pick<SyncContext, 'layout'>,
  staged: string,
  target: string,
): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const aside = stagingPath(ctx, '.old');
  const hadOld = await rename(target, aside).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  try {
    await rename(staged, target);
  } catch (error) {
    if (hadOld) await rename(aside, target).catch(() => undefined);
    throw error;
  }
  if (hadOld) await rm(aside, { recursive: true, force: true });
}
