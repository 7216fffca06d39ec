import { describe, expect, it } from 'vitest';
import { formatTimecode, parseTimecode } from './timecode';

describe('formatTimecode', () => {
  it('shows minutes and seconds, minutes unpadded and unbounded', () => {
    expect(formatTimecode(0)).toBe('0:00');
    expect(formatTimecode(754.9)).toBe('12:34');
    expect(formatTimecode(3725)).toBe('62:05');
  });

  it('shows tenths when asked, rounding in tenths so a minute never reads :60', () => {
    expect(formatTimecode(754.46, { tenths: true })).toBe('12:34.5');
    expect(formatTimecode(59.96, { tenths: true })).toBe('1:00.0');
  });

  it('shows nonsense as zero', () => {
    expect(formatTimecode(-3)).toBe('0:00');
    expect(formatTimecode(Number.NaN)).toBe('0:00');
  });
});

describe('parseTimecode', () => {
  it.each([
    ['83', 83],
    ['83.5', 83.5],
    ['1:23', 83],
    [' 1:23.5 ', 83.5],
    ['0:05', 5],
    ['1:02:03', 3723],
  ])('reads %j as %d seconds', (text, seconds) => {
    expect(parseTimecode(text)).toEqual({ ok: true, seconds });
  });

  it('round-trips what it formats', () => {
    for (const seconds of [0, 9.5, 61.2, 1799.9]) {
      const parsed = parseTimecode(formatTimecode(seconds, { tenths: true }));
      expect(parsed.ok && parsed.seconds).toBeCloseTo(seconds, 5);
    }
  });

  it.each([
    ['', 'enter a time'],
    ['abc', 'is not a time'],
    ['-5', 'is not a time'],
    ['1:75', 'seconds must be under 60'],
    ['1:75:00', 'minutes must be under 60'],
  ])('refuses %j with a message', (text, message) => {
    const parsed = parseTimecode(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toContain(message);
  });
});
