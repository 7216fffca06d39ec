import { createPublicKey, timingSafeEqual, verify, type KeyObject } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** A sign-on client the fake server knows: a secret (client_secret_basic) and/or a public key (private_key_jwt). */
export interface SimulatedSignOnClient {
  clientId: string;
  clientSecret?: string;
  /** PEM or KeyObject of the key pair whose private half signs the client assertions. */
  publicKey?: string | KeyObject;
}

export type ClientCheck =
  | { ok: true; clientId: string; method: 'client_secret_basic' | 'private_key_jwt' }
  | { ok: false; reason: string };

const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/**
 * Authenticates a token request the way an OAuth server does: a Basic header (RFC 6749 §2.3.1, each
 * part form-encoded) or a signed client assertion (RFC 7523 §3) whose iss and sub are the client, whose
 * aud is the token endpoint, and which has not expired.
 */
export function authenticateClient(
  headers: IncomingHttpHeaders,
  form: URLSearchParams,
  clients: Map<string, SimulatedSignOnClient>,
  tokenUrl: string,
  nowSeconds: number,
): ClientCheck {
  const basic = /^Basic (.+)$/i.exec(headers.authorization ?? '')?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return { ok: false, reason: 'malformed basic credentials' };
    const clientId = decodeURIComponent(decoded.slice(0, colon));
    const secret = decodeURIComponent(decoded.slice(colon + 1));
    const client = clients.get(clientId);
    if (!client?.clientSecret || !sameText(client.clientSecret, secret)) {
      return { ok: false, reason: 'unknown client or wrong secret' };
    }
    return { ok: true, clientId, method: 'client_secret_basic' };
  }
  const assertion = form.get('client_assertion');
  if (!assertion) return { ok: false, reason: 'no client authentication' };
  if (form.get('client_assertion_type') !== ASSERTION_TYPE)
    return { ok: false, reason: 'wrong assertion type' };
  const [headerPart, payloadPart, signaturePart] = assertion.split('.');
  if (!headerPart || !payloadPart || !signaturePart) return { ok: false, reason: 'malformed assertion' };
  const header = readSegment(headerPart);
  const claims = readSegment(payloadPart);
  if (!header || !claims) return { ok: false, reason: 'malformed assertion' };
  const clientId = typeof claims.iss === 'string' ? claims.iss : '';
  const client = clients.get(clientId);
  if (!client?.publicKey) return { ok: false, reason: 'unknown client' };
  const formClientId = form.get('client_id');
  if (claims.sub !== clientId || (formClientId !== null && formClientId !== clientId)) {
    return { ok: false, reason: 'iss, sub and client_id disagree' };
  }
  if (claims.aud !== tokenUrl) return { ok: false, reason: 'wrong audience' };
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds)
    return { ok: false, reason: 'expired assertion' };
  const key = typeof client.publicKey === 'string' ? createPublicKey(client.publicKey) : client.publicKey;
  const input = Buffer.from(`${headerPart}.${payloadPart}`);
  const signature = Buffer.from(signaturePart, 'base64url');
  const valid =
    header.alg === 'RS256'
      ? verify('sha256', input, key, signature)
      : header.alg === 'ES256'
        ? verify('sha256', input, { key, dsaEncoding: 'ieee-p1363' }, signature)
        : header.alg === 'EdDSA'
          ? verify(null, input, key, signature)
          : false;
  if (!valid) return { ok: false, reason: 'bad signature' };
  return { ok: true, clientId, method: 'private_key_jwt' };
}

function readSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
