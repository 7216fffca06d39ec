import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { OVERLAY_ROUTES, type HostLinkKind } from '@shared/contract';
import { createPaymentLock, STRIKES_BEFORE_LOCK } from '../../features/store/checkout/paymentLock';
import {
  listenForUnlock,
  parseServeArgs,
  PAYMENT_CODES_LOCKED_LINE,
  paymentCodeLine,
  serveBanner,
} from './serve';

describe('sightline serve arguments', () => {
  it('takes each --cfg as an absolute path, and none by default', () => {
    expect(parseServeArgs([])).toEqual({ gameCfgPaths: [] });
    expect(parseServeArgs(['--cfg', 'League/Config/game.cfg', '--cfg=/games/LoL'])).toEqual({
      gameCfgPaths: [resolve('League/Config/game.cfg'), '/games/LoL'],
    });
  });

  it('refuses an option it does not know', () => {
    expect(() => parseServeArgs(['--config', 'game.cfg'])).toThrow(/--config/);
  });
});

describe('serveBanner', () => {
  it('prints the companion URL first with the companion token, then each overlay with the overlay token and its size', () => {
    const url = (path: string, kind: HostLinkKind = 'companion') =>
      `http://127.0.0.1:4000${path}?token=${kind}-token`;
    const lines = serveBanner({
      host: {
        port: 4000,
        url,
        dropStaleSockets: () => {},
        filesWarmed: Promise.resolve(),
        close: async () => {},
      },
    });
    expect(lines[0]).toBe('companion: http://127.0.0.1:4000/?token=companion-token');
    expect(lines.slice(1)).toEqual(
      OVERLAY_ROUTES.map(
        (route) =>
          `overlay ${route.name}: http://127.0.0.1:4000${route.path}?token=overlay-token (${route.width}×${route.height})`,
      ),
    );
    expect(lines).toContain(
      'overlay status: http://127.0.0.1:4000/overlay/status?token=overlay-token (480×160)',
    );
  });
});

describe('paymentCodeLine', () => {
  it('prints the code first, then what it pays: total, store, payment method and items', () => {
    const line = paymentCodeLine('7K3M-Q9XP', {
      merchant: 'merch.example',
      lines: ['Hoodie', 'Sleeves', 'Poro', 'Mug'].map((title) => ({ title, quantity: 1, amount: '$1.00' })),
      totals: [{ label: 'Total', amount: '$4.00' }],
      total: '$4.00',
      paymentMethod: 'Visa •••• 4242',
    });
    expect(line).toBe(
      'payment code: 7K3M-Q9XP (to pay $4.00 to merch.example with Visa •••• 4242 for Hoodie × 1, Sleeves × 1, Poro × 1, 1 more; type it on the companion page)',
    );
  });
});

describe('the payment codes lock in serve’s terminal', () => {
  it('says why payments locked and how to take codes again; "unlock" typed there lifts the lock', async () => {
    const out: string[] = [];
    const lock = createPaymentLock({ onLocked: () => out.push(PAYMENT_CODES_LOCKED_LINE) });
    const input = new PassThrough();
    const stop = listenForUnlock(input, lock, (line) => out.push(line));
    lock.strike(0, STRIKES_BEFORE_LOCK);
    expect(lock.locked).toBe(true);
    input.write('pay me\n  UNLOCK \n');
    input.write('unlock\n');
    await new Promise((resolve) => setImmediate(resolve));
    stop();
    expect(out).toEqual([
      'payment codes: locked after 9 wrong codes, nothing was paid; type "unlock" and press Enter here to take codes again',
      'payment codes: unlocked',
      'payment codes: not locked',
    ]);
    expect(lock.locked).toBe(false);
  });
});
