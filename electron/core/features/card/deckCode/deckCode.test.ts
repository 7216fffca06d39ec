import { describe, expect, it } from 'vitest';
import { decodeBase32, encodeBase32 } from './base32';
import { decodeDeckCode, encodeDeckCode, MAX_DECK_CODE_VERSION } from './deckCode';
import type { DeckCard, DeckCodeResult } from './deckCode';

const sorted = (deck: DeckCard[]) => [...deck].sort((a, b) => a.cardCode.localeCompare(b.cardCode));

function codeOf(deck: DeckCard[]): string {
  const result = encodeDeckCode(deck);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function headerByte(code: string): number {
  const bytes = decodeBase32(code);
  if (!bytes.ok) throw new Error('not base32');
  return bytes.bytes[0] ?? -1;
}

function expectRoundTrip(deck: DeckCard[]): void {
  const decoded = decodeDeckCode(codeOf(deck));
  expect(decoded.ok && sorted(decoded.value)).toEqual(sorted(deck));
}

const cards = (count: number, codes: string[]) => codes.map((cardCode) => ({ cardCode, count }));
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `01DE${String(from + index).padStart(3, '0')}`);

function errorKind<T>(result: DeckCodeResult<T>): string {
  return result.ok ? 'ok' : result.error.kind;
}

