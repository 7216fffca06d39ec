import { randomInt, timingSafeEqual } from 'node:crypto';
import type { StoreApproval, StoreCheckoutView, StoreSeenTotal } from '@shared/contract';
import { seenTotalsOf } from '@shared/contract';
import { CODE_TRIES, type PaymentLock } from './paymentLock';

export type ApprovalCheck =
  | { ok: true; terms: string }
  /**
   * `codeTriesLeft`: only when the confirmation code was missing, wrong or not tried yet (a wait, the lock);
   * 0: the approval is spent.
   */
  | { ok: false; reason: string; codeTriesLeft?: number };

/**
 * The characters of a confirmation code: digits and capitals without those read or typed for one another
 * (0/O, 1/I/L) and without U, so no code spells a word.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters per code: 30^8 ≈ 6.6 × 10^11 codes, printed as two groups of four. */
export const CODE_LENGTH = 8;

export interface ApprovalGateOptions {
  now: () => number;
  newId: () => string;
  /** How long a "Pay" click stays good for. */
  ttlMs?: number;
  /** Counts refused confirmations across approvals and checkouts, and locks payments after too many. */
  lock: PaymentLock;
}

/**
 * The buyer's "Pay" click as a one-time token bound to one checkout and the order terms shown at that moment
 * (see `orderTerms`). complete_checkout is sent only when `take` says yes and the store's checkout still has
 * those terms; any take uses the token up, so a refused or failed payment needs a fresh click.
 */
export interface ApprovalGate {
  /** `code`: the one-time code complete must be given back (browser mode), or none (desktop's dialog). */
  mint(
    checkoutId: string,
    totals: readonly StoreSeenTotal[],
    terms: string,
    code?: string,
  ): Omit<StoreApproval, 'confirmation'>;
  /**
   * Uses the approval up: refuses an unknown, spent, expired or other checkout's one, or totals other than the
   * approved ones; else gives its terms, to hold against the store's checkout. A missing or wrong code is the
   * exception: the approval stays for another try, until the CODE_TRIES-th wrong one.
   */
  take(
    approvalId: string,
    checkoutId: string,
    totals: readonly StoreSeenTotal[],
    code?: string,
  ): ApprovalCheck;
  /** The desktop dialog was cancelled: a spent approval, toward the lock. */
  cancelled(): void;
  clear(): void;
  readonly lock: PaymentLock;
}

interface Approval {
  checkoutId: string;
  totals: string;
  terms: string;
  expiresAt: number;
  code: string | null;
  wrongCodes: number;
}

/** A one-time confirmation code, as printed: CODE_LENGTH random characters in groups of four (`7K3M-Q9XP`). */
export function newConfirmationCode(): string {
  const characters = Array.from(
    { length: CODE_LENGTH },
    () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  );
  return [characters.slice(0, 4).join(''), characters.slice(4).join('')].join('-');
}

/** A code as typed, in the form it is compared: any case, without the spaces and dashes that group it. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

/** Compares in constant time, so response timing tells nothing about how many characters were right. */
function sameCode(expected: string, given: string): boolean {
  const a = Buffer.from(normalizeCode(expected));
  const b = Buffer.from(normalizeCode(given));
  return a.length === b.length && timingSafeEqual(a, b);
}

const seconds = (ms: number): string => {
  const whole = Math.ceil(ms / 1000);
  return `${whole} ${whole === 1 ? 'second' : 'seconds'}`;
};

/** What the page is told once payments are locked: only the person at this machine can lift it. */
export const LOCKED_MESSAGE =
  'Too many wrong codes: Sightline stopped taking payment codes. Nothing was paid. To pay, type "unlock" in the terminal where Sightline runs, then click "Pay" again.';

/** The totals as one comparable string, in any order. */
export function totalsFingerprint(totals: readonly StoreSeenTotal[]): string {
  return totals
    .map((total) => `${total.type}:${total.minor}:${total.currency}`)
    .sort()
    .join('|');
}

/** Whether two sets of totals are the same amounts, in any order. */
export function sameTotals(a: readonly StoreSeenTotal[], b: readonly StoreSeenTotal[]): boolean {
  return totalsFingerprint(a) === totalsFingerprint(b);
}

/**
 * Everything the confirmation screen shows the buyer, as one comparable string: totals, lines, where it
 * ships and how, who buys, and the payment method. If the store changes any of it after "Pay" (even with
 * equal totals), the approval no longer covers the order.
 */
