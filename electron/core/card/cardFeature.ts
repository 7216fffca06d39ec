import type { CardHistoryChannel, Settings } from '@shared/contract';
import type { Feature, FeatureContext } from '../feature/feature';
import { EMPTY_CARD_CATALOG, type CardCatalog } from './catalog/cardCatalog';
import { historyPath, openHistoryStore, type HistoryStore } from '../history/historyStore';
import { nodeProcessListDeps } from '../processes/runningProcesses';
import { createCardGameArchive } from './cardGameArchive';
import { createCardClientWatcher } from './cardClientWatcher';
import { createCardHistoryHandlers } from './cardHistoryHandlers';
import type { DownloadShelf } from '../host/downloadShelf';
import type { EnvironmentOverrides } from '../settings/environment';

export interface CardFeatureOptions {
  /** Card names, costs and art; without it the views show card codes. */
  catalog?: CardCatalog;
  /**
   * The app's history database, when the caller opened it to share it (the arena scoreboard records
   * there too). Without it the feature opens `history.db` in the data folder and closes it on stop.
   */
  history?: Promise<HistoryStore>;
  /** Where exports wait to be downloaded: the shelf the host serves. */
  downloads: DownloadShelf;
}

export interface CardFeature extends Feature<CardHistoryChannel> {
  /** After games were deleted elsewhere (the retention period): history views refetch. */
  historyChanged(): void;
}

/** The card client's base URL: SIGHTLINE_CARD_URL for the run, or the settings' port on this machine. */
export function cardClientUrl(env: Pick<EnvironmentOverrides, 'cardUrl'>, settings: Settings): string {
  return env.cardUrl ?? `http://127.0.0.1:${settings.card.port}`;
}

/** The card game: the client's local API, the deck tracker, and the match history. */
export function createCardFeature(context: FeatureContext, options: CardFeatureOptions): CardFeature {
  const { env, scheduler } = context;
  const catalog = options.catalog ?? EMPTY_CARD_CATALOG;
  const ownsHistory = options.history === undefined;
  const history = options.history ?? openHistoryStore(historyPath(context.dataDir), () => scheduler.now());

  let publish = (): void => undefined;
  const archive = createCardGameArchive({
    history,
    logger: context.logger,
    onStatus: () => publish(),
    writeFailed: context.dataFolder.writeFailed,
  });
  const watcher = createCardClientWatcher({
    ...context,
    baseUrl: () => cardClientUrl(env, context.settings.effective),
    catalog,
    archive,
    // Only the game on this machine answers the settings' port; a URL set for the run may be anything.
    processes: env.cardUrl ? undefined : nodeProcessListDeps(),
  });
  publish = watcher.publish;
  const unsubscribe = catalog.subscribe?.(() => watcher.publish());

  return {
    handlers: createCardHistoryHandlers({
      archive,
      catalog,
      downloads: options.downloads,
      now: () => scheduler.now(),
    }),
    pollers: [watcher.poller],
    historyChanged: () => archive.changed(),
    stop: async () => {
      unsubscribe?.();
      if (ownsHistory) (await history.catch(() => null))?.close();
    },
  };
}
