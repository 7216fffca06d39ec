import { generateKeyPairSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppRequestError, type KeyKind } from '@shared/contract';
import { startSignOnSimulator, type RunningSignOnSimulator } from '../../../simulator/signOn/signOnSimulator';
import { createRequestRouter } from '../../platform/router/requestRouter';
import { createLogger, silentLogger } from '../../platform/log/logger';
import { createHttpClient } from '../../platform/net/httpClient';
import { createMemorySecretStore, type SecretStore } from '../../platform/secrets/secretStore';
import { openTestFeatureContext } from '../../tools/testkit/testFeatureContext';
import { createFakeScheduler } from '../../tools/testkit/fakeScheduler';
import { stubHandlers } from '../../tools/testkit/stubHandlers';
import { createWebApiStack } from '../webApi/webApiStack';
import { createSignOnFeature, type SignOnFeature } from './signOnFeature';
import { SIGN_ON_SECRET_NAMES } from './signOnSecrets';

const SECRET = 'cup-client-secret-7f3a9c';
const PLAYER = { puuid: 'p'.repeat(78), gameName: 'Quiet Lantern', tagLine: 'EUW' };
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const RSA_PEM = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

let server: RunningSignOnSimulator;
let dataDir: string;
const http = createHttpClient();
const started: SignOnFeature[] = [];

