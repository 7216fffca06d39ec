import { CODE_EXPIRY_MONTHS } from '@shared/contract';

export interface CodeExpiry {
  ageMs: number;
  /** Three calendar months after generation (spec 1 §3), as a UTC instant. */
  expiryEligibleAt: number;
  eligibleForExpiry: boolean;
}

/**
 * The same instant `months` calendar months later in UTC; a day the target month lacks becomes its last
 * day (30 November + 3 months is 28 or 29 February, 31 December is 31 March).
 */
export function addCalendarMonthsUtc(at: number, months: number): number {
  const from = new Date(at);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const time = at - Date.UTC(year, from.getUTCMonth(), from.getUTCDate());
  return Date.UTC(year, month, Math.min(from.getUTCDate(), lastDay)) + time;
}

export function codeExpiry(createdAt: number, now: number): CodeExpiry {
  const expiryEligibleAt = addCalendarMonthsUtc(createdAt, CODE_EXPIRY_MONTHS);
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