// Mirrors LoRDeckCodes_Tests/LorDeckCodesUnitTest.cs.
describe('official unit test cases', () => {
  it('SmallDeck', () => expectRoundTrip([{ cardCode: '01DE002', count: 1 }]));

  it('LargeDeck', () => expectRoundTrip(cards(3, range(2, 21))));

  it('DeckWithCountsMoreThan3Small', () => expectRoundTrip([{ cardCode: '01DE002', count: 4 }]));

  it('DeckWithCountsMoreThan3Large', () => {
    expectRoundTrip([
      ...cards(3, range(2, 5)),
      ...range(6, 11).map((cardCode, index) => ({ cardCode, count: 4 + index })),
      ...cards(3, range(12, 21)),
    ]);
  });

  it('SingleCard40Times', () => expectRoundTrip([{ cardCode: '01DE002', count: 40 }]));

  it('WorstCaseLength', () => {
    expectRoundTrip([
      ...cards(4, range(2, 6)),
      ...range(7, 11).map((cardCode, index) => ({ cardCode, count: 5 + index })),
      ...cards(4, range(12, 21)),
    ]);
  });

  it('OrderShouldNotMatter1', () => {
    const deck1 = [
      { cardCode: '01DE002', count: 1 },
      { cardCode: '01DE003', count: 2 },
      { cardCode: '02DE003', count: 3 },
    ];
    expect(codeOf(deck1)).toBe(codeOf([deck1[1], deck1[2], deck1[0]].filter((card) => card !== undefined)));
    const deck3 = [
      { cardCode: '01DE002', count: 4 },
      { cardCode: '01DE003', count: 2 },
      { cardCode: '02DE003', count: 3 },
    ];
    expect(codeOf(deck3)).toBe(codeOf([...deck3].reverse()));
  });

  it('OrderShouldNotMatter2: several N-of cards are sorted by card code', () => {
    const deck = [
      { cardCode: '01DE002', count: 4 },
      { cardCode: '01DE003', count: 2 },
      { cardCode: '02DE003', count: 3 },
      { cardCode: '01DE004', count: 5 },
    ];
    expect(codeOf(deck)).toBe(
      codeOf([deck[3], deck[1], deck[2], deck[0]].filter((card) => card !== undefined)),
    );
  });

  it('BilgewaterSet', () => {
    expectRoundTrip([
      { cardCode: '01DE002', count: 4 },
      { cardCode: '02BW003', count: 2 },
      { cardCode: '02BW010', count: 3 },
      { cardCode: '01DE004', count: 5 },
    ]);
  });

  it('ShurimaSet', () => {
    expectRoundTrip([
      { cardCode: '01DE002', count: 4 },
      { cardCode: '02BW003', count: 2 },
      { cardCode: '02BW010', count: 3 },
      { cardCode: '04SH047', count: 5 },
    ]);
  });

  it('MtTargonSet', () => {
    expectRoundTrip([
      { cardCode: '01DE002', count: 4 },
      { cardCode: '03MT003', count: 2 },
      { cardCode: '03MT010', count: 3 },
      { cardCode: '02BW004', count: 5 },
    ]);
  });

  it('Bandle City and Runeterra sets', () => {
    expectRoundTrip([
      { cardCode: '05BC001', count: 3 },
      { cardCode: '06RU002', count: 1 },
      { cardCode: '06RU001', count: 2 },
      { cardCode: '05BC041', count: 4 },
    ]);
  });

  it('BadVersion: the byte 88 (format 5, version 8) is refused: no deck code has format 5', () => {
    const text = encodeBase32(Uint8Array.from([88]));
    const result = decodeDeckCode(text);
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'unknown-format',
        message: `This is not a deck code: "${text}" does not read as a deck (a code copied from the game starts with C).`,
      },
    });
  });

  it('a format 1 code of a version after the last known one is refused as too new', () => {
    const result = decodeDeckCode(encodeBase32(Uint8Array.from([0x18])));
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'unsupported-version',
        message: `This deck code uses version 8; Sightline supports up to ${MAX_DECK_CODE_VERSION}.`,
      },
    });
  });

  it('says that text which only looks like base32 is not a deck code, not that it is too new', () => {
    const result = decodeDeckCode('NOTACODE');
    expect(result.ok ? '' : result.error.message).toMatch(/^This is not a deck code/);
    expect(result.ok ? '' : result.error.message).not.toMatch(/version/);
  });

  it('ArgumentExceptionOnFutureVersion: a version 9 code is refused with its version named', () => {
    const result = decodeDeckCode('DEAAABABAEFACAIBAAAQCAIFAEAQGCTP');
    expect(result.ok ? '' : result.error.message).toBe(
      'This deck code uses version 9; Sightline supports up to 5.',
    );
  });

  it('BadCardCodes', () => {
    expect(errorKind(encodeDeckCode([{ cardCode: '01DE02', count: 1 }]))).toBe('bad-card-code');
    expect(errorKind(encodeDeckCode([{ cardCode: '01XX002', count: 1 }]))).toBe('bad-card-code');
    expect(errorKind(encodeDeckCode([{ cardCode: '01DE002', count: 0 }]))).toBe('bad-count');
  });

  it('BadCount', () => {
    expect(errorKind(encodeDeckCode([{ cardCode: '01DE002', count: 0 }]))).toBe('bad-count');
    expect(errorKind(encodeDeckCode([{ cardCode: '01DE002', count: -1 }]))).toBe('bad-count');
  });

  it('GarbageDecoding', () => {
    expect(errorKind(decodeDeckCode("I'm no card code!"))).toBe('not-base32');
    expect(decodeDeckCode('ABCDEFG').ok).toBe(false);
    expect(errorKind(decodeDeckCode(''))).toBe('empty');
  });
});

