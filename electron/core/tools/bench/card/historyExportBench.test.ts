import { describe, expect, it } from 'vitest';
import { runHistoryExportBench } from './historyExportBench';

describe('history export bench', () => {
  it('exports a made-up history both ways and prints each figure beside its target', async () => {
    const lines = await runHistoryExportBench({ games: 300, playsPerGame: 5, opponentCardsPerGame: 3 });
    expect(lines).toHaveLength(2);
    for (const [index, format] of ['JSON', 'CSV'].entries()) {
      // The verdicts are reported either way; the targets themselves are the bench's to judge, not this test's.
      expect(lines[index]).toMatch(
        new RegExp(
          `^history export: 300 games as ${format} \\([\\d.]+ MB\\) in [\\d.]+ s: longest event-loop stall \\d+ ms of work \\(target ≤ 50 ms: (within|OVER); \\d+ ms wall clock\\), peak RSS \\d+ MB \\(\\d+ MB before; target ≤ 150 MB: (within|OVER)\\)$`,
        ),
      );
    }
  });
});
