import { AppRequestError } from '@shared/contract/errors';
import type { ArenaData } from './arena/arenaData';
import type { GameConstantLabels } from './arena/gameConstants';
import type { DataCache } from './cache/dataCache';
import { cardLocaleFor, isCardLocale, type CardLocale } from './cards/cardBundles';
import type { CardIndex } from './cards/cardIndex';
import { cardImageUrl } from './cardViews';
import type { StaticDataSlice } from './staticDataSlice';
import { cacheSummary } from './cacheViews';

export const DEFAULT_ARENA_LOCALE = 'en_US';

/** What the deck tracker and the match history read card names and art from. */
export interface StaticCardCatalog {
  lookup(
    cardCode: string,
  ): { name: string; cost: number; region: string; artUrl: string | null; champion: boolean } | null;
  subscribe(listener: () => void): () => void;
}

export interface PreferredLocales {
  arenaLocale: string;
  cardLocale: CardLocale;
}

/** What is cached, as the views read it: the summary in the slice, the preferred locales, the card catalog. */
export interface CacheReader {
  /** What views get when they name no locale: the last sync's, else what is cached, else English. */
  preferred: PreferredLocales;
  /** Re-reads what is cached after a change: the summary, the preferred locales, the catalog's index. */
  reload(): Promise<void>;
  cardCatalog: StaticCardCatalog;
  /** Queue, map and mode names from the cached game constants; null until a sync has cached them. */
  labels(): GameConstantLabels | null;
  /** The cached cards of the locale (the preferred one by default), or the request's error. */
  cardIndexFor(locale: string | undefined): Promise<CardIndex>;
  /** The cached arena data of the locale (the preferred one by default), or the request's error. */
  arenaDataFor(locale: string | undefined): Promise<ArenaData>;
}

export function createCacheReader(deps: { service: DataCache; slice: StaticDataSlice }): CacheReader {
  const { service, slice } = deps;
  let preferred: PreferredLocales = {
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
    slice.publish({ ...slice.state, cache: summary });
  };

  const cardIndexFor = async (locale: string | undefined): Promise<CardIndex> => {
    const wanted = locale ?? preferred.cardLocale;
    if (!isCardLocale(wanted))
      throw new AppRequestError({ code: 'bad-input', message: `"${wanted}" is not a card game locale.` });
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
    get preferred() {
      return preferred;
    },
    set preferred(next) {
      preferred = next;
    },
    reload: reloadCache,
    cardCatalog,
    labels: () => labels,
    cardIndexFor,
    arenaDataFor,
  };
}
