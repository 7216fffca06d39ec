import { describe, expect, it } from 'vitest';
import type { CardInfo, StaticDataCacheSummary } from '@shared/contract';
import { cardDataNotice, countsByCode, NO_CARD_DATA_NOTICE, raisedCounts } from './cardRows';

const known = (code: string, name: string): CardInfo => ({
  code,
  name,
  cost: 3,
  region: 'Demacia',
  faction: code.slice(2, 4),
  artUrl: null,
  champion: false,
});
const codeOnly = (code: string): CardInfo => ({
  code,
  name: null,
  cost: null,
  region: null,
  faction: code.slice(2, 4),
  artUrl: null,
  champion: false,
});

function cacheWith(cards: number): StaticDataCacheSummary {
  return {
    cacheDir: '/cache',
    totalBytes: 0,
    arena: [],
    cards:
      cards > 0 ? [{ locale: 'en_us', bundles: [], bytes: 1, cards, indexedAt: '2024-01-01T00:00:00Z' }] : [],
    packs: [],
    partialPackBytes: 0,
  };
}

describe('cardDataNotice', () => {
  it('says nothing while every card has its name', () => {
    expect(cardDataNotice([known('01DE012', 'Garen')], cacheWith(0))).toBeNull();
    expect(cardDataNotice([], null)).toBeNull();
  });

  it('points to the Data page once when no card data is downloaded, however many cards are codes', () => {
    const codes = [codeOnly('01DE012'), codeOnly('01IO009'), codeOnly('01DE012')];
    expect(cardDataNotice(codes, cacheWith(0))).toBe('Card data not downloaded, open Sightline → Data');
    // The cache not read yet reads the same.
    expect(cardDataNotice(codes, null)).toBe(NO_CARD_DATA_NOTICE);
  });

  it('counts the cards a downloaded set lacks, each card once', () => {
    const rows = [known('01DE012', 'Garen'), codeOnly('05BC001'), codeOnly('05BC001')];
    expect(cardDataNotice(rows, cacheWith(11))).toBe(
      '1 card is not in the downloaded card data, open Sightline → Data',
    );
    expect(cardDataNotice([...rows, codeOnly('06RU002')], cacheWith(11))).toBe(
      '2 cards are not in the downloaded card data, open Sightline → Data',
    );
  });
});

describe('raisedCounts', () => {
  const row = (code: string, count: number) => ({ card: codeOnly(code), count });

  it('marks nothing on the first look', () => {
    expect(raisedCounts(null, [row('01NX004', 1)])).toEqual(new Set());
  });

  it('marks a card seen for the first time and a card seen again, not the others', () => {
    const before = countsByCode([row('01NX004', 1), row('01NX020', 1)]);
    const after = [row('01NX004', 2), row('01NX020', 1), row('01PZ008', 1)];
    expect(raisedCounts(before, after)).toEqual(new Set(['01NX004', '01PZ008']));
    expect(raisedCounts(countsByCode(after), after)).toEqual(new Set());
  });
});
