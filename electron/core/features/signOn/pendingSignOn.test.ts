import { describe, expect, it } from 'vitest';
import { createPendingSignOn, PENDING_SIGN_ON_MS } from './pendingSignOn';

describe('createPendingSignOn', () => {
  const setup = () => {
    let now = 1_000;
    const tracker = createPendingSignOn(() => now);
    return { tracker, advance: (ms: number) => (now += ms) };
  };

  it('makes a fresh, unguessable state for every link', () => {
    const { tracker } = setup();
    const first = tracker.start('http://127.0.0.1:1/cb').state;
    const second = tracker.start('http://127.0.0.1:1/cb').state;
    expect(first).not.toBe(second);
    expect(Buffer.from(second, 'base64url')).toHaveLength(32);
  });

  it('makes a fresh PKCE verifier for every link: 43 characters of the unreserved set (RFC 7636 §4.1)', () => {
    const { tracker } = setup();
    const first = tracker.start('http://127.0.0.1:1/cb').codeVerifier;
    const second = tracker.start('http://127.0.0.1:1/cb').codeVerifier;
    expect(first).not.toBe(second);
    expect(second).toMatch(/^[A-Za-z0-9\-._~]{43,128}$/);
  });

  it('accepts the matching state once, with the redirect URI it was started with', () => {
    const { tracker } = setup();
    const { state, codeVerifier } = tracker.start('http://127.0.0.1:9/cb');
    expect(tracker.take(state)).toEqual({
      ok: true,
      pending: { state, redirectUri: 'http://127.0.0.1:9/cb', codeVerifier, startedAt: 1_000 },
    });
    expect(tracker.take(state)).toEqual({ ok: false, reason: 'none' });
  });

  it('refuses a wrong or missing state and keeps waiting for the real one', () => {
    const { tracker } = setup();
    const { state } = tracker.start('http://127.0.0.1:9/cb');
    // One character off (the state is random: the changed one must differ from it).
    const oneOff = `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`;
    expect(tracker.take(oneOff)).toEqual({ ok: false, reason: 'wrong-state' });
    expect(tracker.take('short')).toEqual({ ok: false, reason: 'wrong-state' });
    expect(tracker.take(null)).toEqual({ ok: false, reason: 'missing-state' });
    expect(tracker.take(state).ok).toBe(true);
  });

  it('refuses a redirect with no link started, and one that comes too late', () => {
    const { tracker, advance } = setup();
    expect(tracker.take('anything')).toEqual({ ok: false, reason: 'none' });
    const { state } = tracker.start('http://127.0.0.1:9/cb');
    advance(PENDING_SIGN_ON_MS + 1);
    expect(tracker.take(state)).toEqual({ ok: false, reason: 'expired' });
    expect(tracker.current).toBeNull();
  });
});