describe('version byte', () => {
  it.each([
    ['01DE001', 1],
    ['01FR001', 1],
    ['01IO001', 1],
    ['01NX001', 1],
    ['01PZ001', 1],
    ['01SI001', 1],
    ['02BW001', 2],
    ['03MT001', 2],
    ['04SH001', 3],
    ['05BC001', 4],
    ['06RU001', 5],
  ])('a deck with %s is written as format 1, version %i', (cardCode, version) => {
    expect(headerByte(codeOf([{ cardCode, count: 1 }]))).toBe((1 << 4) | version);
  });

  it('is the highest version any card needs', () => {
    const deck = [
      { cardCode: '01DE001', count: 3 },
      { cardCode: '04SH001', count: 2 },
      { cardCode: '02BW001', count: 1 },
    ];
    expect(headerByte(codeOf(deck))).toBe(0x13);
  });

  it('an empty deck is version 1 with three empty group lists', () => {
    expect(codeOf([])).toBe(encodeBase32(Uint8Array.from([0x11, 0, 0, 0])));
    expect(decodeDeckCode(codeOf([]))).toEqual({ ok: true, value: [] });
  });

  it('an older code that declared a higher version than it needs is re-encoded with the minimum one', () => {
    // The same deck as the first official vector, as the library wrote it when it always wrote version 3.
    const decoded = decodeDeckCode('CMBAIAIFB4WDANQIAEAQGDAUDAQSIJZUAIAQCAIEAEAQKBIA');
    expect(decoded.ok && encodeDeckCode(decoded.value)).toEqual({
      ok: true,
      value: 'CEBAIAIFB4WDANQIAEAQGDAUDAQSIJZUAIAQCAIEAEAQKBIA',
    });
  });

  it('decodes every supported version from 1 to 5', () => {
    for (let version = 1; version <= 5; version++) {
      const code = encodeBase32(Uint8Array.from([0x10 | version, 0, 0, 1, 1, 1, 0, 2]));
      expect(decodeDeckCode(code)).toEqual({ ok: true, value: [{ cardCode: '01DE002', count: 1 }] });
    }
  });
});

describe('canonical layout', () => {
  it('writes groups of 3, then 2, then 1, smaller groups first, then N-of entries by card code', () => {
    const deck = [
      { cardCode: '01FR002', count: 3 },
      { cardCode: '01DE009', count: 3 },
      { cardCode: '01DE001', count: 3 },
      { cardCode: '01IO005', count: 2 },
      { cardCode: '01IO010', count: 7 },
      { cardCode: '01DE004', count: 5 },
    ];
    const bytes = decodeBase32(codeOf(deck));
    expect(bytes.ok && [...bytes.bytes]).toEqual([
      0x11,
      // two groups of 3-ofs: FR (one card) before DE (two cards, sorted)
      2, 1, 1, 1, 2, 2, 1, 0, 1, 9,
      // one group of 2-ofs
      1, 1, 1, 2, 5,
      // no 1-ofs
      0,
      // N-ofs by card code: 01DE004 x5, then 01IO010 x7
      5, 1, 0, 4, 7, 1, 2, 10,
    ]);
  });

  it('breaks ties between groups of equal size by their first card code', () => {
    const deck = [
      { cardCode: '02NX001', count: 1 },
      { cardCode: '01SI001', count: 1 },
      { cardCode: '01DE001', count: 1 },
    ];
    const decoded = decodeDeckCode(codeOf(deck));
    expect(decoded.ok && decoded.value.map((card) => card.cardCode)).toEqual([
      '01DE001',
      '01SI001',
      '02NX001',
    ]);
  });

  it('writes card numbers above 127 as two-byte varints', () => {
    expectRoundTrip([{ cardCode: '01DE200', count: 2 }]);
    const bytes = decodeBase32(codeOf([{ cardCode: '01DE200', count: 2 }]));
    expect(bytes.ok && [...bytes.bytes]).toEqual([0x11, 0, 1, 1, 1, 0, 0xc8, 0x01, 0]);
  });
});

describe('encode errors', () => {
  it('names the card whose code is malformed', () => {
    const result = encodeDeckCode([{ cardCode: '01DE02', count: 1 }]);
    expect(result.ok ? '' : result.error.message).toContain('"01DE02" is not a card code');
  });

  it('names the unknown faction', () => {
    const result = encodeDeckCode([{ cardCode: '01XX002', count: 1 }]);
    expect(result.ok ? '' : result.error.message).toBe('Card 01XX002 has an unknown faction "XX".');
  });

  it.each(['01de002', '01DE002T1', '1DE0002', ' 01DE002', 'AADE002'])('refuses card code %j', (cardCode) => {
    expect(errorKind(encodeDeckCode([{ cardCode, count: 1 }]))).toBe('bad-card-code');
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31])('refuses count %d', (count) => {
    expect(errorKind(encodeDeckCode([{ cardCode: '01DE002', count }]))).toBe('bad-count');
  });

  it('refuses a card listed twice instead of guessing which count is meant', () => {
    const result = encodeDeckCode([
      { cardCode: '01DE002', count: 2 },
      { cardCode: '01DE002', count: 1 },
    ]);
    expect(result).toEqual({
      ok: false,
      error: { kind: 'duplicate-card', message: 'Card 01DE002 is listed more than once.' },
    });
  });
});

