import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeDeckCode, encodeDeckCode } from './deckCode';
import type { DeckCard } from './deckCode';
import { FACTIONS } from './factions';

const cardCode = fc
  .tuple(
    fc.integer({ min: 0, max: 99 }),
    fc.constantFrom(...FACTIONS.map((faction) => faction.code)),
    fc.integer({ min: 0, max: 999 }),
  )
  .map(
    ([set, faction, number]) => `${String(set).padStart(2, '0')}${faction}${String(number).padStart(3, '0')}`,
  );

const count = fc.oneof(
  fc.integer({ min: 1, max: 3 }),
  fc.integer({ min: 1, max: 3 }),
  fc.integer({ min: 4, max: 100_000 }),
);

const deck = fc
  .uniqueArray(cardCode, { maxLength: 60 })
  .chain((codes) =>
    fc.tuple(...codes.map((code) => count.map((n): DeckCard => ({ cardCode: code, count: n })))),
  );

const sorted = (cards: DeckCard[]) => [...cards].sort((a, b) => a.cardCode.localeCompare(b.cardCode));

describe('deck codes, property-based', () => {
  it('any valid deck decodes back to the same cards and counts', () => {
    fc.assert(
      fc.property(deck, (cards) => {
        const code = encodeDeckCode(cards);
        expect(code.ok).toBe(true);
        if (!code.ok) return;
        const decoded = decodeDeckCode(code.value);
        expect(decoded.ok && sorted(decoded.value)).toEqual(sorted(cards));
      }),
    );
  });

  it('the code does not depend on card order', () => {
    fc.assert(
      fc.property(
        deck.chain((cards) =>
          fc.tuple(fc.constant(cards), fc.shuffledSubarray(cards, { minLength: cards.length })),
        ),
        ([cards, shuffled]) => {
          expect(encodeDeckCode(shuffled)).toEqual(encodeDeckCode(cards));
        },
      ),
    );
  });

  it('re-encoding a decoded code gives the same code', () => {
    fc.assert(
      fc.property(deck, (cards) => {
        const code = encodeDeckCode(cards);
        if (!code.ok) return;
        const decoded = decodeDeckCode(code.value);
        expect(decoded.ok && encodeDeckCode(decoded.value)).toEqual(code);
      }),
    );
  });

  it('never throws on arbitrary input, and every error carries a message', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[A-Z2-7]{0,40}$/)), (input) => {
        const result = decodeDeckCode(input);
        if (!result.ok) expect(result.error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });
});
