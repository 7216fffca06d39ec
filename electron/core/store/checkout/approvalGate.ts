import type { StoreApproval, StoreSeenTotal } from '@shared/contract';

export type ApprovalCheck = { ok: true } | { ok: false; reason: string };

export interface ApprovalGateOptions {
  now: () => number;
  newId: () => string;
  /** How long a "Pay" click stays good for. */
  ttlMs?: number;
}

/**
 * The buyer's "Pay" click as a one-time token bound to one checkout and the totals shown at that
 * moment. complete_checkout is sent only after `redeem` says yes; any redeem attempt uses the token up,
 * so a refused or failed payment needs a fresh click.
 */
export interface ApprovalGate {
  mint(checkoutId: string, totals: readonly StoreSeenTotal[]): StoreApproval;
  redeem(approvalId: string, checkoutId: string, totals: readonly StoreSeenTotal[]): ApprovalCheck;
  /** Whether `totals` are the ones an approval was minted for (to check the store's fresh totals). */
  matchesTotals(a: readonly StoreSeenTotal[], b: readonly StoreSeenTotal[]): boolean;
  clear(): void;
}

interface Approval {
  checkoutId: string;
  fingerprint: string;
  expiresAt: number;
}

export function totalsFingerprint(totals: readonly StoreSeenTotal[]): string {
  return totals
    .map((total) => `${total.type}:${total.minor}:${total.currency}`)
    .sort()
    .join('|');
}

export function createApprovalGate(options: ApprovalGateOptions): ApprovalGate {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const approvals = new Map<string, Approval>();

  return {
    mint(checkoutId, totals) {
      // One live approval per checkout: a new click replaces the old one.
      for (const [id, approval] of approvals) if (approval.checkoutId === checkoutId) approvals.delete(id);
      const approvalId = options.newId();
      const expiresAt = options.now() + ttlMs;
      approvals.set(approvalId, { checkoutId, fingerprint: totalsFingerprint(totals), expiresAt });
      return { approvalId, checkoutId, expiresAt };
    },
    redeem(approvalId, checkoutId, totals) {
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
      if (approval.fingerprint !== totalsFingerprint(totals)) {
        return {
          ok: false,
          reason: 'The totals differ from the ones approved: review the order and click "Pay" again.',
        };
      }
      return { ok: true };
    },
    matchesTotals: (a, b) => totalsFingerprint(a) === totalsFingerprint(b),
    clear: () => approvals.clear(),
  };
}
