import { describe, expect, it } from 'vitest';
import {
  compareCards,
  describeCard,
  EMPTY_CARD_CATALOG,
  factionOfCardCode,
  type CardCatalog,
} from './cardCatalog';
import { regionsOfDeck, regionsOfDeckCode } from '../deckRegions';

describe('describeCard', () => {
  const catalog: CardCatalog = {
    lookup: (code) =>
      code === '01DE012'
        ? { name: 'Garen', cost: 5, region: 'Demacia', artUrl: '/a.png', champion: true }
        : code === '01DE042'
          ? { name: 'Judgment', cost: 8, region: 'Demacia', artUrl: null }
          : null,
  };

  it('takes what the card data knows', () => {
    expect(describeCard(catalog, '01DE012')).toEqual({
      code: '01DE012',
      name: 'Garen',
      cost: 5,
      region: 'Demacia',
      faction: 'DE',
      artUrl: '/a.png',
      champion: true,
    });
    // A catalog that does not say is read as "not a champion".
    expect(describeCard(catalog, '01DE042').champion).toBe(false);
  });

  it('falls back to the code, and its region letters, when the card is unknown or the data fails', () => {
    const fallback = {
      code: '02BW010',
      name: null,
      cost: null,
      region: null,
      faction: 'BW',
      artUrl: null,
      champion: false,
    };
    expect(describeCard(EMPTY_CARD_CATALOG, '02BW010')).toEqual(fallback);
    const throwing: CardCatalog = {
      lookup: () => {
        throw new Error('index half written');
      },
    };
    expect(describeCard(throwing, '02BW010')).toEqual(fallback);
  });

  it('reads region letters only from well-formed codes', () => {
    expect(factionOfCardCode('06RU002T3')).toBe('RU');
    expect(factionOfCardCode('face')).toBe('');
  });
});

describe('compareCards', () => {
  it('orders by cost, then name, unknown costs last', () => {
    const card = (code: string, cost: number | null, name: string | null) => ({
      code,
      name,
      cost,
      region: null,
      faction: '',
      artUrl: null,
      champion: false,
    });
    const sorted = [card('c', null, null), card('b', 2, 'Bravo'), card('a', 2, 'Alpha'), card('d', 1, 'Zulu')]
      .sort(compareCards)
      .map((entry) => entry.code);
    expect(sorted).toEqual(['d', 'a', 'b', 'c']);
  });
});

describe('deck regions', () => {
  it('lists regions by number of cards', () => {
    expect(
      regionsOfDeck([
        { code: '01IO009', count: 3 },
        { code: '01DE001', count: 2 },
        { code: '01IO010', count: 1 },
      ]),
    ).toEqual(['IO', 'DE']);
    expect(regionsOfDeckCode('CEBAMAIAAEBAYDYWDUDACAQJBQHR2KJRAEBACAAQFIAA')).toEqual(['DE', 'IO']);
    expect(regionsOfDeckCode('not a code')).toEqual([]);
    expect(regionsOfDeckCode(null)).toEqual([]);
  });
});
