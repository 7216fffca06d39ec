import { CODE_EXPIRY_MS } from '@shared/contract';

export interface CodeExpiry {
  ageMs: number;
  /** Three months after generation (spec 1 §3). */
  expiryEligibleAt: number;
  eligibleForExpiry: boolean;
}

export function codeExpiry(createdAt: number, now: number): CodeExpiry {
  const expiryEligibleAt = createdAt + CODE_EXPIRY_MS;
  return {
    ageMs: Math.max(0, now - createdAt),
    expiryEligibleAt,
    eligibleForExpiry: now >= expiryEligibleAt,
  };
}

/** Active codes are those not yet eligible for expiry; a tournament with none is itself eligible (spec 1 §3). */
export function countActiveCodes(createdAts: readonly number[], now: number): number {
  return createdAts.filter((createdAt) => !codeExpiry(createdAt, now).eligibleForExpiry).length;
}
