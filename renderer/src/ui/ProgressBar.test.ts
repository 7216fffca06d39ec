import { describe, expect, it } from 'vitest';
import { progressShare } from './ProgressBar';

describe('progressShare', () => {
  it('keeps fractions within 0…1 and treats an unknown total as nothing done', () => {
    expect(progressShare(1, 4)).toBe(0.25);
    expect(progressShare(5, 4)).toBe(1);
    expect(progressShare(3, 0)).toBe(0);
    expect(progressShare(Number.NaN, 3)).toBe(0);
  });
});
