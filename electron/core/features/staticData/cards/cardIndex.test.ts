import { describe, expect, it } from 'vitest';
import { buildCardIndex, createCardIndex } from './cardIndex';
import { cardSchema, globalsSchema } from './cardSchemas';

const globals = globalsSchema.parse({
  keywords: [
    { name: 'Unfassbar', nameRef: 'Elusive' },
    { name: 'Furchteinflößend', nameRef: 'Fearsome' },
  ],
  regions: [
    { name: 'Ionien', nameRef: 'Ionia', abbreviation: 'IO', iconAbsolutePath: 'https://host/icon-ionia.png' },
  ],
});

const card = (fields: Record<string, unknown>) => cardSchema.parse({ cardCode: '01IO015', ...fields });

describe('buildCardIndex', () => {
  const now = new Date('2024-01-10T12:00:00Z');

  it('fills absent fields by the omission rule and keeps both region forms', () => {
    const index = buildCardIndex({
      locale: 'de_de',
      core: null,
      sets: [
        {
          bundle: 'set1',
          variant: 'lite',
          folder: 'latest',
          timestamp: '',
          cards: [card({ region: 'Ionien', regionRef: 'Ionia' })],
          imageFiles: new Set(),
        },
      ],
      now,
    });
    const [record] = index.cards;
    expect(record).toMatchObject({
      region: 'Ionien',
      regionRef: 'Ionia',
      regions: ['Ionien'],
      regionRefs: ['Ionia'],
      attack: 0,
      keywords: [],
      description: '',
      collectible: false,
      images: { card: null, full: null, alt: null, altFull: null },
    });
  });

  it('rebuilds a localized list that does not match its Refs, in Ref order', () => {
    const index = buildCardIndex({
      locale: 'de_de',
      core: { folder: 'latest', timestamp: '', globals, regionIconFiles: new Set(['icon-ionia.png']) },
      sets: [
        {
          bundle: 'set1',
          variant: 'lite',
          folder: 'latest',
          timestamp: '',
          cards: [
            card({
              keywords: ['Unfassbar'],
              keywordRefs: ['Fearsome', 'Elusive'],
              associatedCardRefs: ['01IO016', '01IO099'],
            }),
            card({ cardCode: '01IO016', name: 'Zweiter', keywords: ['A', 'B'], keywordRefs: ['X', 'Y'] }),
          ],
          imageFiles: new Set(['01IO015.png']),
        },
      ],
      now,
    });
    const lookup = createCardIndex(index, '/cache/cards/de_de');
    expect(lookup.card('01IO015')?.keywords).toEqual(['Furchteinflößend', 'Unfassbar']);
    // Unknown codes keep their Ref so the lists stay aligned.
    expect(lookup.card('01IO015')?.associatedCards).toEqual(['Zweiter', '01IO099']);
    // Lists of equal length are trusted as published.
    expect(lookup.card('01IO016')?.keywords).toEqual(['A', 'B']);
    expect(lookup.image('01IO015')).toEqual({
      kind: 'file',
      path: '/cache/cards/de_de/bundles/set1/de_de/img/cards/01IO015.png',
    });
    expect(lookup.regionIcon('Ionia')).toEqual({
      kind: 'file',
      path: '/cache/cards/de_de/bundles/core/de_de/img/regions/icon-ionia.png',
    });
  });

  it('keeps the first record of a code found in two bundles', () => {
    const set = (bundle: string, name: string) => ({
      bundle,
      variant: 'lite' as const,
      folder: 'latest',
      timestamp: '',
      cards: [card({ name })],
      imageFiles: new Set<string>(),
    });
    const index = buildCardIndex({
      locale: 'en_us',
      core: null,
      sets: [set('set1', 'first'), set('set2', 'second')],
      now,
    });
    expect(index.cards.map((c) => `${c.bundle}:${c.name}`)).toEqual(['set1:first']);
  });
});
