import {
  CARD_LOCALES,
  CARD_VERSION_PATTERN,
  cardBundleLabel,
  type CardGameLocale,
} from '@shared/contract/staticData';

/**
 * The card game's bundles (spec §2.1, §4.1): one core bundle and one bundle per set, per locale; set bundles come
 * lite (no -full illustrations) or full. The core bundle and most sets are under `latest/` and also under a version
 * folder; some (set9) are only under their version folder.
 */

export { CARD_LOCALES };

export const DEFAULT_CARD_DATA_URL = 'https://dd.b.pvp.net';

export type CardLocale = CardGameLocale;

export const isCardLocale = (locale: string): locale is CardLocale =>
  (CARD_LOCALES as readonly string[]).includes(locale);

export interface CardSetInfo {
  /** The name in file names ("set8"). */
  name: string;
  /** What players call it ("Set 8b"): cardBundleLabel's. */
  label: string;
  /** The version folder that also holds it. */
  versionFolder: string;
  /** Not published under latest/. */
  versionedOnly: boolean;
}

export const CARD_SETS: readonly CardSetInfo[] = [
  { name: 'set1', versionFolder: '1_0_0', versionedOnly: false },
  { name: 'set2', versionFolder: '1_0_0', versionedOnly: false },
  { name: 'set3', versionFolder: '1_8_0', versionedOnly: false },
  { name: 'set4', versionFolder: '2_3_0', versionedOnly: false },
  { name: 'set5', versionFolder: '2_14_0', versionedOnly: false },
  // The spec names no version folder for set6; latest/ is its only known source.
  { name: 'set6', versionFolder: '', versionedOnly: false },
  { name: 'set6cde', versionFolder: '4_2_0', versionedOnly: false },
  { name: 'set7', versionFolder: '4_3_0', versionedOnly: false },
  { name: 'set7b', versionFolder: '4_6_0', versionedOnly: false },
  { name: 'set8', versionFolder: '4_9_0', versionedOnly: false },
  { name: 'set9', versionFolder: '5_4_0', versionedOnly: true },
].map((set) => ({ ...set, label: cardBundleLabel(set.name) }));

export const CARD_SET_NAMES: readonly string[] = CARD_SETS.map((set) => set.name);

/**
 * The single-player adventure bundle (spec §4.1, `latest/adventure-{locale}.zip`): card records in a set's format,
 * synced only when asked for, and with one variant (like core, there is no lite file).
 */
export const ADVENTURE_BUNDLE = 'adventure';
export const ADVENTURE_LABEL = cardBundleLabel(ADVENTURE_BUNDLE);

/** What a sync can be asked for beside core: the sets, then the adventure bundle. */
export const CARD_BUNDLE_CHOICES: readonly string[] = [...CARD_SET_NAMES, ADVENTURE_BUNDLE];

export const isCardVersion = (version: string): boolean => CARD_VERSION_PATTERN.test(version);

/** Version folders the spec names (newest first); the host publishes no listing, so other ones can be typed in. */
export function knownCardVersions(): string[] {
  const folders = new Set([
    CORE_VERSION_FOLDER,
    ...CARD_SETS.map((set) => set.versionFolder).filter(Boolean),
  ]);
  return [...folders].sort(compareCardVersions).reverse();
}

/** Orders "4_10_0" after "4_9_0". */
export function compareCardVersions(a: string, b: string): number {
  const parts = (version: string): number[] => version.split('_').map(Number);
  const [left, right] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const delta = (left[i] ?? 0) - (right[i] ?? 0);
    if (delta !== 0) return delta;
  }
  return 0;
}

/**
 * The core bundle is also published under a version folder (spec §4.1, "core example 1_0_0"). It has no lite
 * variant: both folders hold `core-{locale}.zip`.
 */
const CORE_VERSION_FOLDER = '1_0_0';

export type BundleVariant = 'lite' | 'full';

/** "core" or a set name. */
export type BundleName = 'core' | (string & {});

export interface BundleSource {
  /** "latest" or a version folder ("5_4_0"). */
  folder: string;
  path: string;
}

/** Bundles with one file per locale (no lite variant). */
export const singleVariantBundle = (name: BundleName): boolean =>
  name === 'core' || name === ADVENTURE_BUNDLE;

/**
 * Where a bundle can be fetched, in the order to try: latest first, then the version folder. With a pinned
 * version, that version's folder alone: data of another patch must not stand in for it.
 */
export function bundleSources(
  name: BundleName,
  locale: CardLocale,
  variant: BundleVariant,
  version: string | null = null,
): BundleSource[] {
  const folders =
    name === 'core'
      ? { versionFolder: CORE_VERSION_FOLDER, versionedOnly: false }
      : name === ADVENTURE_BUNDLE
        ? { versionFolder: '', versionedOnly: false }
        : CARD_SETS.find((candidate) => candidate.name === name);
  if (!folders) return [];
  const file =
    singleVariantBundle(name) || variant === 'full' ? `${name}-${locale}.zip` : `${name}-lite-${locale}.zip`;
  if (version !== null) return [{ folder: version, path: `${version}/${file}` }];
  const sources: BundleSource[] = [];
  if (!folders.versionedOnly) sources.push({ folder: 'latest', path: `latest/${file}` });
  if (folders.versionFolder) {
    sources.push({ folder: folders.versionFolder, path: `${folders.versionFolder}/${file}` });
  }
  return sources;
}

/** The data file inside an extracted bundle. */
export function bundleDataPath(name: BundleName, locale: CardLocale): string {
  return name === 'core' ? `${locale}/data/globals-${locale}.json` : `${locale}/data/${name}-${locale}.json`;
}

export const cardImageFolder = (locale: CardLocale): string => `${locale}/img/cards`;
export const regionIconFolder = (locale: CardLocale): string => `${locale}/img/regions`;

/** An arena locale ("es_MX") to the card game's ("es_mx"); languages the card game lacks fall back to en_us. */
export function cardLocaleFor(locale: string): CardLocale {
  const lower = locale.toLowerCase();
  if (isCardLocale(lower)) return lower;
  const language = lower.slice(0, 2);
  // Spanish outside Spain is the Latin American translation.
  if (language === 'es') return 'es_mx';
  const sameLanguage = CARD_LOCALES.find((candidate) => candidate.startsWith(`${language}_`));
  return sameLanguage ?? 'en_us';
}
