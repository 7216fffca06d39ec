import { describe, expect, it } from 'vitest';
import {
  QUEUE_NAMES,
  RANKED_QUEUE_TYPES,
  queueChoiceLabel,
  queueName,
  queueNameFromDescription,
  queueTypeName,
} from './queueNames';

/**
 * queues.json (the game constants, reference §3.4) for the queues Sightline names: id, description (custom
 * games: their map's name, as the static data's labels give it).
 */
const REFERENCE: ReadonlyArray<readonly [number, string]> = [
  [0, 'Custom games'],
  [42, '5v5 Ranked Team games'],
  [400, '5v5 Draft Pick games'],
  [410, '5v5 Ranked Dynamic games'],
  [420, '5v5 Ranked Solo games'],
  [430, '5v5 Blind Pick games'],
  [440, '5v5 Ranked Flex games'],
  [450, '5v5 ARAM games'],
  [470, '3v3 Ranked Flex games'],
  [480, 'Swiftplay Games'],
  [490, 'Normal (Quickplay)'],
  [700, "Summoner's Rift Clash games"],
  [720, 'ARAM Clash games'],
  [830, 'Co-op vs. AI Intro Bot games'],
  [840, 'Co-op vs. AI Beginner Bot games'],
  [850, 'Co-op vs. AI Intermediate Bot games'],
  [870, 'Co-op vs. AI Intro Bot games'],
  [880, 'Co-op vs. AI Beginner Bot games'],
  [890, 'Co-op vs. AI Intermediate Bot games'],
  [900, 'ARURF games'],
  [1010, 'Snow ARURF games'],
  [1020, 'One for All games'],
  [1300, 'Nexus Blitz games'],
  [1400, 'Ultimate Spellbook games'],
  [1700, 'Arena'],
  [1710, 'Arena'],
  [1810, 'Swarm Mode Games'],
  [1820, 'Swarm Mode Games'],
  [1830, 'Swarm Mode Games'],
  [1840, 'Swarm Mode Games'],
  [1900, 'Pick URF games'],
  [2300, 'Brawl'],
];

describe('queue names', () => {
  it('shortens a description one way: without its trailing "games", the team size kept', () => {
    expect(queueNameFromDescription('5v5 Ranked Solo games')).toBe('5v5 Ranked Solo');
    expect(queueNameFromDescription('Swiftplay Games')).toBe('Swiftplay');
    expect(queueNameFromDescription('3v3 Ranked Flex games')).toBe('3v3 Ranked Flex');
    expect(queueNameFromDescription('Normal (Quickplay)')).toBe('Normal (Quickplay)');
    expect(queueNameFromDescription('  ')).toBeNull();
    expect(queueNameFromDescription(null)).toBeNull();
  });

  it('gives every queue of the reference one name, its description shortened', () => {
    for (const [queueId, description] of REFERENCE) {
      expect(queueName(queueId), `queue ${queueId}`).toBe(queueNameFromDescription(description));
    }
    expect([...QUEUE_NAMES.keys()].sort((a, b) => a - b)).toEqual(REFERENCE.map(([queueId]) => queueId));
  });

  it('gives two queues one name only where the reference describes them alike', () => {
    const byName = new Map<string, Set<string>>();
    for (const [queueId, description] of REFERENCE) {
      const name = queueName(queueId) ?? '';
      byName.set(name, (byName.get(name) ?? new Set()).add(description));
    }
    for (const [name, descriptions] of byName) expect([...descriptions], name).toHaveLength(1);
    // Queues a list offers side by side are told apart there.
    const choices = [1810, 1820, 1830, 1840].map(queueChoiceLabel);
    expect(new Set(choices).size).toBe(4);
    expect(choices[1]).toBe('Swarm Mode (duo)');
  });

  it('names a ranked queueType exactly as its queue: the ranked block reads as the match list', () => {
    expect(queueTypeName('RANKED_SOLO_5x5')).toBe(queueName(420));
    expect(queueTypeName('RANKED_SOLO_5x5')).toBe('5v5 Ranked Solo');
    expect(queueTypeName('RANKED_FLEX_SR')).toBe(queueName(440));
    expect(queueTypeName('RANKED_FLEX_TT')).toBe('3v3 Ranked Flex');
    for (const queueId of RANKED_QUEUE_TYPES.values()) expect(queueName(queueId)).not.toBeNull();
    expect(queueTypeName('CHERRY')).toBeNull();
  });
});
