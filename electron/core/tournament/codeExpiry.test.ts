import { describe, expect, it } from 'vitest';
import { CODE_EXPIRY_MS } from '@shared/contract';
import { codeExpiry, countActiveCodes } from './codeExpiry';

const DAY = 24 * 60 * 60 * 1000;

describe('code expiry', () => {
  it('makes a code eligible for expiry three months after it was generated', () => {
    const created = Date.UTC(2025, 0, 1);
    expect(CODE_EXPIRY_MS).toBe(90 * DAY);
    expect(codeExpiry(created, created + 89 * DAY)).toEqual({
      ageMs: 89 * DAY,
      expiryEligibleAt: created + 90 * DAY,
      eligibleForExpiry: false,
    });
    expect(codeExpiry(created, created + 90 * DAY).eligibleForExpiry).toBe(true);
  });

  it('counts active codes; none means the tournament itself is eligible', () => {
    const now = Date.UTC(2025, 6, 1);
    expect(countActiveCodes([now - 100 * DAY, now - DAY], now)).toBe(1);
    expect(countActiveCodes([now - 100 * DAY], now)).toBe(0);
    expect(countActiveCodes([], now)).toBe(0);
  });
});
