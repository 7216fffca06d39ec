import { AppRequestError } from '@shared/contract/errors';
import { cardBundleLabel } from '@shared/contract/staticData';
import {
  ARENA_REGIONS,
  type StaticDataRequestOutputs,
  type StaticDataStatus,
} from '@shared/contract/staticData';
import type { RequestHandlers } from '../../platform/router/requestRouter';
import type { FeatureContext } from '../../platform/feature/feature';
import { arenaCatalog, championTooltip, itemSetStats, itemTooltip, profileIconImage } from './arenaTooltips';
import type { DataCache } from './cache/dataCache';
import type { CacheReader } from './cacheReader';
import {
  ADVENTURE_BUNDLE,
  ADVENTURE_LABEL,
  CARD_LOCALES,
  CARD_SETS,
  isCardLocale,
  knownCardVersions,
} from './cards/cardBundles';
import { cardFacets, searchCards } from './cardSearch';
import { cardDetail, cardSummary } from './cardViews';
import { buildDeckView } from './deckView';
import type { StaticDataSlice } from './staticDataSlice';
import { cacheSummary } from './cacheViews';
import type { SyncRunner } from './syncRunner';
import { planSync, syncRequestFor } from './syncScope';

/** The Data page's requests, the card browser's, the deck-code box's and the arena tooltips'. */
export function createStaticDataHandlers(
  context: Pick<FeatureContext, 'logger' | 'settings'>,
  deps: {
    service: DataCache;
    slice: StaticDataSlice;
    cached: CacheReader;
    runner: SyncRunner;
  },
): Pick<RequestHandlers, keyof StaticDataRequestOutputs> {
  const { logger } = context;
  const { service, slice, cached, runner } = deps;
  return {
    'staticData.status': async (): Promise<StaticDataStatus> => {
      if (!slice.state.cache) await cached.reload();
      return {
        cache: slice.state.cache ?? cacheSummary(await service.status()),
        options: {
          cardLocales: [...CARD_LOCALES],
          sets: [
            ...CARD_SETS.map(({ name, label }) => ({ name, label, byDefault: true })),
            { name: ADVENTURE_BUNDLE, label: ADVENTURE_LABEL, byDefault: false },
          ],
          defaultCardLocale: cached.preferred.cardLocale,
          defaultArenaLocale: cached.preferred.arenaLocale,
          region: runner.region(),
          regions: ARENA_REGIONS,
          userLocale: runner.userLocale(),
          autoSync: context.settings.effective.staticData.autoSync,
          cardVersion: context.settings.effective.staticData.cardVersion,
          cardVersions: knownCardVersions(),
        },
      };
    },
    'staticData.estimate': async (input) => {
      const scope = planSync(input, runner.syncDefaults());
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
      const scope = planSync(input, runner.syncDefaults());
      if (!scope.ok) throw new AppRequestError(scope.error);
      // A background sync gives way to the user's: it stops (nothing partial stays) and the user's starts.
      const running = runner.running();
      if (running && slice.state.sync?.reason === 'refresh') {
        running.controller.abort();
        await running.done;
      }
      const started = runner.startSync(scope.value, 'user');
      if (!started.ok) throw new AppRequestError(started.error);
      // The region chosen for a sync is the one the user plays on: the next sync starts from it.
      if (input.region && input.region !== context.settings.effective.staticData.region) {
        await context.settings.update({ staticData: { region: input.region } });
      }
      return { started: true };
    },
    'staticData.cancel': async () => {
      const running = runner.running();
      if (!running || !slice.state.sync) return { cancelled: false };
      running.controller.abort();
      slice.publish({ ...slice.state, sync: { ...slice.state.sync, cancelling: true } });
      return { cancelled: true };
    },
    'staticData.pack': async () => {
      const started = runner.startPack();
      if (!started.ok) throw new AppRequestError(started.error);
      return { started: true, version: started.value };
    },
    'staticData.cancelPack': async () => {
      const packing = runner.packing();
      if (!packing || !slice.state.pack) return { cancelled: false };
      packing.controller.abort();
      slice.publish({ ...slice.state, pack: { ...slice.state.pack, cancelling: true } });
      return { cancelled: true };
    },
    'staticData.clear': async ({ scope }) => {
      if (runner.running() || runner.packing())
        throw badInput('A data sync is running; cancel it before clearing the cache.');
      const cleared = await service.clear(scope);
      if (!cleared.ok) throw new AppRequestError(cleared.error);
      await cached.reload();
      slice.publish({ ...slice.state, lastSync: null, revision: slice.state.revision + 1 });
      logger.info('static data cache cleared', { scope });
      return slice.state.cache ?? cacheSummary(await service.status());
    },
    'staticData.cards.search': async (input) => {
      const index = await cached.cardIndexFor(input.locale);
      const found = searchCards(index, input);
      return {
        locale: index.locale,
        total: found.total,
        offset: input.offset,
        cards: found.cards.map((card) => cardSummary(index, card)),
        facets: cardFacets(index),
      };
    },
    'staticData.cards.card': async ({ cardCode, locale }) => {
      const index = await cached.cardIndexFor(locale);
      const card = index.card(cardCode) ?? index.card(cardCode.toUpperCase());
      if (!card) throw notFound(`Card ${cardCode} is not in the cached ${index.locale} data.`);
      return cardDetail(index, card);
    },
    'staticData.deck.decode': async ({ code, locale }) => {
      const wanted = locale ?? cached.preferred.cardLocale;
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
    'staticData.arena.catalog': async ({ locale }) => arenaCatalog(await cached.arenaDataFor(locale)),
    'staticData.arena.champion': async ({ id, locale }) => {
      const data = await cached.arenaDataFor(locale);
      const champion = data.championById(id) ?? data.championByKey(id);
      if (!champion) throw notFound(`No champion "${id}" in the ${data.version} data.`);
      const detail = await service.loadChampion(champion.id, data.locale);
      if (!detail.ok) throw new AppRequestError(detail.error);
      return championTooltip(detail.value, data.version, data.locale);
    },
    'staticData.arena.item': async ({ id, locale }) => {
      const data = await cached.arenaDataFor(locale);
      const item = data.item(id);
      if (!item) throw notFound(`No item ${id} in the ${data.version} data.`);
      return itemTooltip(item, data.version, data.locale);
    },
    'staticData.arena.itemSet': async ({ ids, locale }) =>
      itemSetStats(await cached.arenaDataFor(locale), ids),
    'staticData.arena.profileIcon': async ({ id, locale }) =>
      profileIconImage(await cached.arenaDataFor(locale), id),
  };
}

function badInput(message: string): AppRequestError {
  return new AppRequestError({ code: 'bad-input', message });
}

function notFound(message: string): AppRequestError {
  return new AppRequestError({ code: 'not-found', message });
}
