import type { LookupFunction } from 'node:net';
import type { StaticDataSyncProgress } from '@shared/contract';
import { join } from 'node:path';
import { AppRequestError } from '@shared/contract/errors';
import type { Result } from '@shared/contract/errors';
import { cardBundleLabel } from '@shared/contract/staticData';
import {
  ADVENTURE_BUNDLE,
  ADVENTURE_LABEL,
  CARD_LOCALES,
  CARD_SETS,
  cardLocaleFor,
  isCardLocale,
  knownCardVersions,
} from './cards/cardBundles';
import type { CardLocale } from './cards/cardBundles';
import type { CardIndex } from './cards/cardIndex';
import {
  ARENA_REGIONS,
  INITIAL_STATIC_DATA_STATE,
  type ArenaRegion,
  type StaticDataPackOutcome,
  type StaticDataRequestOutputs,
  type StaticDataState,
  type StaticDataStatus,
  type StaticDataSyncScope,
} from '@shared/contract/staticData';
import type { Feature, FeatureContext } from '../feature/feature';
import { createDownloader } from '../net/download';
import type { Downloader } from '../net/download';
import type { ArenaData } from './arena/arenaData';
import type { GameConstantLabels } from './arena/gameConstants';
import { arenaCatalog, championTooltip, itemSetStats, itemTooltip, profileIconImage } from './arenaTooltips';
import { createStaticDataService } from './cache/staticDataService';
import type { StaticDataService } from './cache/staticDataService';
import type { PackProgress } from './cache/patchPack';
import { staticDataUrls } from './cache/staticDataUrls';
import { cardFacets, searchCards } from './cardSearch';
import { cardDetail, cardImageUrl, cardSummary } from './cardViews';
import { buildDeckView } from './deckView';
import { createPushThrottle } from './pushThrottle';
import { createStaticAssetResolver } from './staticAssets';
import type { StaticAssetResolver } from './staticAssets';
import { INITIAL_SYNC_PROGRESS, cacheSummary, syncOutcome } from './staticDataState';
import { createStaticDataKeeper } from './staticDataKeeper';
import { mergeScopes, planSync, refreshScope, syncRequestFor } from './syncScope';

/**
 * Static data in the app: the Data page's sync (progress pushed as state, at most ten times a second), the card
 * browser, the deck-code box and the arena tooltips, all answered from the cache; and the images they name,
 * served from the cache by the browser host (and the desktop app's protocol) through `resolveAsset`.
 */

type StaticDataChannels = keyof StaticDataRequestOutputs;

/** What the deck tracker and the match history read card names and art from. */
export interface StaticCardCatalog {
  lookup(
    cardCode: string,
  ): { name: string; cost: number; region: string; artUrl: string | null; champion: boolean } | null;
  subscribe(listener: () => void): () => void;
}

export interface StaticDataFeature extends Feature<StaticDataChannels> {
  /** `/static-data/…` URL path → a file in the cache, or null (404). */
  resolveAsset: StaticAssetResolver;
  cardCatalog: StaticCardCatalog;
  /** Queue, map and mode names from the cached game constants; null until a sync has cached them. */
  gameLabels: () => GameConstantLabels | null;
  /** Settles once the cache has been read at start. */
  ready: Promise<void>;
}

export interface StaticDataFeatureOptions {
  /**
   * Check after start what is cached against the hosts (a new patch or card release) and, with the autoSync
   * setting, download what the user's language still lacks. Default true.
   */
  refreshOnStart?: boolean;
  refreshDelayMs?: number;
  /** The system's language ("de-DE", from the desktop shell): the user's language while no setting names one. */
  systemLocale?: string;
  /** For tests: the background retries' first and longest waits (default 30 s and 30 min). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Default: a downloader of its own (resolving names with `lookup`), closed on stop. */
  download?: Downloader;
  /** How the downloader resolves host names (Node's DNS lookup by default); tests pass one that fails. */
  lookup?: LookupFunction;
  /** For tests: a fixed region instead of the `staticData.region` setting. */
  region?: ArenaRegion;
}

const PROGRESS_INTERVAL_MS = 100;
const DEFAULT_ARENA_LOCALE = 'en_US';
const DEFAULT_CARD_LOCALE: CardLocale = 'en_us';

/** Where the cache lives in the data folder; the CLI and the app share it. */
export const staticDataCacheDir = (dataDir: string): string => join(dataDir, 'cache');

