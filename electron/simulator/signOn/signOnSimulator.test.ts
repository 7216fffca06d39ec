import { generateKeyPairSync, sign } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSignOnSimulator, type RunningSignOnSimulator } from './signOnSimulator';

const pair = generateKeyPairSync('ed25519');
const stranger = generateKeyPairSync('ed25519');
let server: RunningSignOnSimulator;

beforeAll(async () => {
  server = await startSignOnSimulator({
    clients: [{ clientId: 'cup', clientSecret: 'secret', publicKey: pair.publicKey }],
    account: { puuid: 'puuid-1', gameName: 'Ember Fox', tagLine: 'KR1' },
  });
});
afterAll(() => server.close());
afterEach(() => server.control.reset());

function assertion(claims: Record<string, unknown>, key = pair.privateKey): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ alg: 'EdDSA', typ: 'JWT' })}.${part(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), key).toString('base64url')}`;
}

// RFC 7636 Appendix B: a verifier and its S256 challenge.
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

async function authorize(pkce: Record<string, string>): Promise<URL> {
  const url = new URL(`${server.url}/authorize`);
  url.search = new URLSearchParams({
    client_id: 'cup',
    redirect_uri: 'http://127.0.0.1:1/cb',
    response_type: 'code',
    scope: 'openid offline_access',
    state: 'st',
    ...pkce,
  }).toString();
  const answer = await fetch(url, { redirect: 'manual' });
  const location = new URL(answer.headers.get('location') ?? '');
  expect(location.searchParams.get('state')).toBe('st');
  return location;
}

async function code(): Promise<string> {
  const location = await authorize({ code_challenge: CHALLENGE, code_challenge_method: 'S256' });
  return location.searchParams.get('code') ?? '';
}

async function token(form: Record<string, string>, headers: Record<string, string> = {}) {
  const answer = await fetch(`${server.url}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

const basic = (secret: string) => ({
  authorization: `Basic ${Buffer.from(`cup:${secret}`).toString('base64')}`,
});
const jwtForm = (claims: Record<string, unknown>, key = pair.privateKey) => ({
  client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
  client_assertion: assertion(claims, key),
});

