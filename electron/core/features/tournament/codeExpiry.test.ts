import { describe, expect, it } from 'vitest';
import { addCalendarMonthsUtc, codeExpiry, countActiveCodes } from './codeExpiry';

const DAY = 24 * 60 * 60 * 1000;
const utc = (iso: string) => Date.parse(`${iso}Z`);

describe('code expiry', () => {
  it.each([
    // Month ends: the day the target month lacks becomes its last day.
    ['2023-11-30T18:45:00', '2024-02-29T18:45:00'],
    ['2024-11-30T18:45:00', '2025-02-28T18:45:00'],
    ['2024-12-31T23:59:59.999', '2025-03-31T23:59:59.999'],
    ['2024-02-29T00:00:00', '2024-05-29T00:00:00'],
    ['2024-05-31T12:00:00', '2024-08-31T12:00:00'],
    ['2025-01-15T08:00:00', '2025-04-15T08:00:00'],
    ['2024-10-31T01:00:00', '2025-01-31T01:00:00'],
  ])('makes a code created %s UTC eligible for expiry at %s UTC', (created, eligible) => {
    expect(addCalendarMonthsUtc(utc(created), 3)).toBe(utc(eligible));
    expect(codeExpiry(utc(created), utc(eligible) - 1).eligibleForExpiry).toBe(false);
    expect(codeExpiry(utc(created), utc(eligible))).toEqual({
      ageMs: utc(eligible) - utc(created),
      expiryEligibleAt: utc(eligible),
      eligibleForExpiry: true,
    });
  });

  it('counts calendar months, not 90 days: a winter code lives 90 days, a summer one 92', () => {
    expect(codeExpiry(utc('2025-01-01T00:00:00'), 0).expiryEligibleAt - utc('2025-01-01T00:00:00')).toBe(
      90 * DAY,
    );
    expect(codeExpiry(utc('2025-06-01T00:00:00'), 0).expiryEligibleAt - utc('2025-06-01T00:00:00')).toBe(
      92 * DAY,
    );
  });

  it('counts active codes; none means the tournament itself is eligible', () => {
    const now = Date.UTC(2025, 6, 1);
    expect(countActiveCodes([now - 100 * DAY, now - DAY], now)).toBe(1);
    expect(countActiveCodes([now - 100 * DAY], now)).toBe(0);
    expect(countActiveCodes([], now)).toBe(0);
  });
});
