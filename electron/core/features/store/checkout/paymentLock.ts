/**
 * How many payment confirmations may be refused (a wrong code, a cancelled dialog) before Sightline stops
 * taking them, and how long it makes each next try wait. A page holding the companion URL can click "Pay" as
 * often as it likes; this bounds how many codes it can ever try, whatever the time it has: after
 * SPENT_APPROVALS_BEFORE_LOCK approvals' worth of wrong codes, nothing is tried again until the person at this
 * machine re-enables payments (typing `unlock` in the terminal `sightline serve` runs in, or answering
 * Sightline's dialog on the desktop). Counted across every checkout, so a new checkout does not start afresh.
 */

/** Wrong codes an approval survives before it is spent: a typo is forgiven. */
export const CODE_TRIES = 3;
/** Spent approvals (each CODE_TRIES wrong codes, or one cancelled dialog) before payments are locked. */
export const SPENT_APPROVALS_BEFORE_LOCK = 3;
/** Refused confirmations before the lock: every wrong code counts one. */
export const STRIKES_BEFORE_LOCK = CODE_TRIES * SPENT_APPROVALS_BEFORE_LOCK;
/** The wait after the first refused confirmation; it doubles with each next one. */
export const FIRST_RETRY_DELAY_MS = 1000;

/** The wait before another confirmation may be tried, after `strikes` refused ones. */
export function retryDelayMs(strikes: number, firstMs = FIRST_RETRY_DELAY_MS): number {
  return strikes <= 0 ? 0 : firstMs * 2 ** (strikes - 1);
}

export type LockCheck =
  | { ok: true }
  /** `locked`: only the person at this machine can re-enable payments; otherwise a wait of `waitMs`. */
  | { ok: false; locked: true }
  | { ok: false; locked: false; waitMs: number };

export interface PaymentLock {
  /** Whether a confirmation may be tried at `now`. */
  check(now: number): LockCheck;
  /** Records refused confirmations (`weight` of them); true when this one locked payments. */
  strike(now: number, weight?: number): boolean;
  /** A payment went through: the count starts again. */
  paid(): void;
  /** The person at this machine re-enabled payments; false when they were not locked. */
  unlock(): boolean;
  readonly locked: boolean;
}

export interface PaymentLockOptions {
  /** Told when payments lock, so the person at this machine learns why and how to re-enable them. */
  onLocked?: () => void;
  /**
   * The first wait (FIRST_RETRY_DELAY_MS unless SIGHTLINE_PAYMENT_CODE_WAIT_MS says otherwise, for e2e). The lock
   * alone bounds the codes ever tried, so a shorter wait shortens the test, not the odds.
   */
  firstWaitMs?: number;
}

/** Reads the e2e override of the first wait after a wrong payment code (a whole number of ms, 0 allowed). */
export function readPaymentLockEnvironment(env: NodeJS.ProcessEnv): Pick<PaymentLockOptions, 'firstWaitMs'> {
  const raw = env.SIGHTLINE_PAYMENT_CODE_WAIT_MS?.trim();
  const value = raw ? Number(raw) : NaN;
  return Number.isInteger(value) && value >= 0 ? { firstWaitMs: value } : {};
}

export function createPaymentLock(options: PaymentLockOptions = {}): PaymentLock {
  let strikes = 0;
  let nextTryAt = 0;
  return {
    check(now) {
      if (strikes >= STRIKES_BEFORE_LOCK) return { ok: false, locked: true };
      return now < nextTryAt ? { ok: false, locked: false, waitMs: nextTryAt - now } : { ok: true };
    },
    strike(now, weight = 1) {
      const wasLocked = strikes >= STRIKES_BEFORE_LOCK;
      strikes = Math.min(STRIKES_BEFORE_LOCK, strikes + weight);
      nextTryAt = now + retryDelayMs(strikes, options.firstWaitMs);
      const locked = !wasLocked && strikes >= STRIKES_BEFORE_LOCK;
      if (locked) options.onLocked?.();
      return locked;
    },
    paid() {
      strikes = 0;
      nextTryAt = 0;
    },
    unlock() {
      const wasLocked = strikes >= STRIKES_BEFORE_LOCK;
      strikes = 0;
      nextTryAt = 0;
      return wasLocked;
    },
    get locked() {
      return strikes >= STRIKES_BEFORE_LOCK;
    },
  };
}
