import type { Result } from '@shared/contract/errors';
import type {
  ArenaRegion,
  StaticDataPackOutcome,
  StaticDataSyncProgress,
  StaticDataSyncScope,
} from '@shared/contract/staticData';
import type { FeatureContext } from '../../platform/feature/feature';
import type { CacheReader } from './cacheReader';
import type { PackProgress } from './cache/patchPack';
import type { DataCache } from './cache/dataCache';
import { cardLocaleFor, isCardLocale, type CardLocale } from './cards/cardBundles';
import { createPushThrottle } from './pushThrottle';
import { createBackgroundRefresh, type BackgroundRefresh } from './backgroundRefresh';
import type { StaticDataSlice } from './staticDataSlice';
import { INITIAL_SYNC_PROGRESS } from './cache/syncProgress';
import { syncOutcome } from './cacheViews';
import { mergeScopes, planSync, refreshScope, syncRequestFor, type SyncDefaults } from './syncScope';

const PROGRESS_INTERVAL_MS = 100;
const DEFAULT_CARD_LOCALE: CardLocale = 'en_us';

/** What the feature's options say about syncs (`StaticDataFeatureOptions` extends it). */
export interface SyncRunnerOptions {
  /** The system's language ("de-DE", from the desktop shell): the user's language while no setting names one. */
  systemLocale?: string;
  /** For tests: the background retries' first and longest waits (default 30 s and 30 min). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** For tests: a fixed region instead of the `staticData.region` setting. */
  region?: ArenaRegion;
}

/** A download under way: how to cancel it, and when it has settled. */
export interface RunningDownload {
  controller: AbortController;
  done: Promise<void>;
}

export interface SyncRunner {
  /** The sync under way (the user's or the background refresh's), or null. */
  running(): RunningDownload | null;
  /** The patch pack download under way, or null. */
  packing(): RunningDownload | null;
  /** The service's sync progress, pushed to the slice at most ten times a second. */
  progress(latest: StaticDataSyncProgress): void;
  startSync(scope: StaticDataSyncScope, reason: 'user' | 'refresh'): Result<null>;
  /** Starts the pack of the newest cached patch; its version. */
  startPack(): Result<string>;
  /** A new sync's defaults: the preferred locales, the region and the pinned card-data version. */
  syncDefaults(): SyncDefaults;
  region(): ArenaRegion;
  /** The user's language: the setting, else the system's (desktop), else English. */
  userLocale(): CardLocale;
  background: BackgroundRefresh;
  /** Refuses new downloads from now on: the feature is stopping. */
  refuseNew(): void;
  /** True once refuseNew was called. */
  refusing(): boolean;
  /** Stops the background refresh and the settings watch, cancels what runs and waits for it. */
  stop(): Promise<void>;
}