export function orderTerms(checkout: StoreCheckoutView): string {
  const fulfillment = checkout.fulfillment;
  return JSON.stringify({
    totals: totalsFingerprint(seenTotalsOf(checkout)),
    lines: checkout.lineItems
      .map((line) => [line.itemId, line.quantity, line.unitPrice?.minor ?? null, line.total?.minor ?? null])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    buyer: checkout.buyer,
    ships: fulfillment && {
      type: fulfillment.type,
      destination: fulfillment.destination,
      selected: fulfillment.groups.map((group) => group.selectedOptionId),
    },
    payment: checkout.payment && [checkout.payment.handlerId, checkout.payment.instrumentId],
  });
}

export function createApprovalGate(options: ApprovalGateOptions): ApprovalGate {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const { lock } = options;
  const approvals = new Map<string, Approval>();
  /**
   * Forgets an approval before it was taken. A printed code never typed counts as one wrong code: else a page
   * could have the terminal print codes without end, by clicking "Pay" (or starting a new cart) again and again.
   */
  const drop = (id: string, approval: Approval): void => {
    approvals.delete(id);
    if (approval.code !== null && options.now() <= approval.expiresAt) lock.strike(options.now());
  };

  return {
    mint(checkoutId, totals, terms, code) {
      // One live approval per checkout: a new click replaces the old one.
      for (const [id, approval] of approvals) {
        if (approval.checkoutId === checkoutId) drop(id, approval);
      }
      const approvalId = options.newId();
      const expiresAt = options.now() + ttlMs;
      approvals.set(approvalId, {
        checkoutId,
        totals: totalsFingerprint(totals),
        terms,
        expiresAt,
        code: code ?? null,
        wrongCodes: 0,
      });
      return { approvalId, checkoutId, expiresAt };
    },
    take(approvalId, checkoutId, totals, code) {
      const approval = approvals.get(approvalId);
      approvals.delete(approvalId);
      if (!approval) {
        return {
          ok: false,
          reason: 'There is no such approval (it was already used, or never given): click "Pay" again.',
        };
      }
      if (approval.checkoutId !== checkoutId) {
        return { ok: false, reason: 'That approval was given for another checkout.' };
      }
      if (options.now() > approval.expiresAt) {
        return { ok: false, reason: 'The approval expired: review the order and click "Pay" again.' };
      }
      if (approval.totals !== totalsFingerprint(totals)) {
        return {
          ok: false,
          reason: 'The totals differ from the ones approved: review the order and click "Pay" again.',
        };
      }
      if (approval.code === null) return { ok: true, terms: approval.terms };
      // The lock and the wait come before the code is compared: a guess made too early tells nothing.
      const allowed = lock.check(options.now());
      if (!allowed.ok && allowed.locked) return { ok: false, reason: LOCKED_MESSAGE, codeTriesLeft: 0 };
      const codeTriesLeft = CODE_TRIES - approval.wrongCodes;
      if (!allowed.ok) {
        approvals.set(approvalId, approval);
        return {
          ok: false,
          reason: `Wait ${seconds(allowed.waitMs)} before typing the code again.`,
          codeTriesLeft,
        };
      }
      if (!code) {
        approvals.set(approvalId, approval);
        return {
          ok: false,
          reason: 'Type the code Sightline printed in its terminal for this payment.',
          codeTriesLeft,
        };
      }
      if (!sameCode(approval.code, code)) {
        approval.wrongCodes += 1;
        const left = CODE_TRIES - approval.wrongCodes;
        if (lock.strike(options.now())) return { ok: false, reason: LOCKED_MESSAGE, codeTriesLeft: 0 };
        if (left > 0) {
          // A typo keeps the approval for another try; nothing else does.
          approvals.set(approvalId, approval);
          return {
            ok: false,
            reason: `That is not the code Sightline printed in its terminal for this payment (${left} ${left === 1 ? 'try' : 'tries'} left).`,
            codeTriesLeft: left,
          };
        }
        return {
          ok: false,
          reason: `${CODE_TRIES} wrong codes: this approval is spent. Click "Pay" again for a new code.`,
          codeTriesLeft: 0,
        };
      }
      return { ok: true, terms: approval.terms };
    },
    cancelled: () => void lock.strike(options.now(), CODE_TRIES),
    // The lock outlives approvals: a new cart or checkout does not make guessing start afresh.
    clear: () => {
      for (const [id, approval] of approvals) drop(id, approval);
    },
    lock,
  };
}
