import { describe, expect, it } from 'vitest';
import { labelQueue, type MatchLabels } from './matchLabels';

const staticData: MatchLabels = {
  queue: (queueId) => (queueId === 1820 ? 'Swarm: Duo (static data)' : null),
  map: () => null,
};

describe('queue names', () => {
  it('names queues static data may lack: Swarm, Swiftplay, Arena, URF, Ultimate Spellbook, Brawl', () => {
    expect([1810, 1820, 1830, 1840].map((queue) => labelQueue(null, queue))).toEqual([
      'Swarm',
      'Swarm',
      'Swarm',
      'Swarm',
    ]);
    expect(labelQueue(null, 480)).toBe('Swiftplay');
    expect(labelQueue(null, 1700)).toBe('Arena');
    expect(labelQueue(null, 1710)).toBe('Arena');
    expect(labelQueue(null, 900)).toBe('ARURF');
    expect(labelQueue(null, 1900)).toBe('Pick URF');
    expect(labelQueue(null, 1400)).toBe('Ultimate Spellbook');
    expect(labelQueue(null, 2300)).toBe('Brawl');
  });

  it('lets the static data’s name win, and falls back to the game mode, then the ID', () => {
    expect(labelQueue(staticData, 1820)).toBe('Swarm: Duo (static data)');
    expect(labelQueue(staticData, 1810)).toBe('Swarm');
    expect(labelQueue(null, 1899, 'STRAWBERRY')).toBe('Swarm');
    expect(labelQueue(null, 1899, 'CLASSIC')).toBe('Queue 1899');
  });
});
