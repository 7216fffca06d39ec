import { randomBytes, timingSafeEqual } from 'node:crypto';
import { newCodeVerifier } from './pkce';

/** A link the player started: the browser must come back with this `state` before it expires. */
export interface PendingSignOn {
  state: string;
  redirectUri: string;
  /** The PKCE verifier of this link (RFC 7636): its challenge went to /authorize, it goes to /token. */
  codeVerifier: string;
  startedAt: number;
}

export type PendingCheck =
  | { ok: true; pending: PendingSignOn }
  | { ok: false; reason: 'none' | 'missing-state' | 'wrong-state' | 'expired' };

/** How long the player has to finish in the browser. */
export const PENDING_SIGN_ON_MS = 10 * 60 * 1000;

/**
 * The one link in progress and its `state`, which ties the redirect to the request Sightline made
 * (no one else can make the app exchange a code of their choosing).
 */
export function createPendingSignOn(
  now: () => number,
  randomState = () => randomBytes(32).toString('base64url'),
  randomVerifier = newCodeVerifier,
) {
  let pending: PendingSignOn | null = null;
  const expired = (entry: PendingSignOn): boolean => now() - entry.startedAt > PENDING_SIGN_ON_MS;

  return {
    start(redirectUri: string): PendingSignOn {
      pending = { state: randomState(), redirectUri, codeVerifier: randomVerifier(), startedAt: now() };
      return pending;
    },
    get current(): PendingSignOn | null {
      if (pending && expired(pending)) pending = null;
      return pending;
    },
    /** Consumes the pending link when `state` matches; a wrong state leaves it for the real redirect. */
    take(state: string | null): PendingCheck {
      if (!pending) return { ok: false, reason: 'none' };
      if (expired(pending)) {
        pending = null;
        return { ok: false, reason: 'expired' };
      }
      if (!state) return { ok: false, reason: 'missing-state' };
      const expected = Buffer.from(pending.state);
      const given = Buffer.from(state);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'wrong-state' };
      }
      const taken = pending;
      pending = null;
      return { ok: true, pending: taken };
    },
    cancel(): void {
      pending = null;
    },
  };
}

export type PendingSignOnTracker = ReturnType<typeof createPendingSignOn>;