export function createStaticDataFeature(
  context: FeatureContext,
  options: StaticDataFeatureOptions = {},
): StaticDataFeature {
  const { hub, scheduler, logger } = context;
  const urls = staticDataUrls(context.env);
  const cacheDir = staticDataCacheDir(context.dataDir);
  const download = options.download ?? createDownloader({ lookup: options.lookup });
  const region = (): ArenaRegion => options.region ?? context.settings.effective.staticData.region;
  /** The user's language: the setting, else the system's (desktop), else English. */
  const userLocale = (): CardLocale =>
    context.settings.effective.staticData.locale ??
    cardLocaleFor((options.systemLocale ?? DEFAULT_CARD_LOCALE).replace('-', '_'));

  let state: StaticDataState = INITIAL_STATIC_DATA_STATE;
  const publish = (next: StaticDataState): void => {
    state = next;
    hub.set('staticData', state);
  };
  publish(state);

  const progress = createPushThrottle<StaticDataSyncProgress>(scheduler, PROGRESS_INTERVAL_MS, (latest) => {
    if (state.sync) publish({ ...state, sync: { ...state.sync, progress: latest } });
  });

  const packProgress = createPushThrottle<PackProgress>(scheduler, PROGRESS_INTERVAL_MS, (latest) => {
    if (!state.pack) return;
    const { phase, bytesDone, bytesTotal, bytesPerSecond, secondsLeft } = latest;
    publish({
      ...state,
      pack: { ...state.pack, progress: { phase, bytesDone, bytesTotal, bytesPerSecond, secondsLeft } },
    });
  });

  const service: StaticDataService = createStaticDataService({
    cacheDir,
    http: context.http,
    download,
    ...urls,
    locale: DEFAULT_ARENA_LOCALE,
    cardVersion: () => context.settings.effective.staticData.cardVersion,
    onProgress: (latest) => progress.push(latest),
    now: () => scheduler.now(),
    onMovedAside: (moved) => context.dataFolder.movedAside({ kind: 'cache', ...moved }),
    writeFailed: context.dataFolder.writeFailed,
  });

  // What views get when they name no locale: the last sync's, else what is cached, else English.
  let preferred: { arenaLocale: string; cardLocale: CardLocale } = {
    arenaLocale: DEFAULT_ARENA_LOCALE,
    cardLocale: cardLocaleFor(DEFAULT_ARENA_LOCALE),
  };

  const catalogListeners = new Set<() => void>();
  let catalogIndex: CardIndex | null = null;
  let labels: GameConstantLabels | null = null;

  /** Re-reads what is cached after a change: the summary, the preferred locales, the catalog's index. */
  const reloadCache = async (): Promise<void> => {
    const summary = cacheSummary(await service.status());
    const arenaLocales = summary.arena.map((entry) => entry.locale);
    const cardLocales = summary.cards.filter((entry) => entry.indexedAt).map((entry) => entry.locale);
    preferred = {
      arenaLocale: arenaLocales.includes(preferred.arenaLocale)
        ? preferred.arenaLocale
        : (arenaLocales[0] ?? preferred.arenaLocale),
      cardLocale: cardLocales.includes(preferred.cardLocale)
        ? preferred.cardLocale
        : (cardLocales.find(isCardLocale) ?? preferred.cardLocale),
    };
    const [index, arena] = await Promise.all([
      service.loadCardIndex(preferred.cardLocale),
      arenaLocales.length > 0 ? service.loadArenaData(preferred.arenaLocale) : null,
    ]);
    catalogIndex = index.ok ? index.value : null;
    labels = arena?.ok ? arena.value.labels : null;
    for (const listener of catalogListeners) listener();
    publish({ ...state, cache: summary });
  };

  let running: { controller: AbortController; done: Promise<void> } | null = null;
  let packing: { controller: AbortController; done: Promise<void> } | null = null;
  let stopped = false;

  /** The opt-in offline pack of the newest cached patch; runs beside syncs (it writes only its own folder). */
  const startPack = (): Result<string> => {
    if (stopped) return { ok: false, error: { code: 'unsupported', message: 'Sightline is stopping.' } };
    if (packing)
      return { ok: false, error: { code: 'bad-input', message: 'The pack is already downloading.' } };
    const arena = state.cache?.arena ?? [];
    const version = (arena.find((entry) => entry.locale === preferred.arenaLocale) ?? arena[0])?.version;
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
    publish({
      ...state,
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
      await reloadCache().catch((error: unknown) =>
        logger.warn('static data cache unreadable', { error: String(error) }),
      );
      publish({ ...state, pack: null, lastPack, revision: state.revision + 1 });
      logger.info('patch pack download finished', { version, ok: result.ok });
    })()
      .catch((error: unknown) => {
        logger.error('patch pack download failed', { error: String(error) });
        publish({ ...state, pack: null });
      })
      .finally(() => {
        packing = null;
      });
    packing = { controller, done };
    return { ok: true, value: version };
  };

  /** The one sync runner: the user's syncs and the keeper's share it, so two never run at once. */
  const startSync = (scope: StaticDataSyncScope, reason: 'user' | 'refresh'): Result<null> => {
    if (stopped) return { ok: false, error: { code: 'unsupported', message: 'Sightline is stopping.' } };
    if (running || service.syncing) {
      return { ok: false, error: { code: 'bad-input', message: 'A data sync is already running.' } };
    }
    const controller = new AbortController();
    const startedAt = scheduler.now();
    publish({
      ...state,
      sync: { startedAt, reason, scope, progress: INITIAL_SYNC_PROGRESS, cancelling: false },
    });
    logger.info('static data sync started', { reason, scope });
    const done = (async () => {
      const report = await service.sync(syncRequestFor(scope, controller.signal));
      progress.cancel();
      if (reason === 'user' && report.ok) {
        preferred = {
          arenaLocale: scope.arena?.locale ?? preferred.arenaLocale,
          cardLocale: scope.cards?.locales.find(isCardLocale) ?? preferred.cardLocale,
        };
      }
      const lastSync = syncOutcome(report, { reason, startedAt, finishedAt: scheduler.now() });
      await reloadCache().catch((error: unknown) =>
        logger.warn('static data cache unreadable', { error: String(error) }),
      );
      publish({ ...state, sync: null, lastSync, revision: state.revision + 1 });
      logger.info('static data sync finished', {
        ok: report.ok,
        cancelled: report.cancelled,
        problems: report.problems.length,
      });
      return lastSync;
    })()
      .catch((error: unknown) => {
        logger.error('static data sync failed', { error: String(error) });
        publish({ ...state, sync: null });
        return null;
      })
      .then((lastSync) => {
        running = null;
        keeper.syncFinished(lastSync, { reason, scope });
      });
    running = { controller, done };
    return { ok: true, value: null };
  };

  /** What the keeper syncs: what is cached, and with autoSync the user's language (its cached sets, else all). */
  const backgroundScope = (): StaticDataSyncScope | null => {
    const cached = state.cache ? refreshScope(state.cache) : null;
    if (!context.settings.effective.staticData.autoSync) return cached;
    const cachedSets = cached?.cards?.sets ?? [];
    const wanted = planSync(
      { locale: userLocale(), sets: cachedSets.length > 0 ? cachedSets : undefined },
      syncDefaults(),
    );
    return wanted.ok ? mergeScopes(wanted.value, cached) : cached;
  };

  const keeper = createStaticDataKeeper({
    scheduler,
    plan: backgroundScope,
    autoSync: () => context.settings.effective.staticData.autoSync,
    busy: () => running !== null || service.syncing,
    start: (scope) => startSync(scope, 'refresh'),
    onRetry: (retryAt) => {
      if (retryAt !== state.retryAt) publish({ ...state, retryAt });
    },
    retryBaseMs: options.retryBaseMs,
    retryMaxMs: options.retryMaxMs,
  });

  /** A new sync's defaults: the preferred locales, the region and the pinned card-data version. */
  const syncDefaults = () => ({
    ...preferred,
    region: region(),
    cardVersion: context.settings.effective.staticData.cardVersion,
  });

  let keptSettings = context.settings.effective.staticData;
  const stopWatchingSettings = context.settings.onChange((next) => {
    const before = keptSettings;
    keptSettings = next.staticData;
    const turnedOn = next.staticData.autoSync && !before.autoSync;
    const newLocale = next.staticData.autoSync && next.staticData.locale !== before.locale;
    if (turnedOn || newLocale || (before.autoSync && !next.staticData.autoSync)) keeper.settingsChanged();
    if (next.staticData.cardVersion !== before.cardVersion) {
      // Another version's cards: the catalog (deck tracker) reloads, and views refetch on the new revision.
      void reloadCache()
        .then(() => publish({ ...state, revision: state.revision + 1 }))
        .catch((error: unknown) => logger.warn('static data cache unreadable', { error: String(error) }));
    }
  });

  const ready = (async () => {
    try {
      await reloadCache();
    } catch (error) {
      logger.warn('static data cache unreadable', { error: String(error) });
      return;
    }
    if (!stopped && (options.refreshOnStart ?? true)) keeper.checkIn(options.refreshDelayMs ?? 5_000);
  })();

  const cardIndexFor = async (locale: string | undefined): Promise<CardIndex> => {
    const wanted = locale ?? preferred.cardLocale;
    if (!isCardLocale(wanted)) throw badInput(`"${wanted}" is not a card game locale.`);
    const index = await service.loadCardIndex(wanted);
    if (!index.ok) {
      throw new AppRequestError(
        index.error.code === 'not-found'
          ? { code: 'not-found', message: `No card data is cached for ${wanted}; sync it on the Data page.` }
          : index.error,
      );
    }
    return index.value;
  };

  const arenaDataFor = async (locale: string | undefined): Promise<ArenaData> => {
    const wanted = locale ?? preferred.arenaLocale;
    const data = await service.loadArenaData(wanted);
    if (!data.ok) {
      throw new AppRequestError(
        data.error.code === 'not-found'
          ? {
              code: 'not-found',
              message: `No arena game data is cached for ${wanted}; sync it on the Data page.`,
            }
          : data.error,
      );
    }
    return data.value;
  };

  const handlers: Feature<StaticDataChannels>['handlers'] = {
    'staticData.status': async (): Promise<StaticDataStatus> => {
      if (!state.cache) await reloadCache();
      return {
        cache: state.cache ?? cacheSummary(await service.status()),
        options: {
          cardLocales: [...CARD_LOCALES],
          sets: [
            ...CARD_SETS.map(({ name, label }) => ({ name, label, byDefault: true })),
            { name: ADVENTURE_BUNDLE, label: ADVENTURE_LABEL, byDefault: false },
          ],
          defaultCardLocale: preferred.cardLocale,
          defaultArenaLocale: preferred.arenaLocale,
          region: region(),
          regions: ARENA_REGIONS,
          userLocale: userLocale(),
          autoSync: context.settings.effective.staticData.autoSync,
          cardVersion: context.settings.effective.staticData.cardVersion,
          cardVersions: knownCardVersions(),
        },
      };
    },
    'staticData.estimate': async (input) => {
      const scope = planSync(input, syncDefaults());
      if (!scope.ok) throw new AppRequestError(scope.error);
      const estimate = await service.estimate(syncRequestFor(scope.value));
      if (!estimate.ok) throw new AppRequestError(estimate.error);
      const { arena, cards, totalBytes, approximate, problems } = estimate.value;
      return {
        scope: scope.value,
        arena,
        cards: cards.map((entry) => ({
          locale: entry.locale,
          bundles: entry.bundles.map((bundle) => ({ ...bundle, label: cardBundleLabel(bundle.name) })),
        })),
        totalBytes,
        approximate,
        problems,
      };
    },
    'staticData.sync': async (input) => {
      const scope = planSync(input, syncDefaults());
      if (!scope.ok) throw new AppRequestError(scope.error);
      // A background sync gives way to the user's: it stops (nothing partial stays) and the user's starts.
      if (running && state.sync?.reason === 'refresh') {
        running.controller.abort();
        await running.done;
      }
      const started = startSync(scope.value, 'user');
      if (!started.ok) throw new AppRequestError(started.error);
      // The region chosen for a sync is the one the user plays on: the next sync starts from it.
      if (input.region && input.region !== context.settings.effective.staticData.region) {
        await context.settings.update({ staticData: { region: input.region } });
      }
      return { started: true };
    },
    'staticData.cancel': async () => {
      if (!running || !state.sync) return { cancelled: false };
      running.controller.abort();
      publish({ ...state, sync: { ...state.sync, cancelling: true } });
      return { cancelled: true };
    },
    'staticData.pack': async () => {
      const started = startPack();
      if (!started.ok) throw new AppRequestError(started.error);
      return { started: true, version: started.value };
    },
    'staticData.cancelPack': async () => {
      if (!packing || !state.pack) return { cancelled: false };
      packing.controller.abort();
      publish({ ...state, pack: { ...state.pack, cancelling: true } });
      return { cancelled: true };
    },
    'staticData.clear': async ({ scope }) => {
      if (running || packing) throw badInput('A data sync is running; cancel it before clearing the cache.');
      const cleared = await service.clear(scope);
      if (!cleared.ok) throw new AppRequestError(cleared.error);
      await reloadCache();
      publish({ ...state, lastSync: null, revision: state.revision + 1 });
      logger.info('static data cache cleared', { scope });
      return state.cache ?? cacheSummary(await service.status());
    },
    'cards.search': async (input) => {
      const index = await cardIndexFor(input.locale);
      const found = searchCards(index, input);
      return {
        locale: index.locale,
        total: found.total,
        offset: input.offset,
        cards: found.cards.map((card) => cardSummary(index, card)),
        facets: cardFacets(index),
      };
    },
    'cards.card': async ({ cardCode, locale }) => {
      const index = await cardIndexFor(locale);
      const card = index.card(cardCode) ?? index.card(cardCode.toUpperCase());
      if (!card) throw notFound(`Card ${cardCode} is not in the cached ${index.locale} data.`);
      return cardDetail(index, card);
    },
    'deck.decode': async ({ code, locale }) => {
      const wanted = locale ?? preferred.cardLocale;
      if (!isCardLocale(wanted)) throw badInput(`"${wanted}" is not a card game locale.`);
      const index = await service.loadCardIndex(wanted);
      const view = buildDeckView(code, index.ok ? index.value : null, wanted);
      if (!view.ok) {
        throw new AppRequestError({
          code: view.error.kind === 'unsupported-version' ? 'unsupported' : 'bad-input',
          message: view.error.message,
        });
      }
      return view.value;
    },
    'arena.catalog': async ({ locale }) => arenaCatalog(await arenaDataFor(locale)),
    'arena.champion': async ({ id, locale }) => {
      const data = await arenaDataFor(locale);
      const champion = data.championById(id) ?? data.championByKey(id);
      if (!champion) throw notFound(`No champion "${id}" in the ${data.version} data.`);
      const detail = await service.loadChampion(champion.id, data.locale);
      if (!detail.ok) throw new AppRequestError(detail.error);
      return championTooltip(detail.value, data.version, data.locale);
    },
    'arena.item': async ({ id, locale }) => {
      const data = await arenaDataFor(locale);
      const item = data.item(id);
      if (!item) throw notFound(`No item ${id} in the ${data.version} data.`);
      return itemTooltip(item, data.version, data.locale);
    },
    'arena.itemSet': async ({ ids, locale }) => itemSetStats(await arenaDataFor(locale), ids),
    'arena.profileIcon': async ({ id, locale }) => profileIconImage(await arenaDataFor(locale), id),
  };

  const cardCatalog: StaticCardCatalog = {
    lookup(cardCode) {
      const index = catalogIndex;
      const card = index?.card(cardCode);
      if (!index || !card) return null;
      // The illustration when a full bundle holds it, else the card render, else the record's art (fetched).
      const artKind = card.images.full ? 'full' : card.images.card ? 'card' : 'full';
      return {
        name: card.name,
        cost: card.cost,
        region: card.regions[0] ?? '',
        artUrl: cardImageUrl(index, cardCode, artKind),
        // rarityRef marks a champion's first level; its level-ups keep only the (localized) supertype.
        champion: card.rarityRef === 'Champion' || card.supertype !== '',
      };
    },
    subscribe(listener) {
      catalogListeners.add(listener);
      return () => catalogListeners.delete(listener);
    },
  };

  return {
    handlers,
    pollers: [],
    resolveAsset: createStaticAssetResolver({
      cacheDir,
      arenaImage: (path, imageOptions) => service.arenaImage(path, imageOptions),
      loadCardIndex: (locale) => service.loadCardIndex(locale),
      download,
      cardDataUrl: urls.cardDataUrl,
      now: () => scheduler.now(),
    }),
    cardCatalog,
    gameLabels: () => labels,
    ready,
    async stop() {
      stopped = true;
      await ready;
      keeper.stop();
      stopWatchingSettings();
      running?.controller.abort();
      packing?.controller.abort();
      await running?.done;
      await packing?.done;
      progress.cancel();
      packProgress.cancel();
      if (!options.download) download.close();
    },
  };
}

function badInput(message: string): AppRequestError {
  return new AppRequestError({ code: 'bad-input', message });
}

function notFound(message: string): AppRequestError {
  return new AppRequestError({ code: 'not-found', message });
}
