import type { StaticDataSyncProgress } from '@shared/contract';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cardBundleLabel, formatByteSize, packProgressText } from '@shared/contract/staticData';
import type { StaticDataCacheSummary } from '@shared/contract/staticData';
import { notAChoice, unexpectedArgument, unknownWord } from '@shared/cli/usageError';
import { silentLogger } from '../../../platform/log/logger';
import { createDownloader } from '../../../platform/net/download';
import { createHttpClient } from '../../../platform/net/httpClient';
import { defaultDataDir, readEnvironment } from '../../../platform/settings/environment';
import { SettingsStore } from '../../../platform/settings/settingsStore';
import { createDataCache } from '../cache/dataCache';
import type { SyncReport } from '../cache/dataCache';
import type { PackProgress, PackResult } from '../cache/patchPack';
import { staticDataUrls } from '../cache/staticDataUrls';
import { staticDataCacheDir } from '../staticDataFeature';
import { cacheSummary } from '../cacheViews';
import { planSync, syncRequestFor } from '../syncScope';
import type { CommandIo } from '../../../platform/cli/commandIo';

export const DATA_USAGE = `Usage: sightline data sync [--locale L] [--sets set1,set2…,adventure] [--variant lite|full] [--region R]
                         [--card-version 4_3_0|latest] [--pack]
       sightline data status
       sightline data clear [all|arena|cards]

--pack also downloads the patch's offline pack (every image of the patch, a large download); a cut or
cancelled pack download continues where it stopped on the next run.
The cache is <data folder>/cache (SIGHTLINE_DATA_DIR sets the data folder).
Exit codes: 0 done, 1 a sync left something missing or a clear failed, 2 bad usage.`;

/** Progress lines go out at most this often; a new phase or stage always shows. */
const PROGRESS_INTERVAL_MS = 500;

/**
 * `sightline data …`: the same cache as the app, synced and inspected without it. Progress goes to stderr, the
 * summary to stdout; a sync that leaves anything it was asked for missing exits 1 and says why.
 */
