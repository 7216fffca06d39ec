import { describe, expect, it } from 'vitest';
import { QUEUE_NAMES } from '@shared/contract/queueNames';
import { dayToEpochSeconds, epochSecondsToDay, QUEUE_FILTERS } from './matchFilters';

describe('match list day filters', () => {
  it('turns a day into its first and last second, in the user’s time zone, and back', () => {
    const start = dayToEpochSeconds('2025-09-05', 'start');
    const end = dayToEpochSeconds('2025-09-05', 'end');
    expect(start).toBe(new Date(2025, 8, 5).getTime() / 1000);
    expect(end).toBe((start ?? 0) + 86_399);
    expect(epochSecondsToDay(start)).toBe('2025-09-05');
    expect(epochSecondsToDay(end)).toBe('2025-09-05');
  });

  it('reads a cleared date input as no filter', () => {
    expect(dayToEpochSeconds('', 'start')).toBeUndefined();
    expect(epochSecondsToDay(undefined)).toBe('');
  });
});

describe('match list day filters on odd input', () => {
  it('reads an impossible date as no filter', () => {
    expect(dayToEpochSeconds('2025-02-30', 'start')).toBeUndefined();
  });
});

describe('match list queue filter', () => {
  it('names every queue it offers from the shared queue table, each told from its namesakes', () => {
    for (const { queue, label } of QUEUE_FILTERS) {
      const entry = QUEUE_NAMES.get(queue);
      expect(entry, `queue ${queue} in the shared table`).toBeDefined();
      expect(label).toBe(entry?.variant ? `${entry.name} (${entry.variant})` : entry?.name);
    }
    expect(new Set(QUEUE_FILTERS.map(({ label }) => label)).size).toBe(QUEUE_FILTERS.length);
    expect(QUEUE_FILTERS.find(({ queue }) => queue === 1820)?.label).toBe('Swarm Mode (duo)');
  });
});