beforeAll(async () => {
  server = await startSignOnSimulator({
    clients: [
      { clientId: 'cup-basic', clientSecret: SECRET },
      { clientId: 'cup-jwt', publicKey: rsa.publicKey },
    ],
    account: PLAYER,
  });
});
afterAll(async () => {
  http.close();
  await server.close();
});
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightline-signon-'));
});
afterEach(async () => {
  for (const feature of started.splice(0)) await feature.stop?.();
  server.control.reset();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(
  options: { store?: SecretStore; keyKind?: KeyKind | null; mode?: 'desktop' | 'browser' } = {},
) {
  const lines: string[] = [];
  const logger = createLogger((line) => lines.push(line), 'debug');
  const fake = createFakeScheduler(Date.now());
  const context = await openTestFeatureContext({ dataDir, http, logger, scheduler: fake.scheduler });
  const { hub, settings } = context;
  const frames: string[] = [];
  hub.subscribe((message) => frames.push(JSON.stringify(message)));
  const keyKind = options.keyKind === undefined ? 'production' : options.keyKind;
  if (keyKind) {
    hub.set('webApi', {
      ...hub.state.webApi,
      key: {
        present: true,
        kind: keyKind,
        source: 'stored',
        warning: null,
        storage: { kind: 'os-encrypted' },
      },
    });
  }
  const store = options.store ?? createMemorySecretStore();
  const webApi = createWebApiStack({
    http,
    scheduler: fake.scheduler,
    logger,
    settings: () => settings.effective.webApi,
    hostTemplate: server.webApiTemplate,
    apiKey: async () => null,
  });
  const feature = createSignOnFeature(context, {
    mode: options.mode ?? 'desktop',
    secretStore: store,
    processEnv: { SIGHTLINE_SIGN_ON_BASE: server.url },
    webApi,
    hostPort: () => 4780,
  });
  started.push(feature);
  const route = feature.publicRoutes?.[0];
  if (!route) throw new Error('no callback route');
  const { handlers } = feature;
  await handlers['signOn.status']({});

  /** What the player's browser does: open the authorize URL and follow its redirect to the host. */
  const browse = async (authorizeUrl: string) => {
    const answer = await fetch(authorizeUrl, { redirect: 'manual' });
    const location = answer.headers.get('location') ?? '';
    expect(location.startsWith('http://127.0.0.1:4780/sign-on/callback?')).toBe(true);
    const target = new URL(location);
    return route.handle(Buffer.alloc(0), { url: `${target.pathname}${target.search}` } as IncomingMessage);
  };
  const link = async () => browse((await handlers['signOn.begin']({ consent: true })).authorizeUrl);
  return { feature, handlers, hub, store, lines, frames, fake, route, browse, link, settings, webApi };
}

const basicConfig = {
  authMethod: 'client_secret_basic',
  clientId: 'cup-basic',
  clientSecret: SECRET,
} as const;
const tokenRequests = () => server.control.requests().filter((request) => request.endpoint === 'token');

describe('sign-on availability', () => {
  it.each([
    [null, 'no API key is set yet'],
    ['development', 'this is a development key'],
    ['personal', 'this is a personal key'],
  ] as const)('is off without a production key (%s), with the reason', async (kind, reason) => {
    const { handlers, hub } = await start({ keyKind: kind });
    await handlers['signOn.config.save'](basicConfig);
    expect(hub.state.signOn.availability).toEqual({
      available: false,
      reason: expect.stringContaining(reason),
    });
    await expect(handlers['signOn.begin']({ consent: true })).rejects.toThrow(AppRequestError);
  });

  it('follows the key: a production key makes it available', async () => {
    const { hub } = await start({ keyKind: 'personal' });
    hub.set('webApi', { ...hub.state.webApi, key: { ...hub.state.webApi.key, kind: 'production' } });
    await Promise.resolve();
    expect(hub.state.signOn.availability).toEqual({ available: true, reason: null });
  });

  it('needs the client configuration before linking', async () => {
    const { handlers } = await start();
    await expect(handlers['signOn.begin']({ consent: true })).rejects.toThrow(/Set the sign-on client/);
  });
});

describe('linking an account', () => {
  it('starts only with the player’s opt-in to making their data public (consent: true), as the view sends it', async () => {
    const { handlers, hub } = await start();
    await handlers['signOn.config.save'](basicConfig);
    // The router every view goes through (IPC or WebSocket), so a payload is checked as the app checks it.
    const router = createRequestRouter(stubHandlers(handlers), silentLogger);
    for (const input of [{ consent: false }, {}, { consent: 'yes' }]) {
      const refused = await router('signOn.begin', input);
      expect(refused, JSON.stringify(input)).toMatchObject({ ok: false, error: { code: 'bad-input' } });
    }
    expect(hub.state.signOn.phase).not.toBe('awaiting-redirect');
    expect(server.control.requests()).toEqual([]);

    const started = await router('signOn.begin', { consent: true });
    expect(started.ok).toBe(true);
    expect(hub.state.signOn.phase).toBe('awaiting-redirect');
  });

  it('with client_secret_basic: authorize → code → tokens → accounts/me, the secret never shown back', async () => {
    const { handlers, hub, store, link } = await start();
    const config = await handlers['signOn.config.save'](basicConfig);
    expect(config).toEqual({
      clientId: 'cup-basic',
      authMethod: 'client_secret_basic',
      configured: true,
      storage: { kind: 'os-encrypted' },
      redirectUri: 'http://127.0.0.1:4780/sign-on/callback',
      warning: expect.stringContaining('fixed browser host port'),
    });
    const { authorizeUrl } = await handlers['signOn.begin']({ consent: true });
    const params = new URL(authorizeUrl).searchParams;
    expect(params.get('client_id')).toBe('cup-basic');
    expect(params.get('scope')).toBe('openid offline_access');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hub.state.signOn.phase).toBe('awaiting-redirect');
    server.control.reset();

    const page = await link();
    expect(page.status).toBe(200);
    expect(page.body).toContain('linked to Quiet Lantern#EUW');
    expect(hub.state.signOn.account).toEqual({ ...PLAYER, linkedAt: expect.any(Number) });
    expect(hub.state.signOn.phase).toBe('idle');
    expect(hub.state.signOn.lastError).toBeNull();
    expect(tokenRequests()).toEqual([
      {
        endpoint: 'token',
        status: 200,
        grantType: 'authorization_code',
        clientAuth: 'client_secret_basic',
        pkce: 'S256',
      },
    ]);
    expect(await store.get(SIGN_ON_SECRET_NAMES.client_secret_basic)).toBe(SECRET);
  });

  it('asks accounts/me through the shared limiter: a pause of that method holds it back', async () => {
    const { handlers, hub, fake, link, settings, webApi } = await start();
    await handlers['signOn.config.save'](basicConfig);
    const routing = settings.effective.webApi.region === 'sea' ? 'asia' : settings.effective.webApi.region;
    // An earlier accounts/me answered 429 (method, Retry-After 5 s): the next one waits for it.
    const earlier = await webApi.limiter.acquire({
      routing,
      method: 'account-v1.me',
      label: 'signed-in account lookups',
      bearer: true,
    });
    earlier.settle({
      status: 429,
      headers: { 'x-rate-limit-type': 'method', 'retry-after': '5' },
      backoffMs: 1000,
    });
    server.control.reset();
    const linking = link();
    const accountCalls = () =>
      server.control.requests().filter((request) => request.endpoint === 'accounts/me');
    const deadline = Date.now() + 5000;
    while (tokenRequests().length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(accountCalls()).toEqual([]);
    expect(hub.state.signOn.account).toBeNull();
    await fake.advance(4000);
    expect(accountCalls()).toEqual([]);
    await fake.advance(2000);
    expect((await linking).status).toBe(200);
    expect(accountCalls()).toHaveLength(1);
    expect(hub.state.signOn.account?.puuid).toBe(PLAYER.puuid);
  });

  it('with private_key_jwt: a signed client assertion', async () => {
    const { handlers, hub, link } = await start();
    await handlers['signOn.config.save']({
      authMethod: 'private_key_jwt',
      clientId: 'cup-jwt',
      privateKey: RSA_PEM,
    });
    expect((await link()).status).toBe(200);
    expect(hub.state.signOn.account?.puuid).toBe(PLAYER.puuid);
    expect(tokenRequests().map((request) => request.clientAuth)).toEqual(['private_key_jwt']);
  });

  it('refuses a private key it cannot use before storing it', async () => {
    const { handlers, store } = await start();
    await expect(
      handlers['signOn.config.save']({
        authMethod: 'private_key_jwt',
        clientId: 'cup-jwt',
        privateKey: 'oops',
      }),
    ).rejects.toThrow(/PEM private key/);
    expect(await store.get(SIGN_ON_SECRET_NAMES.private_key_jwt)).toBeNull();
  });

  it('wrong client credentials: invalid_client, nothing linked', async () => {
    const { handlers, hub, link } = await start();
    await handlers['signOn.config.save']({ ...basicConfig, clientSecret: 'not-the-secret' });
    const page = await link();
    expect(page.status).toBe(502);
    expect(hub.state.signOn.account).toBeNull();
    expect(hub.state.signOn.lastError).toContain('invalid_client');
    expect(tokenRequests()).toEqual([
      { endpoint: 'token', status: 401, grantType: 'authorization_code', clientAuth: 'refused' },
    ]);
  });

  it('a wrong state is refused and no code is exchanged; the real redirect still works', async () => {
    const { handlers, hub, browse, route } = await start();
    await handlers['signOn.config.save'](basicConfig);
    const { authorizeUrl } = await handlers['signOn.begin']({ consent: true });
    server.control.answerWithWrongState();
    const page = await browse(authorizeUrl);
    expect(page.status).toBe(400);
    expect(page.body).toContain('wrong or missing state');
    expect(hub.state.signOn.account).toBeNull();
    expect(hub.state.signOn.lastError).toContain('nothing was linked');
    const missing = await route.handle(Buffer.alloc(0), {
      url: '/sign-on/callback?code=abc',
    } as IncomingMessage);
    expect(missing.status).toBe(400);
    expect(tokenRequests()).toEqual([]);

    expect((await browse(authorizeUrl)).status).toBe(200);
    expect(hub.state.signOn.account?.gameName).toBe('Quiet Lantern');
  });

  it('a redirect nobody asked for is refused', async () => {
    const { handlers, route, hub } = await start();
    await handlers['signOn.config.save'](basicConfig);
    const page = await route.handle(Buffer.alloc(0), {
      url: '/sign-on/callback?code=x&state=y',
    } as IncomingMessage);
    expect(page.status).toBe(400);
    expect(hub.state.signOn.account).toBeNull();
    expect(tokenRequests()).toEqual([]);
  });

  it('a player who declines on the sign-on page links nothing', async () => {
    const { handlers, hub, link } = await start();
    await handlers['signOn.config.save'](basicConfig);
    server.control.denyNext('access_denied');
    expect((await link()).status).toBe(400);
    expect(hub.state.signOn.lastError).toContain('access_denied');
    expect(tokenRequests()).toEqual([]);
  });
});

describe('a linked account', () => {
  it('refreshes an expired access token with the refresh token', async () => {
    const { feature, handlers, hub, fake, link } = await start();
    await handlers['signOn.config.save'](basicConfig);
    await link();
    const first = await feature.accessToken();
    server.control.expireAccessTokens();
    await fake.advance(2 * 3600 * 1000);
    const state = await handlers['signOn.refresh']({});
    expect(state.account?.puuid).toBe(PLAYER.puuid);
    const second = await feature.accessToken();
    expect(second).not.toBe(first);
    expect(tokenRequests().map((request) => request.grantType)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    expect(hub.state.signOn.lastError).toBeNull();
  });

  it('ends the link when the refresh token is refused', async () => {
    const { feature, handlers, hub, fake, link, store } = await start();
    await handlers['signOn.config.save'](basicConfig);
    await link();
    server.control.revokeRefreshTokens();
    await fake.advance(2 * 3600 * 1000);
    expect(await feature.accessToken()).toBeNull();
    expect(hub.state.signOn.account).toBeNull();
    expect(hub.state.signOn.lastError).toContain('link the account again');
    expect(await store.get(SIGN_ON_SECRET_NAMES.session)).toBeNull();
  });

  it('survives a restart, and sign-out clears tokens and account', async () => {
    const store = createMemorySecretStore();
    const first = await start({ store });
    await first.handlers['signOn.config.save'](basicConfig);
    await first.link();
    const again = await start({ store });
    expect(again.hub.state.signOn.account?.gameName).toBe('Quiet Lantern');
    expect(await again.feature.accessToken()).toEqual(expect.stringMatching(/^access-/));

    const state = await again.handlers['signOn.signOut']({});
    expect(state.account).toBeNull();
    expect(again.hub.state.signOn.account).toBeNull();
    expect(await again.feature.accessToken()).toBeNull();
    expect(await store.get(SIGN_ON_SECRET_NAMES.session)).toBeNull();
    // The organizer's client stays configured for the next player.
    expect(again.hub.state.signOn.config.configured).toBe(true);
  });

  it('keeps the headless host’s secrets in a 0600 file', async () => {
    const { handlers, hub, link } = await start({ mode: 'browser' });
    await handlers['signOn.config.save'](basicConfig);
    expect(hub.state.signOn.config.storage).toEqual({
      kind: 'plain-file',
      path: join(dataDir, 'sign-on-secrets.json'),
    });
    await link();
    const reopened = await start({ mode: 'browser' });
    expect(reopened.hub.state.signOn.account?.puuid).toBe(PLAYER.puuid);
  });

  it('never logs or pushes a token, code or the client secret', async () => {
    const { handlers, feature, lines, frames, fake, link } = await start();
    await handlers['signOn.config.save'](basicConfig);
    await link();
    server.control.expireAccessTokens();
    await fake.advance(2 * 3600 * 1000);
    await handlers['signOn.refresh']({});
    await feature.accessToken();
    await handlers['signOn.signOut']({});
    const secrets = [SECRET, ...server.control.issuedTokens()];
    expect(secrets.length).toBeGreaterThan(4);
    const written = [...lines, ...frames].join('\n');
    expect(lines.some((line) => line.includes('sign-on account linked'))).toBe(true);
    for (const secret of secrets) expect(written).not.toContain(secret);
  });
});
