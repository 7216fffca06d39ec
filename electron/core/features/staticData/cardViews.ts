import type { CardDetail, CardRecordFields, CardRegion, CardSummary } from '@shared/contract/staticData';
import type { CardImageKind, CardIndex, CardRecord, RegionGlobalEntry } from './cards/cardIndex';
import { staticAssetUrl } from './staticAssets';
import { parseGameMarkup } from './text/gameMarkup';

/** Cards of the index as the views get them: names and regions resolved, images as our own URLs. */

interface IndexLookups {
  regions: Map<string, RegionGlobalEntry>;
  keywordDescriptions: Map<string, string>;
}

// Built once per loaded index; a new sync loads a new index object.
const lookupsByIndex = new WeakMap<CardIndex, IndexLookups>();

function lookups(index: CardIndex): IndexLookups {
  let found = lookupsByIndex.get(index);
  if (!found) {
    found = {
      regions: new Map(index.globals.regions.map((region) => [region.nameRef, region])),
      keywordDescriptions: new Map(
        index.globals.keywords.map((keyword) => [keyword.nameRef, keyword.description]),
      ),
    };
    lookupsByIndex.set(index, found);
  }
  return found;
}

export function cardImageUrl(
  index: CardIndex,
  cardCode: string,
  kind: CardImageKind = 'card',
): string | null {
  return index.image(cardCode, kind) ? staticAssetUrl.card(index.locale, cardCode, kind) : null;
}

/** A region by its Ref; `name` is the card's localized name for it when the card carries one. */
export function cardRegion(index: CardIndex, nameRef: string, name?: string): CardRegion {
  const global = lookups(index).regions.get(nameRef);
  return {
    nameRef,
    name: name || global?.name || nameRef,
    abbreviation: global?.abbreviation ?? '',
    iconUrl: index.regionIcon(nameRef) ? staticAssetUrl.region(index.locale, nameRef) : null,
  };
}

export function cardSummary(index: CardIndex, card: CardRecord): CardSummary {
  return {
    cardCode: card.cardCode,
    name: card.name,
    cost: card.cost,
    attack: card.attack,
    health: card.health,
    type: card.type,
    supertype: card.supertype,
    rarity: card.rarity,
    rarityRef: card.rarityRef,
    spellSpeed: card.spellSpeed,
    set: card.set,
    collectible: card.collectible,
    regions: card.regionRefs.map((ref, i) => cardRegion(index, ref, card.regions[i])),
    keywords: card.keywords,
    imageUrl: cardImageUrl(index, card.cardCode),
  };
}

export function cardDetail(index: CardIndex, card: CardRecord): CardDetail {
  const keywordDescriptions = lookups(index).keywordDescriptions;
  return {
    locale: index.locale,
    card: cardSummary(index, card),
    record: recordFields(card),
    bundle: card.bundle,
    text: {
      description: parseGameMarkup(card.description),
      levelupDescription: parseGameMarkup(card.levelupDescription),
    },
    keywords: card.keywordRefs.map((nameRef, i) => ({
      nameRef,
      name: card.keywords[i] ?? nameRef,
      description: keywordDescriptions.get(nameRef) ?? '',
    })),
    associated: card.associatedCardRefs.map((cardCode, i) => ({
      cardCode,
      name: card.associatedCards[i] || index.card(cardCode)?.name || cardCode,
      imageUrl: cardImageUrl(index, cardCode),
    })),
    images: {
      card: cardImageUrl(index, card.cardCode, 'card'),
      full: cardImageUrl(index, card.cardCode, 'full'),
      alt: cardImageUrl(index, card.cardCode, 'alt'),
      altFull: cardImageUrl(index, card.cardCode, 'altFull'),
    },
  };
}

/** Every field of the spec's record, and nothing of ours (cache paths stay in the core). */
function recordFields(card: CardRecord): CardRecordFields {
  return {
    cardCode: card.cardCode,
    name: card.name,
    set: card.set,
    associatedCards: card.associatedCards,
    associatedCardRefs: card.associatedCardRefs,
    assets: card.assets,
    region: card.region,
    regionRef: card.regionRef,
    regions: card.regions,
    regionRefs: card.regionRefs,
    attack: card.attack,
    cost: card.cost,
    health: card.health,
    description: card.description,
    descriptionRaw: card.descriptionRaw,
    levelupDescription: card.levelupDescription,
    levelupDescriptionRaw: card.levelupDescriptionRaw,
    flavorText: card.flavorText,
    artistName: card.artistName,
    keywords: card.keywords,
    keywordRefs: card.keywordRefs,
    spellSpeed: card.spellSpeed,
    spellSpeedRef: card.spellSpeedRef,
    rarity: card.rarity,
    rarityRef: card.rarityRef,
    subtype: card.subtype,
    subtypes: card.subtypes,
    supertype: card.supertype,
    type: card.type,
    collectible: card.collectible,
    formats: card.formats,
    formatRefs: card.formatRefs,
  };
}
