import { createPrivateKey, randomUUID, sign, type KeyObject } from 'node:crypto';

/** A private_key_jwt credential: a key Sightline signs with, or a ready-made (long-lived) assertion. */
export type PrivateKeyCredential = { kind: 'key'; key: KeyObject } | { kind: 'assertion'; assertion: string };

const JWT_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
/** An assertion is short-lived: the server only needs it for this one request. */
const ASSERTION_LIFETIME_SECONDS = 300;

/**
 * Reads what the organizer pasted: a PEM private key (RSA, EC P-256 or Ed25519) or the publisher's
 * ready-made assertion (the "100 year token"). Returns a message for anything else.
 */
export function parsePrivateKeyCredential(text: string): PrivateKeyCredential | { problem: string } {
  const trimmed = text.trim();
  if (JWT_PATTERN.test(trimmed)) return { kind: 'assertion', assertion: trimmed };
  if (!trimmed.includes('-----BEGIN')) {
    return {
      problem:
        'Paste a PEM private key (-----BEGIN PRIVATE KEY-----) or the client assertion you were given.',
    };
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(trimmed);
  } catch {
    return { problem: 'That private key could not be read: paste the whole PEM block, unencrypted.' };
  }
  if (algorithmOf(key) === null) {
    return { problem: 'Only RSA, EC P-256 and Ed25519 private keys can sign a client assertion.' };
  }
  return { kind: 'key', key };
}

type JwtAlgorithm = 'RS256' | 'ES256' | 'EdDSA';

function algorithmOf(key: KeyObject): JwtAlgorithm | null {
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  return null;
}

export interface AssertionClaims {
  clientId: string;
  /** The token endpoint's URL (RFC 7523: the audience is the authorization server). */
  audience: string;
  /** Epoch ms. */
  now: number;
  jti?: string;
}

/** The client_assertion for one token request (RFC 7523 §3), signed with node:crypto. */
export function clientAssertion(credential: PrivateKeyCredential, claims: AssertionClaims): string {
  if (credential.kind === 'assertion') return credential.assertion;
  const alg = algorithmOf(credential.key);
  if (alg === null) throw new Error('unsupported private key type');
  const issuedAt = Math.floor(claims.now / 1000);
  const header = encodeSegment({ alg, typ: 'JWT' });
  const payload = encodeSegment({
    iss: claims.clientId,
    sub: claims.clientId,
    aud: claims.audience,
    iat: issuedAt,
    exp: issuedAt + ASSERTION_LIFETIME_SECONDS,
    jti: claims.jti ?? randomUUID(),
  });
  const input = Buffer.from(`${header}.${payload}`);
  const signature =
    alg === 'ES256'
      ? sign('sha256', input, { key: credential.key, dsaEncoding: 'ieee-p1363' })
      : sign(alg === 'EdDSA' ? null : 'sha256', input, credential.key);
  return `${header}.${payload}.${signature.toString('base64url')}`;
}

function encodeSegment(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
