import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatKda,
  formatPerMinute,
  formatThousands,
  highestTierLine,
  patchLabel,
  positionLabel,
} from './matchFormat';

describe('match formatting', () => {
  it('writes durations, thousands, K/D/A and rates', () => {
    expect(formatDuration(1928)).toBe('32:08');
    expect(formatDuration(59)).toBe('0:59');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatThousands(950)).toBe('950');
    expect(formatThousands(12_345)).toBe('12.3k');
    expect(formatThousands(123_456)).toBe('123k');
    expect(formatKda({ kills: 7, deaths: 0, assists: 12 })).toBe('7 / 0 / 12');
    expect(formatPerMinute(213, 1800)).toBe('7.1');
    expect(formatPerMinute(10, 0)).toBe('0.0');
  });

  it('names positions and patches', () => {
    expect(positionLabel('UTILITY')).toBe('Support');
    expect(positionLabel('')).toBe('');
    expect(patchLabel('15.17.702.6397')).toBe('Patch 15.17');
    expect(patchLabel('')).toBe('');
  });

  it('shows last season’s highest tier only when the record carries it, with the spec’s meaning', () => {
    expect(highestTierLine('', 11)).toBeNull();
    const rift = highestTierLine('PLATINUM', 11);
    expect(rift?.text).toBe("Last season's highest tier: Platinum");
    expect(rift?.tooltip).toMatch(/previous season/);
    expect(rift?.tooltip).toMatch(/group of ranked queues of this game's queue type/);
    // Off the main map the field means the highest tier from any ranked queue (spec 2 §2.3).
    const aram = highestTierLine('UNRANKED', 12);
    expect(aram?.text).toBe("Last season's highest tier: Unranked");
    expect(aram?.tooltip).toMatch(/counting any ranked queue/);
    expect(highestTierLine('Emerald', 11)?.text).toBe("Last season's highest tier: Emerald");
  });
});
