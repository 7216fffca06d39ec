import { z } from 'zod';
import { bool, int, list, str } from '../../../platform/parsing/omission';

/**
 * Card game bundle JSON (spec §2.1, reference §4.1). Unknown fields are tolerated and dropped; absent values follow
 * the omission rule. Early sets use a single `region`/`regionRef` and `subtype`; later ones `regions`/`regionRefs`
 * and `subtypes`: both are read.
 */

export const bundleMetadataSchema = z.looseObject({
  locales: list(z.string()),
  /** Not seen in published bundles, but the spec says metadata holds the locale and version. */
  locale: z.string().optional(),
  version: z.string().optional(),
  clientHash: str(),
  gameplayDataHash: str(),
  timestamp: str(),
  patchlineRef: str(),
});
export type BundleMetadata = z.output<typeof bundleMetadataSchema>;

/** The locales a bundle's metadata names, lower-cased. */
export function metadataLocales(metadata: BundleMetadata): string[] {
  return [...metadata.locales, ...(metadata.locale ? [metadata.locale] : [])].map((l) => l.toLowerCase());
}

export const cardAssetSchema = z.object({ gameAbsolutePath: str(), fullAbsolutePath: str() });

export const cardSchema = z.object({
  cardCode: z.string().min(1),
  name: str(),
  set: str(),
  associatedCards: list(z.string()),
  associatedCardRefs: list(z.string()),
  assets: list(cardAssetSchema),
  region: str(),
  regionRef: str(),
  regions: list(z.string()),
  regionRefs: list(z.string()),
  attack: int(),
  cost: int(),
  health: int(),
  description: str(),
  descriptionRaw: str(),
  levelupDescription: str(),
  levelupDescriptionRaw: str(),
  flavorText: str(),
  artistName: str(),
  keywords: list(z.string()),
  keywordRefs: list(z.string()),
  spellSpeed: str(),
  spellSpeedRef: str(),
  rarity: str(),
  rarityRef: str(),
  subtype: str(),
  subtypes: list(z.string()),
  supertype: str(),
  type: str(),
  collectible: bool(),
  formats: list(z.string()),
  formatRefs: list(z.string()),
});
export type CardEntry = z.output<typeof cardSchema>;

export const setFileSchema = z.array(cardSchema);

const globalEntry = z.object({ name: str(), nameRef: str(), description: str() });
const iconEntry = globalEntry.extend({ iconAbsolutePath: str() });

export const globalsSchema = z.object({
  vocabTerms: list(globalEntry),
  keywords: list(globalEntry),
  regions: list(iconEntry.extend({ abbreviation: str() })),
  spellSpeeds: list(globalEntry),
  rarities: list(globalEntry),
  types: list(globalEntry),
  sets: list(iconEntry),
  formats: list(iconEntry),
});
export type CardGlobalsFile = z.output<typeof globalsSchema>;
