import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createScriptedHttpClient, httpError, ok } from '../../tools/testkit/scriptedHttpClient';
import { parsePrivateKeyCredential } from './clientAssertion';
import { createSignOnTokenClient } from './signOnTokenClient';

const NOW = 1_700_000_000_000;

function setup(answer = ok({ access_token: 'at-1', refresh_token: 'rt-1', expires_in: 600 })) {
  const scripted = createScriptedHttpClient(() => answer);
  const client = createSignOnTokenClient({
    http: scripted.client,
    baseUrl: 'https://auth.example.com',
    now: () => NOW,
  });
  return { client, requests: scripted.requests };
}

const basic = { method: 'client_secret_basic', clientId: 'cup:1', clientSecret: 's3cr&t' } as const;

describe('createSignOnTokenClient', () => {
  it('exchanges a code with client_secret_basic: form body, Basic header of the encoded pair', async () => {
    const { client, requests } = setup();
    const result = await client.exchangeCode(
      basic,
      'code-1',
      'http://127.0.0.1:4780/sign-on/callback',
      'verifier-of-the-link-0123456789abcdefghijklmn',
    );
    expect(result).toEqual({
      ok: true,
      tokens: { accessToken: 'at-1', refreshToken: 'rt-1', expiresAt: NOW + 600_000 },
    });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('https://auth.example.com/token');
    expect(request?.form).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: 'http://127.0.0.1:4780/sign-on/callback',
      code_verifier: 'verifier-of-the-link-0123456789abcdefghijklmn',
    });
    expect(request?.headers?.authorization).toBe(
      `Basic ${Buffer.from('cup%3A1:s3cr%26t').toString('base64')}`,
    );
  });

  it('exchanges a code with private_key_jwt: a client assertion for the token endpoint, no Basic header', async () => {
    const { client, requests } = setup();
    const credential = parsePrivateKeyCredential(
      generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    );
    if ('problem' in credential) throw new Error(credential.problem);
    await client.exchangeCode(
      { method: 'private_key_jwt', clientId: 'cup', credential },
      'code-2',
      'http://x/cb',
      'v'.repeat(43),
    );
    const form = requests[0]?.form ?? {};
    expect(requests[0]?.headers?.authorization).toBeUndefined();
    expect(form.client_id).toBe('cup');
    expect(form.client_assertion_type).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
    const claims = JSON.parse(
      Buffer.from(form.client_assertion?.split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims).toMatchObject({ iss: 'cup', sub: 'cup', aud: 'https://auth.example.com/token' });
  });

  it('refreshes with the refresh token; a missing lifetime means an hour', async () => {
    const { client, requests } = setup(ok({ access_token: 'at-2', token_type: 'Bearer', id_token: 'x' }));
    expect(await client.refresh(basic, 'rt-1')).toEqual({
      ok: true,
      tokens: { accessToken: 'at-2', refreshToken: null, expiresAt: NOW + 3_600_000 },
    });
    expect(requests[0]?.form).toEqual({ grant_type: 'refresh_token', refresh_token: 'rt-1' });
  });

  it('turns refusals into messages: wrong credentials, a spent grant, a bad answer', async () => {
    const wrong = await setup(httpError(401, { error: 'invalid_client' })).client.exchangeCode(
      basic,
      'c',
      'r',
      'v'.repeat(43),
    );
    expect(wrong).toMatchObject({
      ok: false,
      kind: 'invalid-client',
      message: expect.stringContaining('client ID'),
    });
    const spent = await setup(httpError(400, { error: 'invalid_grant' })).client.refresh(basic, 'rt');
    expect(spent).toMatchObject({ ok: false, kind: 'invalid-grant' });
    const odd = await setup(ok({ token_type: 'Bearer' })).client.refresh(basic, 'rt');
    expect(odd).toMatchObject({ ok: false, kind: 'malformed' });
    const down = await setup({ kind: 'refused' }).client.refresh(basic, 'rt');
    expect(down).toMatchObject({
      ok: false,
      kind: 'unavailable',
      message: expect.stringContaining('refused'),
    });
  });

  it('says the wait a busy server names (429, 503 with Retry-After), and no wait when none is named', async () => {
    const limited = { ...httpError(429, { error: 'slow_down' }), headers: { 'retry-after': '2' } };
    expect(await setup(limited).client.refresh(basic, 'rt')).toEqual({
      ok: false,
      kind: 'unavailable',
      message: 'The sign-on server refused the request (HTTP 429, slow_down): try again in 2 s.',
    });
    expect(await setup(httpError(503)).client.refresh(basic, 'rt')).toMatchObject({
      message: 'The sign-on server refused the request (HTTP 503).',
    });
  });
});
