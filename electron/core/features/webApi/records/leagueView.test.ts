import { describe, expect, it } from 'vitest';
import { labelQueueType, leagueEntriesView } from './leagueView';
import { leagueEntriesSchema } from './recordSchemas';

describe('league entries', () => {
  it('names the spec’s ranked queueTypes by their queue’s one name and shows any other value as sent, never blank', () => {
    expect(labelQueueType('RANKED_SOLO_5x5')).toBe('5v5 Ranked Solo');
    expect(labelQueueType('RANKED_TEAM_5x5')).toBe('5v5 Ranked Team');
    expect(labelQueueType('RANKED_FLEX_SR')).toBe('5v5 Ranked Flex');
    expect(labelQueueType('RANKED_TFT_DOUBLE_UP')).toBe('RANKED_TFT_DOUBLE_UP');
    // A value named like an Object property is an unknown value, not one of Object's functions.
    expect(labelQueueType('constructor')).toBe('constructor');
    expect(labelQueueType('__proto__')).toBe('__proto__');
    expect(labelQueueType('')).toBe('Unnamed queue');
  });

  it('reads omitted fields as the omission rule says and lists named queues first', () => {
    const entries = leagueEntriesSchema.parse([
      { queueType: 'CHERRY', tier: 'GOLD', rank: 'I', wins: 3 },
      { queueType: 'RANKED_TEAM_5x5', tier: 'SILVER', rank: 'IV', losses: 2, extra: 'ignored' },
      { queueType: 'RANKED_SOLO_5x5', tier: 'IRON', rank: 'II', hotStreak: true },
    ]);
    const view = leagueEntriesView(entries);
    expect(view.map((entry) => entry.queueLabel)).toEqual(['5v5 Ranked Solo', '5v5 Ranked Team', 'CHERRY']);
    expect(view[1]).toEqual({
      leagueId: '',
      queueType: 'RANKED_TEAM_5x5',
      queueLabel: '5v5 Ranked Team',
      tier: 'SILVER',
      rank: 'IV',
      leaguePoints: 0,
      wins: 0,
      losses: 2,
      hotStreak: false,
      veteran: false,
      freshBlood: false,
      inactive: false,
    });
    expect(leagueEntriesSchema.safeParse([{ leaguePoints: '47' }]).success).toBe(false);
  });
});
