import { describe, expect, it } from 'vitest';
import { formatNumber, formatPerRank } from './numberText';

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [60, '60'],
    [0.6, '0.6'],
    [0.07 * 100, '7'],
    [0.6 * 100, '60'],
    [1.0 / 3, '0.33'],
    [-0.83, '-0.83'],
    [0.0009, '0.0009'],
    [-0.00001, '-0.00001'],
  ])('%d → %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});

describe('formatPerRank', () => {
  it('joins ranks with slashes', () => {
    expect(formatPerRank([80, 130, 180, 230, 280])).toBe('80/130/180/230/280');
  });

  it('writes one value when every rank has it', () => {
    expect(formatPerRank([40, 40, 40, 40, 40])).toBe('40');
  });

  it('writes nothing for no ranks', () => {
    expect(formatPerRank([])).toBe('');
  });
});