describe('sign-on simulator', () => {
  const exp = () => Math.floor(Date.now() / 1000) + 60;

  it('exchanges a code once, and answers accounts/me for the token', async () => {
    const grant = {
      grant_type: 'authorization_code',
      code: await code(),
      redirect_uri: 'http://127.0.0.1:1/cb',
      code_verifier: VERIFIER,
    };
    const first = await token(grant, basic('secret'));
    expect(first.status).toBe(200);
    expect((await token(grant, basic('secret'))).body).toEqual({ error: 'invalid_grant' });
    const me = await fetch(`${server.url}/europe/riot/account/v1/accounts/me`, {
      headers: { authorization: `Bearer ${String(first.body.access_token)}` },
    });
    expect(await me.json()).toEqual({ puuid: 'puuid-1', gameName: 'Ember Fox', tagLine: 'KR1' });
    const refreshed = await token(
      { grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token) },
      basic('secret'),
    );
    expect(refreshed.status).toBe(200);
    server.control.expireAccessTokens();
    const expired = await fetch(`${server.url}/riot/account/v1/accounts/me`, {
      headers: { authorization: `Bearer ${String(refreshed.body.access_token)}` },
    });
    expect(expired.status).toBe(401);
  });

  it('refuses wrong client authentication with 401 invalid_client', async () => {
    const grant = {
      grant_type: 'authorization_code',
      code: await code(),
      redirect_uri: 'http://127.0.0.1:1/cb',
      code_verifier: VERIFIER,
    };
    const aud = `${server.url}/token`;
    const refused = [
      await token(grant, basic('wrong')),
      await token(grant),
      await token({
        ...grant,
        ...jwtForm({ iss: 'cup', sub: 'cup', aud: 'https://elsewhere/token', exp: exp() }),
      }),
      await token({ ...grant, ...jwtForm({ iss: 'cup', sub: 'cup', aud, exp: 1000 }) }),
      await token({ ...grant, ...jwtForm({ iss: 'cup', sub: 'other', aud, exp: exp() }) }),
      await token({ ...grant, ...jwtForm({ iss: 'cup', sub: 'cup', aud, exp: exp() }, stranger.privateKey) }),
    ];
    for (const answer of refused)
      expect(answer).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const accepted = await token({ ...grant, ...jwtForm({ iss: 'cup', sub: 'cup', aud, exp: exp() }) });
    expect(accepted.status).toBe(200);
  });

  it('requires PKCE with S256: no challenge, a plain one, or a verifier that is missing, malformed or wrong is refused', async () => {
    const withoutS256: Record<string, string>[] = [
      {},
      { code_challenge: CHALLENGE },
      { code_challenge: VERIFIER, code_challenge_method: 'plain' },
      { code_challenge: 'short', code_challenge_method: 'S256' },
    ];
    for (const pkce of withoutS256) {
      const refused = await authorize(pkce);
      expect(refused.searchParams.get('error'), JSON.stringify(pkce)).toBe('invalid_request');
      expect(refused.searchParams.get('code')).toBeNull();
    }
    const grant = async (verifier?: string) => {
      const form: Record<string, string> = {
        grant_type: 'authorization_code',
        code: await code(),
        redirect_uri: 'http://127.0.0.1:1/cb',
      };
      if (verifier !== undefined) form.code_verifier = verifier;
      return token(form, basic('secret'));
    };
    expect(await grant()).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await grant('too-short')).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    expect(await grant(`${VERIFIER}!`)).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    const other = 'x'.repeat(43);
    expect(await grant(other)).toEqual({ status: 400, body: { error: 'invalid_grant' } });
    expect((await grant(VERIFIER)).status).toBe(200);
  });

  it('can answer with a forged state or a refusal', async () => {
    server.control.answerWithWrongState();
    const url = `${server.url}/authorize?client_id=cup&redirect_uri=http%3A%2F%2F127.0.0.1%3A1%2Fcb&response_type=code&scope=openid&state=st&code_challenge=${CHALLENGE}&code_challenge_method=S256`;
    const forged = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
    expect(forged.searchParams.get('state')).not.toBe('st');
    server.control.denyNext();
    const denied = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('code')).toBeNull();
  });

  it('answers /token and accounts/me with the fault set, until it is cleared; /authorize stays well', async () => {
    const grant = {
      grant_type: 'authorization_code',
      redirect_uri: 'http://127.0.0.1:1/cb',
      code_verifier: VERIFIER,
    };
    server.control.setFault('server-error');
    const unavailable = await token({ ...grant, code: await code() }, basic('secret'));
    expect(unavailable).toEqual({ status: 503, body: { error: 'temporarily_unavailable' } });

    server.control.setFault('429-retry-after');
    const limited = await fetch(`${server.url}/riot/account/v1/accounts/me`, {
      headers: { authorization: 'Bearer whatever' },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');

    server.control.setFault('malformed-json');
    const malformed = await fetch(`${server.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...basic('secret') },
      body: new URLSearchParams({ ...grant, code: await code() }),
    });
    await expect(malformed.json()).rejects.toThrow();

    server.control.setFault('wrong-shape');
    const wrong = await token({ ...grant, code: await code() }, basic('secret'));
    expect(Array.isArray(wrong.body)).toBe(true);

    server.control.setFault(null);
    expect((await token({ ...grant, code: await code() }, basic('secret'))).status).toBe(200);
    expect(server.control.requests().map((entry) => entry.status)).toEqual([
      302, 503, 429, 302, 200, 302, 200, 302, 200,
    ]);
  });

  it('holds a request without an answer while hanging, and cuts a body short on reset-mid-body', async () => {
    server.control.setFault('hang');
    const hung = await new Promise<string>((resolve) => {
      const call = request(`${server.url}/token`, { method: 'POST', timeout: 300 });
      call.on('timeout', () => {
        call.destroy();
        resolve('no answer');
      });
      call.on('response', () => resolve('answered'));
      call.on('error', () => undefined);
      call.end('grant_type=refresh_token');
    });
    expect(hung).toBe('no answer');

    server.control.setFault('reset-mid-body');
    const cut = await fetch(`${server.url}/riot/account/v1/accounts/me`)
      .then((answer) => answer.text())
      .catch((error: unknown) => error);
    expect(cut).toBeInstanceOf(Error);
  });
});
