import { join } from 'node:path';
import type { ImageSource } from '../imageSource';
import type { BundleVariant, CardLocale } from './cardBundles';
import type { CardEntry, CardGlobalsFile } from './cardSchemas';

/**
 * The card index: every card of the cached bundles of one locale by cardCode, with the globals, written as one
 * file at sync time so a warm start parses one document.
 *
 * Paired fields (spec §2.1): element i of a localized list names element i of its Ref list. The index keeps that
 * true: when a record's lists differ in length, the localized list is rebuilt from the Refs (names from the
 * globals, or from the cards for associated cards), so `keywords[i]` always names `keywordRefs[i]`.
 */

export const CARD_INDEX_FORMAT = 1;

export type CardImageKind = 'card' | 'full' | 'alt' | 'altFull';

/** Image files present in the extracted bundles, relative to the locale's card cache folder. */
export type CardImages = Record<CardImageKind, string | null>;

export interface CardRecord extends CardEntry {
  /** The bundle the card came from ("set1"). */
  bundle: string;
  images: CardImages;
}

export interface GlobalEntry {
  name: string;
  nameRef: string;
  description: string;
}

export interface IconGlobalEntry extends GlobalEntry {
  iconAbsolutePath: string;
  /** The icon in the extracted core bundle, relative to the locale's card cache folder. */
  icon: string | null;
}

export interface RegionGlobalEntry extends IconGlobalEntry {
  abbreviation: string;
}

export interface CardGlobals {
  vocabTerms: GlobalEntry[];
  keywords: GlobalEntry[];
  regions: RegionGlobalEntry[];
  spellSpeeds: GlobalEntry[];
  rarities: GlobalEntry[];
  types: GlobalEntry[];
  sets: IconGlobalEntry[];
  formats: IconGlobalEntry[];
}

export interface IndexedBundle {
  name: string;
  variant: BundleVariant | 'core';
  /** "latest" or the version folder it came from. */
  folder: string;
  /** metadata.json's timestamp, when it has one. */
  timestamp: string;
  cards: number;
}

export interface CardIndexFile {
  format: typeof CARD_INDEX_FORMAT;
  locale: CardLocale;
  builtAt: string;
  bundles: IndexedBundle[];
  globals: CardGlobals;
  cards: CardRecord[];
}

export interface SetSource {
  bundle: string;
  variant: BundleVariant;
  folder: string;
  timestamp: string;
  cards: CardEntry[];
  /** File names in the bundle's `{locale}/img/cards` folder. */
  imageFiles: ReadonlySet<string>;
}

export interface CoreSource {
  folder: string;
  timestamp: string;
  globals: CardGlobalsFile;
  /** File names in the core bundle's `{locale}/img/regions` folder. */
  regionIconFiles: ReadonlySet<string>;
}

export interface CardIndexSources {
  locale: CardLocale;
  core: CoreSource | null;
  sets: SetSource[];
  now: Date;
}

/** Where bundles are extracted, relative to the locale's card cache folder. */
export const bundleFolder = (name: string): string => `bundles/${name}`;

const lastSegment = (url: string): string => url.slice(url.lastIndexOf('/') + 1);

export function buildCardIndex(sources: CardIndexSources): CardIndexFile {
  const { locale } = sources;
  const globals = buildGlobals(locale, sources.core);
  const nameOf = (entries: GlobalEntry[]) => {
    const names = new Map(entries.map((entry) => [entry.nameRef, entry.name]));
    return (ref: string) => names.get(ref);
  };
  const keywordName = nameOf(globals.keywords);
  const regionName = nameOf(globals.regions);
  const formatName = nameOf(globals.formats);

  const cards: CardRecord[] = [];
  const seen = new Set<string>();
  for (const set of sources.sets) {
    const imageFolder = `${bundleFolder(set.bundle)}/${locale}/img/cards`;
    const image = (file: string): string | null =>
      set.imageFiles.has(file) ? `${imageFolder}/${file}` : null;
    for (const entry of set.cards) {
      // A code in two bundles keeps its first record, so the order of sets decides, not the file system.
      if (seen.has(entry.cardCode)) continue;
      seen.add(entry.cardCode);
      const regionRefs =
        entry.regionRefs.length > 0 ? entry.regionRefs : entry.regionRef ? [entry.regionRef] : [];
      const regionNames = entry.regions.length > 0 ? entry.regions : entry.region ? [entry.region] : [];
      const regions = aligned(regionNames, regionRefs, regionName);
      const subtypes = entry.subtypes.length > 0 ? entry.subtypes : entry.subtype ? [entry.subtype] : [];
      const code = entry.cardCode;
      cards.push({
        ...entry,
        region: entry.region || (regions[0] ?? ''),
        regionRef: entry.regionRef || (regionRefs[0] ?? ''),
        regions,
        regionRefs,
        subtype: entry.subtype || (subtypes[0] ?? ''),
        subtypes,
        keywords: aligned(entry.keywords, entry.keywordRefs, keywordName),
        formats: aligned(entry.formats, entry.formatRefs, formatName),
        bundle: set.bundle,
        images: {
          card: image(`${code}.png`),
          full: image(`${code}-full.png`),
          alt: image(`${code}-alt.png`),
          altFull: image(`${code}-alt-full.png`),
        },
      });
    }
  }
  const cardName = new Map(cards.map((card) => [card.cardCode, card.name]));
  for (const card of cards) {
    card.associatedCards = aligned(card.associatedCards, card.associatedCardRefs, (ref) => cardName.get(ref));
  }

  const bundles: IndexedBundle[] = [
    ...(sources.core
      ? [
          {
            name: 'core',
            variant: 'core' as const,
            folder: sources.core.folder,
            timestamp: sources.core.timestamp,
            cards: 0,
          },
        ]
      : []),
    ...sources.sets.map((set) => ({
      name: set.bundle,
      variant: set.variant,
      folder: set.folder,
      timestamp: set.timestamp,
      cards: set.cards.length,
    })),
  ];
  return { format: CARD_INDEX_FORMAT, locale, builtAt: sources.now.toISOString(), bundles, globals, cards };
}

