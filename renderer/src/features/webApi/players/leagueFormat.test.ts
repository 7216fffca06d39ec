import { describe, expect, it } from 'vitest';
import type { LeagueEntryView } from '@shared/contract';
import { formatTier, leagueEntryLine } from './leagueFormat';

const entry = (patch: Partial<LeagueEntryView>): LeagueEntryView => ({
  leagueId: '3f1c2b9e-0000-4000-a000-000000000000',
  queueType: 'RANKED_SOLO_5x5',
  queueLabel: 'Ranked Solo/Duo',
  tier: 'GOLD',
  rank: 'II',
  leaguePoints: 47,
  wins: 58,
  losses: 51,
  hotStreak: false,
  veteran: false,
  freshBlood: false,
  inactive: false,
  ...patch,
});

describe('ranked entry formatting', () => {
  it('writes the queue, tier and division, points, wins and losses as sent', () => {
    expect(leagueEntryLine(entry({ hotStreak: true }))).toEqual({
      queue: 'Ranked Solo/Duo',
      queueType: 'RANKED_SOLO_5x5',
      tier: 'Gold II',
      points: '47 LP',
      record: '58 W · 51 L',
      flags: ['Hot streak'],
    });
  });

  it('leaves the division off apex tiers and keeps 0 LP', () => {
    expect(formatTier('MASTER', 'I')).toBe('Master');
    expect(formatTier('GRANDMASTER', 'I')).toBe('Grandmaster');
    expect(formatTier('CHALLENGER', 'I')).toBe('Challenger');
    expect(formatTier('IRON', 'IV')).toBe('Iron IV');
    expect(leagueEntryLine(entry({ leaguePoints: 0, wins: 0, losses: 0 }))).toMatchObject({
      points: '0 LP',
      record: '0 W · 0 L',
    });
  });

  it('shows an unknown queueType by its raw name, never a blank', () => {
    expect(leagueEntryLine(entry({ queueType: 'RANKED_FLEX_TT', queueLabel: 'RANKED_FLEX_TT' })).queue).toBe(
      'RANKED_FLEX_TT',
    );
    expect(leagueEntryLine(entry({ queueType: 'CHERRY', queueLabel: '' })).queue).toBe('CHERRY');
    expect(leagueEntryLine(entry({ queueType: '', queueLabel: '' })).queue).toBe('Unnamed queue');
  });

  it('writes an odd or missing tier as sent, never as a guess', () => {
    expect(formatTier('Emerald', 'I')).toBe('Emerald I');
    expect(formatTier('', 'II')).toBe('Division II');
    expect(formatTier('', '')).toBe('No tier given');
  });

  it('lists the flags the API set, in a fixed order', () => {
    const flags = leagueEntryLine(
      entry({ inactive: true, veteran: true, freshBlood: true, hotStreak: true }),
    );
    expect(flags.flags).toEqual(['Hot streak', 'Veteran', 'Fresh blood', 'Inactive']);
    expect(leagueEntryLine(entry({})).flags).toEqual([]);
  });
});
