import { describe, expect, it } from 'vitest';
import { labelQueue, type MatchLabels } from './matchLabels';

/** The static data's descriptions as queues.json words them. */
const staticData: MatchLabels = {
  queue: (queueId) =>
    ({ 420: '5v5 Ranked Solo games', 1820: 'Swarm Mode Games', 2400: 'ARAM: Mayhem games' })[queueId] ?? null,
  map: () => null,
};

describe('queue names', () => {
  it('names queues static data may lack: Swarm, Swiftplay, Arena, URF, Ultimate Spellbook, Brawl', () => {
    expect([1810, 1820, 1830, 1840].map((queue) => labelQueue(null, queue))).toEqual([
      'Swarm Mode',
      'Swarm Mode',
      'Swarm Mode',
      'Swarm Mode',
    ]);
    expect(labelQueue(null, 480)).toBe('Swiftplay');
    expect(labelQueue(null, 1700)).toBe('Arena');
    expect(labelQueue(null, 1710)).toBe('Arena');
    expect(labelQueue(null, 900)).toBe('ARURF');
    expect(labelQueue(null, 1900)).toBe('Pick URF');
    expect(labelQueue(null, 1400)).toBe('Ultimate Spellbook');
    expect(labelQueue(null, 2300)).toBe('Brawl');
  });

  it('names a queue the same with static data loaded or not, and a queue the table lacks by its shortened description', () => {
    expect(labelQueue(staticData, 420)).toBe('5v5 Ranked Solo');
    expect(labelQueue(null, 420)).toBe('5v5 Ranked Solo');
    expect(labelQueue(staticData, 1820)).toBe(labelQueue(null, 1820));
    expect(labelQueue(staticData, 2400)).toBe('ARAM: Mayhem');
  });

  it('falls back to the game mode, then the ID', () => {
    expect(labelQueue(null, 1899, 'STRAWBERRY')).toBe('Swarm');
    expect(labelQueue(null, 1899, 'CLASSIC')).toBe('Queue 1899');
  });
});
