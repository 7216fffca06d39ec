import { describe, expect, it } from 'vitest';
import { formatClockTime, formatDateTime } from './dateFormat';
import { formatDecimal, formatWhole } from './numberFormat';

// 5 November 2026, 14:30:09 in the process's zone: the day and the time are the reader's, only their form varies.
const AT = new Date(2026, 10, 5, 14, 30, 9).getTime();

describe('dates and numbers in the reader’s locale', () => {
  it('writes a day and a time as German readers do, and as American ones do', () => {
    expect(formatDateTime(AT, 'de-DE')).toBe('05.11.2026, 14:30');
    // ICU puts a narrow no-break space before PM in newer versions.
    expect(formatDateTime(AT, 'en-US')).toMatch(/^Nov 5, 2026, 2:30\sPM$/);
    expect(formatClockTime(AT, 'de-DE')).toBe('14:30:09');
    expect(formatClockTime(AT, 'en-US')).toMatch(/^2:30:09\sPM$/);
  });

  it('groups and separates numbers as the locale does', () => {
    expect(formatWhole(12345, 'de-DE')).toBe('12.345');
    expect(formatWhole(12345, 'en-US')).toBe('12,345');
    expect(formatDecimal(1.25, 'de-DE', 1)).toBe('1,3');
    expect(formatDecimal(2, 'en-US', 1)).toBe('2.0');
  });
});
