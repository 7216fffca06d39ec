import type { LookupFunction } from 'node:net';
import { join } from 'node:path';
import type { StaticDataRequestOutputs } from '@shared/contract/staticData';
import type { Feature, FeatureContext } from '../../platform/feature/feature';
import { createDownloader, type Downloader } from '../../platform/net/download';
import { createDataCache, type DataCache } from './cache/dataCache';
import { staticDataUrls } from './cache/staticDataUrls';
import { createCacheReader, DEFAULT_ARENA_LOCALE, type StaticCardCatalog } from './cacheReader';
import { createStaticAssetResolver, type StaticAssetResolver } from './staticAssets';
import type { GameConstantLabels } from './arena/gameConstants';
import { createStaticDataHandlers } from './staticDataHandlers';
import { createStaticDataSlice } from './staticDataSlice';
import { createSyncRunner, type SyncRunnerOptions } from './syncRunner';

export type { StaticAssetResolver } from './staticAssets';

type StaticDataChannels = keyof StaticDataRequestOutputs;

export interface StaticDataFeature extends Feature<StaticDataChannels> {
  /** `/static-data/…` URL path → a file in the cache, or null (404). */
  resolveAsset: StaticAssetResolver;
  cardCatalog: StaticCardCatalog;
  /** Queue, map and mode names from the cached game constants; null until a sync has cached them. */
  gameLabels: () => GameConstantLabels | null;
  /** Settles once the cache has been read at start. */
  ready: Promise<void>;
}

export interface StaticDataFeatureOptions extends SyncRunnerOptions {
  /**
   * Check after start what is cached against the hosts (a new patch or card release) and, with the autoSync
   * setting, download what the user's language still lacks. Default true.
   */
  refreshOnStart?: boolean;
  refreshDelayMs?: number;
  /** Default: a downloader of its own (resolving names with `lookup`), closed on stop. */
  download?: Downloader;
  /** How the downloader resolves host names (Node's DNS lookup by default); tests pass one that fails. */
  lookup?: LookupFunction;
}

/** Where the cache lives in the data folder; the CLI and the app share it. */
export const staticDataCacheDir = (dataDir: string): string => join(dataDir, 'cache');

/**
 * Static data in the app: the Data page's sync (progress pushed as state, at most ten times a second), the card
 * browser, the deck-code box and the arena tooltips, all answered from the cache; and the images they name,
 * served from the cache by the browser host (and the desktop app's protocol) through `resolveAsset`.
 */
export function createStaticDataFeature(
  context: FeatureContext,
  options: StaticDataFeatureOptions = {},
): StaticDataFeature {
  const { scheduler, logger } = context;
  const urls = staticDataUrls(context.env);
  const cacheDir = staticDataCacheDir(context.dataDir);
  const download = options.download ?? createDownloader({ lookup: options.lookup });
  const slice = createStaticDataSlice(context);
  const service: DataCache = createDataCache({
    cacheDir,
    http: context.http,
    download,
    ...urls,
    locale: DEFAULT_ARENA_LOCALE,
    cardVersion: () => context.settings.effective.staticData.cardVersion,
    // The sync runner, made below once the service exists, throttles what it reports.
    onProgress: (latest) => runner.progress(latest),
    now: () => scheduler.now(),
    onMovedAside: (moved) => context.dataFolder.movedAside({ kind: 'cache', ...moved }),
    writeFailed: context.dataFolder.writeFailed,
  });

  const cached = createCacheReader({ service, slice });
  const runner = createSyncRunner(context, { service, slice, cached, options });

  const ready = (async () => {
    try {
      await cached.reload();
    } catch (error) {
      logger.warn('static data cache unreadable', { error: String(error) });
      return;
    }
    if (!runner.refusing() && (options.refreshOnStart ?? true))
      runner.background.checkIn(options.refreshDelayMs ?? 5_000);
  })();

  return {
    handlers: createStaticDataHandlers(context, { service, slice, cached, runner }),
    pollers: [],
    resolveAsset: createStaticAssetResolver({
      cacheDir,
      arenaImage: (path, imageOptions) => service.arenaImage(path, imageOptions),
      loadCardIndex: (locale) => service.loadCardIndex(locale),
      download,
      cardDataUrl: urls.cardDataUrl,
      now: () => scheduler.now(),
    }),
    cardCatalog: cached.cardCatalog,
    gameLabels: cached.labels,
    ready,
    async stop() {
      runner.refuseNew();
      await ready;
      await runner.stop();
      if (!options.download) download.close();
    },
  };
}
