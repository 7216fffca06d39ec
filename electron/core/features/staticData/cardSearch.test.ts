import { describe, expect, it } from 'vitest';
import { buildCardIndex, createCardIndex } from './cards/cardIndex';
import type { CardIndex } from './cards/cardIndex';
import { cardSchema } from './cards/cardSchemas';
import { cardFacets, foldText, searchCards } from './cardSearch';
import type { CardQuery } from './cardSearch';

function indexOf(cards: Record<string, unknown>[]): CardIndex {
  const file = buildCardIndex({
    locale: 'de_de',
    core: null,
    sets: [
      {
        bundle: 'set1',
        variant: 'lite',
        folder: 'latest',
        timestamp: '',
        cards: cards.map((card) => cardSchema.parse(card)),
        imageFiles: new Set(),
      },
    ],
    now: new Date(0),
  });
  return createCardIndex(file, '/nowhere');
}

const card = (cardCode: string, fields: Record<string, unknown>) => ({
  cardCode,
  collectible: true,
  type: 'Einheit',
  regionRefs: ['Demacia'],
  regions: ['Demacia'],
  ...fields,
});

const index = indexOf([
  card('01DE001', { name: 'Überwältiger', cost: 2 }),
  card('01DE002', { name: 'Wächter', cost: 9, descriptionRaw: 'Überwältigen.' }),
  card('01IO001', { name: 'Zauber', cost: 7, type: 'Zauber', regionRefs: ['Ionia'], regions: ['Ionia'] }),
  card('01IO002', { name: 'Token', cost: 1, collectible: false, regionRefs: ['Ionia'], regions: ['Ionia'] }),
]);
const all: CardQuery = {
  query: '',
  regions: [],
  costs: [],
  types: [],
  collectibleOnly: true,
  limit: 50,
  offset: 0,
};
const codes = (query: Partial<CardQuery>) =>
  searchCards(index, { ...all, ...query }).cards.map((c) => c.cardCode);

describe('searchCards', () => {
  it('ignores case and accents, and puts name matches before text matches', () => {
    expect(foldText('Überwältigen')).toBe('uberwaltigen');
    expect(codes({ query: 'UBERWALT' })).toEqual(['01DE001', '01DE002']);
    expect(codes({ query: 'wachter' })).toEqual(['01DE002']);
    expect(codes({ query: 'zz' })).toEqual([]);
  });

  it('filters by region, type and cost, the top cost counting everything above it', () => {
    expect(codes({ regions: ['Ionia'] })).toEqual(['01IO001']);
    expect(codes({ regions: ['Ionia'], collectibleOnly: false })).toEqual(['01IO002', '01IO001']);
    expect(codes({ costs: [7] })).toEqual(['01IO001', '01DE002']);
    expect(codes({ types: ['Zauber'] })).toEqual(['01IO001']);
  });

  it('pages through the results in cost order', () => {
    const page = searchCards(index, { ...all, limit: 2, offset: 1 });
    expect(page.total).toBe(3);
    expect(page.cards.map((c) => c.cardCode)).toEqual(['01IO001', '01DE002']);
  });

  it('offers the regions and types of collectible cards', () => {
    const facets = cardFacets(index);
    expect(facets.regions.map((region) => region.nameRef)).toEqual(['Demacia', 'Ionia']);
    expect(facets.types).toEqual(['Einheit', 'Zauber']);
  });
});
