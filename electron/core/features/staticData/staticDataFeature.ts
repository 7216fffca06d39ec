import { join } from 'node:path';
import type { StaticDataRequestOutputs } from '@shared/contract/staticData';
import type { Feature, FeatureContext } from '../../platform/feature/feature';
import { createDownloader } from '../../platform/net/download';
import { createStaticDataService, type StaticDataService } from './cache/staticDataService';
import { staticDataUrls } from './cache/staticDataUrls';
import { createCachedStaticData, DEFAULT_ARENA_LOCALE, type StaticCardCatalog } from './cachedStaticData';
import { createStaticAssetResolver, type StaticAssetResolver } from './staticAssets';
import type { GameConstantLabels } from './arena/gameConstants';
import { createStaticDataHandlers } from './staticDataHandlers';
import type { StaticDataFeatureOptions } from './staticDataOptions';
import { createStaticDataSlice } from './staticDataSlice';
import { createStaticDataSyncs } from './staticDataSyncs';

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
  const service: StaticDataService = createStaticDataService({
    cacheDir,
    http: context.http,
    download,
    ...urls,
    locale: DEFAULT_ARENA_LOCALE,
    cardVersion: () => context.settings.effective.staticData.cardVersion,
    // The syncs, made below once the service exists, throttle what it reports.
    onProgress: (latest) => syncs.progress(latest),
    now: () => scheduler.now(),
    onMovedAside: (moved) => context.dataFolder.movedAside({ kind: 'cache', ...moved }),
    writeFailed: context.dataFolder.writeFailed,
  });

  const cached = createCachedStaticData({ service, slice });
  const syncs = createStaticDataSyncs(context, { service, slice, cached, options });

  const ready = (async () => {
    try {
      await cached.reload();
    } catch (error) {
      logger.warn('static data cache unreadable', { error: String(error) });
      return;
    }
    if (!syncs.refusing() && (options.refreshOnStart ?? true))
      syncs.keeper.checkIn(options.refreshDelayMs ?? 5_000);
  })();

  return {
    handlers: createStaticDataHandlers(context, { service, slice, cached, syncs }),
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
      syncs.refuseNew();
      await ready;
      await syncs.stop();
      if (!options.download) download.close();
    },
  };
}