function aligned(names: string[], refs: string[], nameOf: (ref: string) => string | undefined): string[] {
  if (names.length === refs.length) return names;
  return refs.map((ref) => nameOf(ref) ?? ref);
}

function buildGlobals(locale: CardLocale, core: CoreSource | null): CardGlobals {
  if (!core) {
    return {
      vocabTerms: [],
      keywords: [],
      regions: [],
      spellSpeeds: [],
      rarities: [],
      types: [],
      sets: [],
      formats: [],
    };
  }
  const iconFolder = `${bundleFolder('core')}/${locale}/img/regions`;
  const withIcon = <T extends { iconAbsolutePath: string }>(entry: T): T & { icon: string | null } => {
    const file = lastSegment(entry.iconAbsolutePath);
    return { ...entry, icon: file && core.regionIconFiles.has(file) ? `${iconFolder}/${file}` : null };
  };
  const { globals } = core;
  return {
    vocabTerms: globals.vocabTerms,
    keywords: globals.keywords,
    regions: globals.regions.map(withIcon),
    spellSpeeds: globals.spellSpeeds,
    rarities: globals.rarities,
    types: globals.types,
    // Set and format icons are not in the core bundle's files; they resolve to their URL.
    sets: globals.sets.map((entry) => ({ ...entry, icon: null })),
    formats: globals.formats.map((entry) => ({ ...entry, icon: null })),
  };
}

/** The index with lookups and image resolution against the folder it was built in. */
export interface CardIndex {
  locale: CardLocale;
  builtAt: string;
  bundles: readonly IndexedBundle[];
  globals: CardGlobals;
  cards: readonly CardRecord[];
  card(cardCode: string): CardRecord | undefined;
  /** The cached image, else the record's asset URL (card and full only); null when there is neither. */
  image(cardCode: string, kind?: CardImageKind): ImageSource | null;
  regionIcon(nameRef: string): ImageSource | null;
}

export function createCardIndex(file: CardIndexFile, localeFolder: string): CardIndex {
  const byCode = new Map(file.cards.map((card) => [card.cardCode, card]));
  const regions = new Map(file.globals.regions.map((region) => [region.nameRef, region]));
  const local = (relative: string): ImageSource => ({ kind: 'file', path: join(localeFolder, relative) });
  return {
    locale: file.locale,
    builtAt: file.builtAt,
    bundles: file.bundles,
    globals: file.globals,
    cards: file.cards,
    card: (cardCode) => byCode.get(cardCode),
    image(cardCode, kind = 'card') {
      const card = byCode.get(cardCode);
      if (!card) return null;
      const cached = card.images[kind];
      if (cached) return local(cached);
      const asset = card.assets[0];
      const url =
        kind === 'card' ? asset?.gameAbsolutePath : kind === 'full' ? asset?.fullAbsolutePath : undefined;
      return url ? { kind: 'url', url } : null;
    },
    regionIcon(nameRef) {
      const region = regions.get(nameRef);
      if (!region) return null;
      if (region.icon) return local(region.icon);
      return region.iconAbsolutePath ? { kind: 'url', url: region.iconAbsolutePath } : null;
    },
  };
}