export async function runDataCommand(argv: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      locale: { type: 'string' },
      sets: { type: 'string', multiple: true },
      variant: { type: 'string' },
      region: { type: 'string' },
      'card-version': { type: 'string' },
      pack: { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  });
  const [action, ...rest] = positionals;
  // A wrong word is refused before anything opens: the CLI says it in one line and exits 2.
  if (action !== 'sync' && action !== 'status' && action !== 'clear')
    throw unknownWord('action', action, ACTIONS);
  const extra = action === 'status' ? rest[0] : action === 'clear' ? rest[1] : undefined;
  if (extra !== undefined) throw unexpectedArgument(extra);
  const clearScope = action === 'clear' ? (rest[0] ?? 'all') : 'all';
  if (!isClearScope(clearScope)) throw unknownWord('cache', clearScope, CLEAR_SCOPES);
  // "--sets set1 set9" as well as "--sets set1,set9" and "--sets set1 --sets set9".
  if (action === 'sync' && rest[0] !== undefined && !values.sets) throw unexpectedArgument(rest[0]);
  const variant = values.variant;
  if (variant !== undefined && variant !== 'lite' && variant !== 'full')
    throw notAChoice('--variant', variant, ['lite', 'full']);
  const env = readEnvironment(io.env);
  const dataDir = env.dataDir ?? defaultDataDir(process.platform, io.env);
  const http = createHttpClient({ defaultTimeoutMs: 15_000 });
  const download = createDownloader();
  const service = createDataCache({
    cacheDir: staticDataCacheDir(dataDir),
    http,
    download,
    ...staticDataUrls(env),
    onProgress: progressPrinter(io.err),
  });
  try {
    if (action === 'status') {
      for (const line of statusLines(cacheSummary(await service.status()))) io.out(line);
      return 0;
    }
    if (action === 'clear') {
      const cleared = await service.clear(clearScope);
      if (!cleared.ok) {
        io.err(`sightline data: ${cleared.error.message}`);
        return 1;
      }
      io.out(`cleared: ${clearScope}`);
      return 0;
    }
    const sets = [...(values.sets ?? []), ...rest].flatMap((value) => value.split(',')).filter(Boolean);
    // Without --region: the region the app's Data page last synced (the `staticData.region` setting).
    const settings = await SettingsStore.open(join(dataDir, 'settings.json'), env, silentLogger);
    // Without --card-version: the pinned version (`staticData.cardVersion`), else latest.
    const pinned = settings.effective.staticData.cardVersion;
    const askedVersion = values['card-version'];
    const scope = planSync(
      {
        locale: values.locale,
        sets: sets.length > 0 ? sets : undefined,
        variant,
        region: values.region,
        ...(askedVersion === undefined ? {} : { cardVersion: askedVersion }),
      },
      {
        arenaLocale: 'en_US',
        cardLocale: 'en_us',
        region: settings.effective.staticData.region,
        cardVersion: pinned,
      },
    );
    if (!scope.ok) {
      // Already one line that names the value and what it takes (README documents the card-data version's).
      io.err(`sightline data: ${scope.error.message}`);
      return 2;
    }
    // Ctrl-C cancels cleanly: nothing partial stays in the cache.
    const controller = new AbortController();
    const cancel = (): void => controller.abort();
    process.once('SIGINT', cancel);
    let report: SyncReport;
    let pack: PackResult | null = null;
    try {
      report = await service.sync(syncRequestFor(scope.value, controller.signal));
      if (values.pack && !report.cancelled) {
        // The version just synced; without one (the arena sync failed), the newest cached.
        const version = report.arena?.ok ? report.arena.version : undefined;
        pack = await service.syncPack({
          ...(version ? { version } : {}),
          signal: controller.signal,
          onProgress: packProgressPrinter(io.err),
        });
      }
    } finally {
      process.off('SIGINT', cancel);
    }
    const version = scope.value.cards?.version ?? null;
    // The sync's lines as they have always been (tools read them by position), then the new ones.
    for (const line of syncSummaryLines(report, cacheSummary(await service.status(version)))) io.out(line);
    // A version asked for is pinned once its core bundle is in (a host without it pins nothing); "latest" unpins.
    const coreArrived = report.cards.every((cards) => cards.bundles[0]?.status !== 'failed');
    const pinnable = version === null || coreArrived;
    if (askedVersion !== undefined && pinnable && version !== pinned) {
      await settings.update({ staticData: { cardVersion: version } });
    }
    if (askedVersion !== undefined && !pinnable) io.out(`card version: ${version ?? 'latest'} not pinned`);
    else if (version !== null) io.out(`card version: ${version} (pinned)`);
    else if (askedVersion !== undefined) io.out('card version: latest');
    if (pack) io.out(packSummaryLine(pack));
    const packFailed = pack !== null && !pack.ok;
    if (report.ok && !packFailed) return 0;
    for (const problem of report.problems) io.err(`problem: ${problem}`);
    if (pack && !pack.ok) io.err(`problem: pack ${pack.version}: ${pack.message}`);
    const cancelled = report.cancelled || (pack !== null && !pack.ok && pack.reason === 'aborted');
    io.err(cancelled ? 'sightline data: sync cancelled' : 'sightline data: sync incomplete');
    return 1;
  } finally {
    http.close();
    download.close();
  }
}

const ACTIONS = ['sync', 'status', 'clear'] as const;
const CLEAR_SCOPES = ['all', 'arena', 'cards'] as const;

function isClearScope(word: string): word is (typeof CLEAR_SCOPES)[number] {
  return (CLEAR_SCOPES as readonly string[]).includes(word);
}

function progressPrinter(err: (line: string) => void): (progress: StaticDataSyncProgress) => void {
  let lastAt = 0;
  let lastKey = '';
  return (progress) => {
    const key = `${progress.stage}:${progress.phase}`;
    const now = Date.now();
    if (key === lastKey && now - lastAt < PROGRESS_INTERVAL_MS) return;
    lastKey = key;
    lastAt = now;
    const files = `${progress.filesDone}/${progress.filesTotal} files`;
    const bytes = `${formatByteSize(progress.bytesDone)} of ${formatByteSize(progress.bytesTotal)}`;
    const current = progress.current ? `  ${progress.current}` : '';
    err(`[${progress.stage ?? 'sync'}] ${progress.phase}  ${files}  ${bytes}${current}`);
  };
}