/** The Data page's syncs and the background refresh's, one at a time, and the opt-in patch pack beside them. */
export function createSyncRunner(
  context: Pick<FeatureContext, 'scheduler' | 'logger' | 'settings'>,
  deps: {
    service: DataCache;
    slice: StaticDataSlice;
    cached: CacheReader;
    options: SyncRunnerOptions;
  },
): SyncRunner {
  const { scheduler, logger } = context;
  const { service, slice, cached, options } = deps;
  const region = (): ArenaRegion => options.region ?? context.settings.effective.staticData.region;
  const userLocale = (): CardLocale =>
    context.settings.effective.staticData.locale ??
    cardLocaleFor((options.systemLocale ?? DEFAULT_CARD_LOCALE).replace('-', '_'));

  const progress = createPushThrottle<StaticDataSyncProgress>(scheduler, PROGRESS_INTERVAL_MS, (latest) => {
    if (slice.state.sync) slice.publish({ ...slice.state, sync: { ...slice.state.sync, progress: latest } });
  });

  const packProgress = createPushThrottle<PackProgress>(scheduler, PROGRESS_INTERVAL_MS, (latest) => {
    if (!slice.state.pack) return;
    const { phase, bytesDone, bytesTotal, bytesPerSecond, secondsLeft } = latest;
    slice.publish({
      ...slice.state,
      pack: { ...slice.state.pack, progress: { phase, bytesDone, bytesTotal, bytesPerSecond, secondsLeft } },
    });
  });

  let running: { controller: AbortController; done: Promise<void> } | null = null;
  let packing: { controller: AbortController; done: Promise<void> } | null = null;
  let stopped = false;

  /** The opt-in offline pack of the newest cached patch; runs beside syncs (it writes only its own folder). */
  const startPack = (): Result<string> => {
    if (stopped) return { ok: false, error: { code: 'unsupported', message: 'Sightline is stopping.' } };
    if (packing)
      return { ok: false, error: { code: 'bad-input', message: 'The pack is already downloading.' } };
    const arena = slice.state.cache?.arena ?? [];
    const version = (arena.find((entry) => entry.locale === cached.preferred.arenaLocale) ?? arena[0])
      ?.version;
    if (!version) {
      return {
        ok: false,
        error: {
          code: 'bad-input',
          message: 'Download the arena game data first; the pack is for its patch.',
        },
      };
    }
    const controller = new AbortController();
    slice.publish({
      ...slice.state,
      pack: {
        version,
        startedAt: scheduler.now(),
        progress: {
          phase: 'downloading',
          bytesDone: 0,
          bytesTotal: null,
          bytesPerSecond: null,
          secondsLeft: null,
        },
        cancelling: false,
      },
    });
    logger.info('patch pack download started', { version });
    const done = (async () => {
      const result = await service.syncPack({
        version,
        signal: controller.signal,
        onProgress: (latest) => packProgress.push(latest),
      });
      packProgress.cancel();
      const finishedAt = scheduler.now();
      const lastPack: StaticDataPackOutcome = result.ok
        ? { ok: true, version, files: result.files, bytes: result.bytes, finishedAt }
        : {
            ok: false,
            version,
            cancelled: result.reason === 'aborted',
            message: result.message,
            keptBytes: result.keptBytes,
            finishedAt,
          };
      await cached
        .reload()
        .catch((error: unknown) => logger.warn('static data cache unreadable', { error: String(error) }));
      slice.publish({ ...slice.state, pack: null, lastPack, revision: slice.state.revision + 1 });
      logger.info('patch pack download finished', { version, ok: result.ok });
    })()
      .catch((error: unknown) => {
        logger.error('patch pack download failed', { error: String(error) });
        slice.publish({ ...slice.state, pack: null });
      })
      .finally(() => {
        packing = null;
      });
    packing = { controller, done };
    return { ok: true, value: version };
  };

  /** The one sync runner: the user's syncs and the background refresh's share it, so two never run at once. */
  const startSync = (scope: StaticDataSyncScope, reason: 'user' | 'refresh'): Result<null> => {
    if (stopped) return { ok: false, error: { code: 'unsupported', message: 'Sightline is stopping.' } };
    if (running || service.syncing) {
      return { ok: false, error: { code: 'bad-input', message: 'A data sync is already running.' } };
    }
    const controller = new AbortController();
    const startedAt = scheduler.now();
    slice.publish({
      ...slice.state,
      sync: { startedAt, reason, scope, progress: INITIAL_SYNC_PROGRESS, cancelling: false },
    });
    logger.info('static data sync started', { reason, scope });
    const done = (async () => {
      const report = await service.sync(syncRequestFor(scope, controller.signal));
      progress.cancel();
      if (reason === 'user' && report.ok) {
        cached.preferred = {
          arenaLocale: scope.arena?.locale ?? cached.preferred.arenaLocale,
          cardLocale: scope.cards?.locales.find(isCardLocale) ?? cached.preferred.cardLocale,
        };
      }
      const lastSync = syncOutcome(report, { reason, startedAt, finishedAt: scheduler.now() });
      await cached
        .reload()
        .catch((error: unknown) => logger.warn('static data cache unreadable', { error: String(error) }));
      slice.publish({ ...slice.state, sync: null, lastSync, revision: slice.state.revision + 1 });
      logger.info('static data sync finished', {
        ok: report.ok,
        cancelled: report.cancelled,
        problems: report.problems.length,
      });
      return lastSync;
    })()
      .catch((error: unknown) => {
        logger.error('static data sync failed', { error: String(error) });
        slice.publish({ ...slice.state, sync: null });
        return null;
      })
      .then((lastSync) => {
        running = null;
        background.syncFinished(lastSync, { reason, scope });
      });
    running = { controller, done };
    return { ok: true, value: null };
  };

  /** What the background refresh syncs: what is cached, and with autoSync the user's language (its cached sets, else all). */
  const backgroundScope = (): StaticDataSyncScope | null => {
    const cached = slice.state.cache ? refreshScope(slice.state.cache) : null;
    if (!context.settings.effective.staticData.autoSync) return cached;
    const cachedSets = cached?.cards?.sets ?? [];
    const wanted = planSync(
      { locale: userLocale(), sets: cachedSets.length > 0 ? cachedSets : undefined },
      syncDefaults(),
    );
    return wanted.ok ? mergeScopes(wanted.value, cached) : cached;
  };

  const background = createBackgroundRefresh({
    scheduler,
    plan: backgroundScope,
    autoSync: () => context.settings.effective.staticData.autoSync,
    busy: () => running !== null || service.syncing,
    start: (scope) => startSync(scope, 'refresh'),
    onRetry: (retryAt) => {
      if (retryAt !== slice.state.retryAt) slice.publish({ ...slice.state, retryAt });
    },
    retryBaseMs: options.retryBaseMs,
    retryMaxMs: options.retryMaxMs,
  });

  /** A new sync's defaults: the preferred locales, the region and the pinned card-data version. */
  const syncDefaults = (): SyncDefaults => ({
    ...cached.preferred,
    region: region(),
    cardVersion: context.settings.effective.staticData.cardVersion,
  });

  let keptSettings = context.settings.effective.staticData;
  const stopWatchingSettings = context.settings.onChange((next) => {
    const before = keptSettings;
    keptSettings = next.staticData;
    const turnedOn = next.staticData.autoSync && !before.autoSync;
    const newLocale = next.staticData.autoSync && next.staticData.locale !== before.locale;
    if (turnedOn || newLocale || (before.autoSync && !next.staticData.autoSync)) background.settingsChanged();
    if (next.staticData.cardVersion !== before.cardVersion) {
      // Another version's cards: the catalog (deck tracker) reloads, and views refetch on the new revision.
      void cached
        .reload()
        .then(() => slice.publish({ ...slice.state, revision: slice.state.revision + 1 }))
        .catch((error: unknown) => logger.warn('static data cache unreadable', { error: String(error) }));
    }
  });

  return {
    running: () => running,
    progress: (latest) => progress.push(latest),
    packing: () => packing,
    startSync,
    startPack,
    syncDefaults,
    region,
    userLocale,
    background,
    refuseNew: () => {
      stopped = true;
    },
    refusing: () => stopped,
    stop: async () => {
      background.stop();
      stopWatchingSettings();
      running?.controller.abort();
      packing?.controller.abort();
      await running?.done;
      await packing?.done;
      progress.cancel();
      packProgress.cancel();
    },
  };
}
