import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeDeckCode, encodeDeckCode } from './deckCode';
import type { DeckCard } from './deckCode';

// Riot's own test data; see fixtures/README.md for its source.
const fixture = readFileSync(new URL('./fixtures/DeckCodesTestData.txt', import.meta.url), 'utf8');

interface Vector {
  code: string;
  deck: DeckCard[];
}

function parseVectors(text: string): Vector[] {
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((block) => {
      const [code = '', ...lines] = block.trim().split(/\r?\n/);
      const deck = lines.map((line) => {
        const [count = '', cardCode = ''] = line.split(':');
        return { cardCode, count: Number(count) };
      });
      return { code, deck };
    });
}

const sorted = (deck: DeckCard[]) => [...deck].sort((a, b) => a.cardCode.localeCompare(b.cardCode));

const vectors = parseVectors(fixture);

describe('official LoRDeckCodes test vectors', () => {
  it('holds all 21 decks of the fixture', () => {
    expect(vectors).toHaveLength(21);
  });

  describe.each(vectors.map((vector, index) => ({ ...vector, name: `deck ${index + 1} ${vector.code}` })))(
    '$name',
    ({ code, deck }) => {
      it('decodes to the listed cards', () => {
        const decoded = decodeDeckCode(code);
        expect(decoded.ok && sorted(decoded.value)).toEqual(sorted(deck));
      });

      it('encodes the listed cards to exactly the official code', () => {
        expect(encodeDeckCode(deck)).toEqual({ ok: true, value: code });
      });

      it('encodes the same code whatever order the cards come in', () => {
        expect(encodeDeckCode([...deck].reverse())).toEqual({ ok: true, value: code });
        expect(encodeDeckCode(sorted(deck))).toEqual({ ok: true, value: code });
      });

      it('reproduces the code from its own decoding', () => {
        const decoded = decodeDeckCode(code);
        expect(decoded.ok && encodeDeckCode(decoded.value)).toEqual({ ok: true, value: code });
      });

      it('decodes the code as people paste it: lower case, spaced, padded', () => {
        const pasted = ` ${code.toLowerCase().replace(/(.{8})/g, '$1 ')}=== `;
        const decoded = decodeDeckCode(pasted);
        expect(decoded.ok && sorted(decoded.value)).toEqual(sorted(deck));
      });
    },
  );
});