function packProgressPrinter(err: (line: string) => void): (progress: PackProgress) => void {
  let lastAt = 0;
  let lastPhase = '';
  return (progress) => {
    const now = Date.now();
    if (progress.phase === lastPhase && now - lastAt < PROGRESS_INTERVAL_MS) return;
    lastPhase = progress.phase;
    lastAt = now;
    err(`[pack] ${progress.phase} ${progress.version}  ${packProgressText(progress)}`);
  };
}

export function packSummaryLine(pack: PackResult): string {
  if (!pack.ok) {
    const kept = pack.keptBytes > 0 ? `; ${formatByteSize(pack.keptBytes)} kept to continue` : '';
    return `pack: ${pack.version || 'none'} not downloaded (${pack.message}${kept})`;
  }
  const resumed = pack.resumes > 0 ? `, resumed ${pack.resumes} times` : '';
  const what = pack.status === 'downloaded' ? 'downloaded' : 'already cached';
  return `pack: ${pack.version} ${pack.form}, ${pack.files} files, ${formatByteSize(pack.bytes)} (archive ${formatByteSize(pack.archiveBytes)}), ${what}${resumed}`;
}

export function syncSummaryLines(report: SyncReport, cache: StaticDataCacheSummary): string[] {
  const lines: string[] = [];
  const arena = report.arena;
  if (arena?.ok) {
    const what = arena.updated ? 'downloaded' : 'already current';
    lines.push(
      `arena: ${arena.version} ${arena.locale} (region ${arena.region}), ${arena.files} files, ${formatByteSize(arena.bytes)}, ${what}`,
    );
  } else if (arena) {
    lines.push(`arena: not synced (${arena.message})`);
  }
  for (const cards of report.cards) {
    const cached = cache.cards.find((entry) => entry.locale === cards.locale);
    const bundles = cards.bundles.map((bundle) => `${bundle.name} ${bundle.status}`).join(', ');
    lines.push(`cards ${cards.locale}: ${cached?.cards ?? cards.cards} cards; ${bundles}`);
  }
  lines.push(`cache: ${cache.cacheDir} (${formatByteSize(cache.totalBytes)})`);
  return lines;
}

export function statusLines(cache: StaticDataCacheSummary): string[] {
  if (cache.arena.length === 0 && cache.cards.length === 0 && cache.packs.length === 0) {
    return [`cache: ${cache.cacheDir} (empty)`, 'Nothing is cached yet; run `sightline data sync`.'];
  }
  const lines = [`cache: ${cache.cacheDir} (${formatByteSize(cache.totalBytes)})`];
  for (const entry of cache.arena) {
    lines.push(
      `arena ${entry.version} ${entry.locale} (region ${entry.region}): ${entry.files} files, ${formatByteSize(entry.bytes)}, synced ${entry.completedAt}`,
    );
  }
  for (const locale of cache.cards) {
    const indexed = locale.indexedAt ? `indexed ${locale.indexedAt}` : 'not indexed';
    lines.push(`cards ${locale.locale}: ${locale.cards} cards, ${formatByteSize(locale.bytes)}, ${indexed}`);
    for (const bundle of locale.bundles) {
      lines.push(
        `  ${bundle.name.padEnd(8)} ${cardBundleLabel(bundle.name).padEnd(12)} ${bundle.variant.padEnd(5)} ${bundle.folder.padEnd(7)} ${String(bundle.files).padStart(5)} files  ${formatByteSize(bundle.bytes)}`,
      );
    }
  }
  for (const pack of cache.packs) {
    lines.push(
      `pack ${pack.version}: ${pack.files} files, ${formatByteSize(pack.bytes)} (${pack.form} ${formatByteSize(pack.archiveBytes)}), downloaded ${pack.completedAt}`,
    );
  }
  if (cache.partialPackBytes > 0) {
    lines.push(`pack download to continue: ${formatByteSize(cache.partialPackBytes)} kept`);
  }
  return lines;
}
