import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QUEUE_NAMES, queueName, queueNameFromDescription } from '@shared/contract/queueNames';
import { GAME_CONSTANTS } from './ddragonModel';

/**
 * The queue words checked against the publisher's real queues.json (rows copied into fixtures/queues.json; its
 * README names the copy): every queue Sightline names has that id there and its description shortened one way,
 * and the simulator serves the real rows, so a wrong id or name fails here rather than on a player's screen.
 */

interface QueueRow {
  queueId: number;
  map: string;
  description: string | null;
  notes: string | null;
}

const REAL: readonly QueueRow[] = JSON.parse(
  readFileSync(new URL('./fixtures/queues.json', import.meta.url), 'utf8'),
) as QueueRow[];
const REAL_BY_ID = new Map(REAL.map((row) => [row.queueId, row]));

/** Queues newer than the copy, with their description as the current file gives it (see the fixture's README). */
const NEWER_THAN_COPY: ReadonlyMap<number, string> = new Map([
  [480, 'Swiftplay Games'],
  [2300, 'Brawl'],
]);

/** The real file swaps map and description for these Swarm queues; their description is in `map`. */
const SWAPPED = new Set([1820, 1830, 1840]);

/** What the real file describes a queue as: custom games by their map, as the static data's labels do. */
function realDescription(row: QueueRow): string {
  if (SWAPPED.has(row.queueId)) return row.map;
  return row.description ?? row.map;
}

describe('queue names against the real queues.json', () => {
  it('names every queue by an id the real file has', () => {
    const unknown = [...QUEUE_NAMES.keys()].filter((id) => !REAL_BY_ID.has(id) && !NEWER_THAN_COPY.has(id));
    expect(unknown).toEqual([]);
  });

  it('gives every queue its real description, shortened one way', () => {
    for (const queueId of QUEUE_NAMES.keys()) {
      const row = REAL_BY_ID.get(queueId);
      const description = row ? realDescription(row) : NEWER_THAN_COPY.get(queueId);
      expect(queueName(queueId), `queue ${queueId}`).toBe(queueNameFromDescription(description));
    }
    // The queues people name most, as the real file describes them.
    expect([420, 440, 400, 430, 450, 490, 900, 1700, 1900].map(queueName)).toEqual([
      '5v5 Ranked Solo',
      '5v5 Ranked Flex',
      '5v5 Draft Pick',
      '5v5 Blind Pick',
      '5v5 ARAM',
      'Normal (Quickplay)',
      'ARURF',
      'Arena',
      'Pick URF',
    ]);
  });

  it('serves the simulator’s queue list as the real file has those rows', () => {
    const served = GAME_CONSTANTS.queues as QueueRow[];
    expect(served.length).toBeGreaterThan(0);
    for (const row of served) expect(row, `queue ${row.queueId}`).toEqual(REAL_BY_ID.get(row.queueId));
  });
});
