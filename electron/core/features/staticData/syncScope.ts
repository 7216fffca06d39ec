import type { Result } from '@shared/contract/errors';
import type { StaticDataCacheSummary, StaticDataSyncScope } from '@shared/contract/staticData';
import { isArenaLocale, isRegion } from './arena/arenaPaths';
import {
  CARD_BUNDLE_CHOICES,
  CARD_SET_NAMES,
  cardLocaleFor,
  isCardLocale,
  isCardVersion,
} from './cards/cardBundles';
import type { BundleVariant, CardLocale } from './cards/cardBundles';
import type { SyncRequest } from './cache/dataCache';

/**
 * What one sync fetches. Asked for by the user (Data page, `sightline data sync`): one locale for both games
 * ("en_us" or "en_US"), the card sets (default: all), lite or full bundles, the arena region. At start: the same
 * again for whatever is cached, so a new patch or card release is picked up.
 */

export interface SyncScopeInput {
  locale?: string;
  sets?: readonly string[];
  variant?: BundleVariant;
  region?: string;
  /** A card-data version folder ("4_3_0"), or "latest"; absent: the pinned one (SyncDefaults). */
  cardVersion?: string;
}

export interface SyncDefaults {
  arenaLocale: string;
  cardLocale: CardLocale;
  region: string;
  /** The pinned card-data version (the `staticData.cardVersion` setting); null or absent: latest. */
  cardVersion?: string | null;
}

/** "en_us" → "en_US"; an arena locale stays as it is. */
export function arenaLocaleFor(locale: string): string {
  const [language = '', country = ''] = locale.split('_');
  return `${language.toLowerCase()}_${country.toUpperCase()}`;
}

export function planSync(input: SyncScopeInput, defaults: SyncDefaults): Result<StaticDataSyncScope> {
  const bad = (message: string): Result<never> => ({ ok: false, error: { code: 'bad-input', message } });
  const locale = input.locale?.trim();
  // A language the card game lacks gets its closest translation (English at worst), as the service does.
  const arenaLocale = locale ? arenaLocaleFor(locale) : defaults.arenaLocale;
  const cardLocale = locale ? cardLocaleFor(locale) : defaults.cardLocale;
  if (!isArenaLocale(arenaLocale)) return bad(`"${locale}" is not a locale (like en_us).`);
  const region = input.region ?? defaults.region;
  if (!isRegion(region)) return bad(`"${region}" is not a region (like na or euw).`);
  // The adventure bundle only when named: the default is every set.
  const sets = [...new Set((input.sets ?? CARD_SET_NAMES).filter((name) => name !== 'core'))];
  const unknown = sets.find((name) => !CARD_BUNDLE_CHOICES.includes(name));
  if (unknown !== undefined)
    return bad(`"${unknown}" is not a set; the sets are ${CARD_BUNDLE_CHOICES.join(', ')}.`);
  const askedVersion = input.cardVersion?.trim();
  const version = askedVersion === undefined ? (defaults.cardVersion ?? null) : askedVersion;
  if (version !== null && version !== 'latest' && !isCardVersion(version)) {
    return bad(`"${version}" is not a card-data version (like 4_3_0, or latest).`);
  }
  const pinned = version === null || version === 'latest' ? {} : { version };
  return {
    ok: true,
    value: {
      arena: { locale: arenaLocale, region },
      cards: { locales: [cardLocale], sets, variant: input.variant ?? 'lite', ...pinned },
    },
  };
}

/** The service request for a scope: arena data with icons and every champion's details, so tooltips work offline. */
export function syncRequestFor(scope: StaticDataSyncScope, signal?: AbortSignal): SyncRequest {
  const { arena, cards } = scope;
  return {
    arena: arena
      ? { locale: arena.locale, region: arena.region, images: 'icons', championDetails: true }
      : false,
    cards: cards
      ? {
          locales: cards.locales.filter(isCardLocale),
          sets: cards.sets,
          variant: cards.variant,
          version: cards.version ?? null,
        }
      : false,
    signal,
  };
}

/** The start-up refresh over what is cached; null when nothing is: a first download is the user's choice. */
export function refreshScope(summary: StaticDataCacheSummary): StaticDataSyncScope | null {
  const arena = summary.arena[0];
  const cardLocales = summary.cards.filter((entry) => entry.bundles.length > 0);
  if (!arena && cardLocales.length === 0) return null;
  const sets = [
    ...new Set(
      cardLocales
        .flatMap((entry) => entry.bundles)
        .filter((bundle) => bundle.variant !== 'core')
        .map((bundle) => bundle.name),
    ),
  ];
  return {
    arena: arena ? { locale: arena.locale, region: arena.region } : null,
    cards:
      cardLocales.length > 0
        ? {
            locales: cardLocales.map((entry) => entry.locale),
            sets,
            // Lite asks for nothing new: a cached full bundle serves a lite request and is checked as full.
            variant: 'lite',
          }
        : null,
  };
}

/**
 * One background sync for both: the wanted arena entry (a sync has one arena locale; another cached one stays as it
 * is), and the card locales and sets of either.
 */
export function mergeScopes(
  wanted: StaticDataSyncScope,
  cached: StaticDataSyncScope | null,
): StaticDataSyncScope {
  if (!cached) return wanted;
  const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])];
  const cards =
    wanted.cards && cached.cards
      ? {
          locales: union(wanted.cards.locales, cached.cards.locales),
          sets: union(wanted.cards.sets, cached.cards.sets),
          variant: wanted.cards.variant,
          ...(wanted.cards.version ? { version: wanted.cards.version } : {}),
        }
      : (wanted.cards ?? cached.cards);
  return { arena: wanted.arena ?? cached.arena, cards };
}

/** Whether a sync of `done` asked for everything `wanted` asks for (a full bundle serves a lite request). */
export function scopeCovers(done: StaticDataSyncScope, wanted: StaticDataSyncScope): boolean {
  const arena =
    !wanted.arena ||
    (done.arena?.locale === wanted.arena.locale && done.arena.region === wanted.arena.region);
  const doneCards = done.cards;
  const cards =
    !wanted.cards ||
    (doneCards !== null &&
      wanted.cards.locales.every((locale) => doneCards.locales.includes(locale)) &&
      wanted.cards.sets.every((set) => doneCards.sets.includes(set)) &&
      (wanted.cards.version ?? null) === (doneCards.version ?? null) &&
      (wanted.cards.variant === 'lite' || doneCards.variant === 'full'));
  return arena && cards;
}