describe('decode errors', () => {
  const code = (bytes: number[]) => encodeBase32(Uint8Array.from(bytes));

  it('reports an empty or blank code', () => {
    expect(decodeDeckCode('')).toEqual({
      ok: false,
      error: { kind: 'empty', message: 'The deck code is empty.' },
    });
    expect(errorKind(decodeDeckCode('  \t\n'))).toBe('empty');
  });

  it('reports a character deck codes never use', () => {
    const result = decodeDeckCode('CEBA!AIF');
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'not-base32',
        message: 'This is not a deck code: it contains "!", which deck codes never use.',
      },
    });
  });

  it('reports a length no deck code has', () => {
    expect(errorKind(decodeDeckCode('CEBAIAIFB'))).toBe('not-base32');
  });

  it('reports a varint cut off at the end of the code', () => {
    const result = decodeDeckCode(code([0x11, 0x80]));
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'truncated',
        message: 'This deck code is cut off: it ends before all of its cards are listed.',
      },
    });
  });

  it('reports a code that ends before its listed cards', () => {
    // One group of 3-ofs announcing two cards, but only one follows.
    expect(errorKind(decodeDeckCode(code([0x11, 1, 2, 1, 0, 5])))).toBe('truncated');
    // A real code missing its last byte.
    const full = decodeBase32('CEBAIAIFB4WDANQIAEAQGDAUDAQSIJZUAIAQCAIEAEAQKBIA');
    expect(full.ok).toBe(true);
    if (full.ok) expect(errorKind(decodeDeckCode(encodeBase32(full.bytes.slice(0, -1))))).toBe('truncated');
  });

  it('reports an N-of entry cut off part way', () => {
    expect(errorKind(decodeDeckCode(code([0x11, 0, 0, 0, 4, 1])))).toBe('truncated');
  });

  it('reports a varint too long for any deck', () => {
    expect(errorKind(decodeDeckCode(code([0x11, 0xff, 0xff, 0xff, 0xff, 0x0f])))).toBe('bad-varint');
  });

  it('reports an unknown format', () => {
    const text = code([0x21, 0, 0, 0]);
    expect(decodeDeckCode(text)).toEqual({
      ok: false,
      error: {
        kind: 'unknown-format',
        message: `This is not a deck code: "${text}" does not read as a deck (a code copied from the game starts with C).`,
      },
    });
  });

  it('reports version 0, which was never written', () => {
    expect(errorKind(decodeDeckCode(code([0x10, 0, 0, 0])))).toBe('unsupported-version');
  });

  it.each([8, 11, 13, 100])('reports unknown faction id %i', (factionId) => {
    const result = decodeDeckCode(code([0x15, 1, 1, 1, factionId, 1, 0, 0]));
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'unknown-faction',
        message: `This deck code names faction id ${factionId}, which Sightline does not know.`,
      },
    });
  });

  it('reports a set or card number that no card code can hold', () => {
    expect(errorKind(decodeDeckCode(code([0x11, 1, 1, 100, 0, 1, 0, 0])))).toBe('bad-card-code');
    expect(errorKind(decodeDeckCode(code([0x11, 1, 1, 1, 0, 0xe8, 0x07, 0, 0])))).toBe('bad-card-code');
  });

  it('reports an N-of entry with a count of 0', () => {
    expect(errorKind(decodeDeckCode(code([0x11, 0, 0, 0, 0, 1, 0, 1])))).toBe('bad-count');
  });

  it('reads a factions from a newer version even under an older version byte, as the official library does', () => {
    expect(decodeDeckCode(code([0x11, 0, 0, 1, 1, 6, 12, 3]))).toEqual({
      ok: true,
      value: [{ cardCode: '06RU003', count: 1 }],
    });
  });
});
