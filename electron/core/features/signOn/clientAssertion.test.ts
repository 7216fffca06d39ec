import { generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientAssertion, parsePrivateKeyCredential } from './clientAssertion';

const decode = (segment: string | undefined): Record<string, unknown> =>
  JSON.parse(Buffer.from(segment ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

function pem(key: KeyObject): string {
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

describe('clientAssertion', () => {
  const claims = { clientId: 'cup', audience: 'https://auth.riotgames.com/token', now: 1_700_000_000_000 };

  it.each([
    ['RS256', generateKeyPairSync('rsa', { modulusLength: 2048 }), 'sha256', {}],
    ['ES256', generateKeyPairSync('ec', { namedCurve: 'P-256' }), 'sha256', { dsaEncoding: 'ieee-p1363' }],
    ['EdDSA', generateKeyPairSync('ed25519'), null, {}],
  ] as const)(
    'signs an RFC 7523 assertion with %s that the public key verifies',
    (alg, pair, hash, extra) => {
      const credential = parsePrivateKeyCredential(pem(pair.privateKey));
      if ('problem' in credential) throw new Error(credential.problem);
      const jwt = clientAssertion(credential, { ...claims, jti: 'one' });
      const [header, payload, signature] = jwt.split('.');
      expect(decode(header)).toEqual({ alg, typ: 'JWT' });
      expect(decode(payload)).toEqual({
        iss: 'cup',
        sub: 'cup',
        aud: 'https://auth.riotgames.com/token',
        iat: 1_700_000_000,
        exp: 1_700_000_300,
        jti: 'one',
      });
      const valid = verify(
        hash,
        Buffer.from(`${header}.${payload}`),
        { key: pair.publicKey, ...extra },
        Buffer.from(signature ?? '', 'base64url'),
      );
      expect(valid).toBe(true);
    },
  );

  it('gives every assertion its own jti', () => {
    const credential = parsePrivateKeyCredential(pem(generateKeyPairSync('ed25519').privateKey));
    if ('problem' in credential) throw new Error(credential.problem);
    const jti = (jwt: string) => decode(jwt.split('.')[1]).jti;
    expect(jti(clientAssertion(credential, claims))).not.toBe(jti(clientAssertion(credential, claims)));
  });

  it('passes a ready-made assertion through unchanged', () => {
    const credential = parsePrivateKeyCredential('  eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJjdXAifQ.c2ln  ');
    expect(credential).toEqual({
      kind: 'assertion',
      assertion: 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJjdXAifQ.c2ln',
    });
    if ('problem' in credential) throw new Error(credential.problem);
    expect(clientAssertion(credential, claims)).toBe('eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJjdXAifQ.c2ln');
  });

  it('explains what it cannot use', () => {
    expect(parsePrivateKeyCredential('hunter2')).toEqual({
      problem: expect.stringContaining('PEM private key'),
    });
    expect(parsePrivateKeyCredential('-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----')).toEqual(
      {
        problem: expect.stringContaining('could not be read'),
      },
    );
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey;
    expect(parsePrivateKeyCredential(pem(p384))).toEqual({
      problem: expect.stringContaining('RSA, EC P-256'),
    });
  });
});
