import { describe, expect, it } from 'vitest';
import { CARD_SETS } from '../../../features/staticData/cards/cardBundles';
import { runStaticDataBench } from './staticDataBench';

/** The numbers of a figure such as "1.2 ms" or "0.35 µs" in `line`, in order. */
const figures = (line: string, unit: 'ms' | 'µs'): number[] =>
  [...line.matchAll(new RegExp(`(\\d+(?:\\.\\d+)?) ${unit}`, 'g'))].map((match) => Number(match[1]));

describe('static data bench', () => {
  it('loads a cache of every set and the arena data, and reports warm start, lookups and search', async () => {
    const lines = await runStaticDataBench();
    expect(lines).toHaveLength(3);
    const [warm = '', lookups = '', search = ''] = lines;

    // Every set is in the generated cache at its published size, and all of it was loaded.
    expect(warm).toMatch(
      new RegExp(
        `^static data: warm start, ${CARD_SETS.length} sets \\(${CARD_SETS.length * 330} cards\\) \\+ arena \\(170 champions, 250 items, 6000 icons\\): `,
      ),
    );
    // The verdict is reported either way; the target itself is not what this test checks.
    expect(warm).toMatch(/\(target ≤ 300 ms: (within|OVER)\)$/);
    const [first = 0, median = 0, target] = figures(warm, 'ms');
    expect(target).toBe(300);
    for (const value of [first, median]) {
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(60_000);
    }

    expect(lookups).toMatch(/^static data: card by code .* µs, champion by id .* µs, by key .* µs$/);
    const lookupCosts = figures(lookups, 'µs');
    expect(lookupCosts).toHaveLength(3);
    // A map lookup: well under a millisecond each.
    for (const cost of lookupCosts) {
      expect(cost).toBeGreaterThanOrEqual(0);
      expect(cost).toBeLessThan(1000);
    }

    expect(search).toMatch(
      /^static data: search first .* ms \(builds the search text\), then .* ms per word, .* ms with region and cost filters$/,
    );
    const searchCosts = figures(search, 'ms');
    expect(searchCosts).toHaveLength(3);
    for (const cost of searchCosts) {
      expect(Number.isFinite(cost)).toBe(true);
      expect(cost).toBeLessThan(10_000);
    }
  }, 30_000);
});
