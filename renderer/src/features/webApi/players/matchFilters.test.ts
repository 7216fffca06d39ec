import { describe, expect, it } from 'vitest';
import { dayToEpochSeconds, epochSecondsToDay } from './matchFilters';

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
