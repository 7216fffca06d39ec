import { cardBundleLabel } from '@shared/contract/staticData';
import type {
  CachedCardLocale,
  StaticDataCacheSummary,
  StaticDataSyncOutcome,
} from '@shared/contract/staticData';
import type { CacheStatus } from './cache/cacheStatus';
import type { SyncReport } from './cache/dataCache';

/** The service's values as the contract's state: plain data, labels for the UI, nothing of the cache's inside. */

export function cacheSummary(status: CacheStatus): StaticDataCacheSummary {
  return {
    cacheDir: status.cacheDir,
    totalBytes: status.totalBytes,
    arena: status.arena.map(({ version, locale, region, completedAt, files, bytes }) => ({
      version,
      locale,
      region,
      completedAt,
      files,
      bytes,
    })),
    cards: status.cards.map((entry): CachedCardLocale => ({
      locale: entry.locale,
      bundles: entry.bundles.map(({ name, variant, folder, files, bytes, completedAt }) => ({
        name,
        label: cardBundleLabel(name),
        variant,
        folder,
        files,
        bytes,
        completedAt,
      })),
      bytes: entry.bytes,
      cards: entry.cards,
      indexedAt: entry.indexBuiltAt,
    })),
    packs: status.packs.map(({ version, form, files, bytes, archiveBytes, completedAt }) => ({
      version,
      form,
      files,
      bytes,
      archiveBytes,
      completedAt,
    })),
    partialPackBytes: status.partialPackBytes,
  };
}

export function syncOutcome(
  report: SyncReport,
  run: { reason: 'user' | 'refresh'; startedAt: number; finishedAt: number },
): StaticDataSyncOutcome {
  const arena = report.arena?.ok
    ? {
        version: report.arena.version,
        locale: report.arena.locale,
        region: report.arena.region,
        updated: report.arena.updated,
      }
    : null;
  return {
    ok: report.ok,
    cancelled: report.cancelled,
    ...run,
    arena,
    cards: report.cards.map((cards) => ({
      locale: cards.locale,
      cards: cards.cards,
      bundles: cards.bundles.map(({ name, status }) => ({ name, status })),
    })),
    problems: report.problems,
  };
}
