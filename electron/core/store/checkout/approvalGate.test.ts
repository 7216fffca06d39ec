import { describe, expect, it } from 'vitest';
import { createApprovalGate } from './approvalGate';

const TOTALS = [
  { type: 'subtotal', minor: 1000, currency: 'USD' },
  { type: 'total', minor: 1100, currency: 'USD' },
];

function gate() {
  let now = 0;
  let ids = 0;
  const approvals = createApprovalGate({ now: () => now, newId: () => `a${++ids}`, ttlMs: 1000 });
  return { approvals, advance: (ms: number) => void (now += ms) };
}

describe('approval gate', () => {
  it('lets one approval through once, for its checkout and totals, in any order of totals', () => {
    const { approvals } = gate();
    const approval = approvals.mint('chk_1', TOTALS);
    expect(approval).toEqual({ approvalId: 'a1', checkoutId: 'chk_1', expiresAt: 1000 });
    expect(approvals.redeem('a1', 'chk_1', [...TOTALS].reverse())).toEqual({ ok: true });
    expect(approvals.redeem('a1', 'chk_1', TOTALS)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('already used'),
    });
  });

  it('refuses another checkout, other totals and an expired approval', () => {
    const { approvals, advance } = gate();
    approvals.mint('chk_1', TOTALS);
    expect(approvals.redeem('a1', 'chk_2', TOTALS)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('another checkout'),
    });
    approvals.mint('chk_1', TOTALS);
    expect(approvals.redeem('a2', 'chk_1', [{ type: 'total', minor: 1100, currency: 'EUR' }])).toMatchObject({
      ok: false,
      reason: expect.stringContaining('totals differ'),
    });
    approvals.mint('chk_1', TOTALS);
    advance(1001);
    expect(approvals.redeem('a3', 'chk_1', TOTALS)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('expired'),
    });
  });

  it('keeps one live approval per checkout: a new click replaces the old one', () => {
    const { approvals } = gate();
    approvals.mint('chk_1', TOTALS);
    approvals.mint('chk_1', TOTALS);
    expect(approvals.redeem('a1', 'chk_1', TOTALS).ok).toBe(false);
    expect(approvals.redeem('a2', 'chk_1', TOTALS).ok).toBe(true);
  });
});
