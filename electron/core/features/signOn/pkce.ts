import { createHash, randomBytes } from 'node:crypto';

/**
 * Proof Key for Code Exchange (RFC 7636), which RFC 8252 §8.1 asks of native apps: the link's authorize
 * request carries the S256 challenge of a verifier only Sightline knows, and its token request the
 * verifier, so a code caught on its way back through the browser cannot be exchanged by anyone else.
 */

/** 32 random bytes, base64url: 43 characters of the unreserved set (RFC 7636 §4.1 asks for 43–128). */
export function newCodeVerifier(): string {
  return randomBytes(32).toString('base64url');
}

/** BASE64URL(SHA256(ASCII(code_verifier))), no padding (RFC 7636 §4.2, method S256). */
export function codeChallengeS256(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}
