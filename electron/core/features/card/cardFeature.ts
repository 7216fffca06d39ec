import type { Settings } from '@shared/contract';
import type { Feature, FeatureContext } from '../../platform/feature/feature';
import { EMPTY_CARD_CATALOG, type CardCatalog } from './catalog/cardCatalog';
import type { HistoryFeature } from '../history/historyFeature';
import { nodeProcessListDeps } from '../../platform/processes/runningProcesses';
import { createCardGameArchive } from './cardGameArchive';
import { createCardClientWatcher } from './cardClientWatcher';
import type { EnvironmentOverrides } from '../../platform/settings/environment';

// What app/ composes beside the feature (the source checkup, the game clients' pacing, the history's card facts).
export { CARD_ENDPOINTS, createCardClientWatcher } from './cardClientWatcher';
export { createCardGameArchive } from './cardGameArchive';
export { EMPTY_CARD_CATALOG } from './catalog/cardCatalog';
export { historyCardFacts } from './historyCardFacts';

export interface CardFeatureOptions {
  /** Card names, costs and art; without it the views show card codes. */
  catalog?: CardCatalog;
  /** The match history: finished games are written there (it answers the history's requests). */
  history: Pick<HistoryFeature, 'store' | 'attachCardWriter'>;
}

/** The card client's base URL: SIGHTLINE_CARD_URL for the run, or the settings' port on this machine. */
export function cardClientUrl(env: Pick<EnvironmentOverrides, 'cardUrl'>, settings: Settings): string {
  return env.cardUrl ?? `http://127.0.0.1:${settings.card.port}`;
}

/** The card game: the client's local API and the deck tracker, which writes finished games into the history. */
export function createCardFeature(context: FeatureContext, options: CardFeatureOptions): Feature {
  const { env } = context;
  const catalog = options.catalog ?? EMPTY_CARD_CATALOG;

  let publish = (): void => undefined;
  const archive = createCardGameArchive({
    history: options.history.store,
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
  options.history.attachCardWriter(archive);
  const unsubscribe = catalog.subscribe?.(() => watcher.publish());

  return {
    handlers: {},
    pollers: [watcher.poller],
    stop: async () => unsubscribe?.(),
  };
}
