import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTlsAuthority, type TlsAuthority } from '../../../simulator/tlsAuthority';
import { createHttpClient, describeFailure } from './httpClient';
import { createLoopbackTrust } from './loopbackTrust';

const publishedRoot = readFileSync(new URL('../../../../resources/riotgames.pem', import.meta.url), 'utf8');

const routes: RequestListener = (req, res) => {
  switch (req.url) {
    case '/ok':
      return void res.end('{"gameTime": 12.5}');
    case '/missing':
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end('{"message":"loading"}');
    case '/malformed':
      return void res.end('{"gameTime": ');
    case '/truncated':
      res.writeHead(200, { 'content-length': '100' });
      res.write('{"a":');
      return void setTimeout(() => res.socket?.destroy(), 20);
    case '/large':
      return void res.end(`"${'x'.repeat(2048)}"`);
    case '/hang':
      return;
    case '/page':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(`<p>Caf\u00e9 ${req.headers.accept ?? ''}</p>`);
    case '/gone':
      res.writeHead(410, { 'content-type': 'text/html' });
      return void res.end('<h1>Gone</h1>');
    case '/echo': {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      return void req.on('end', () =>
        res.end(JSON.stringify({ method: req.method, body: JSON.parse(body) })),
      );
    }
    default:
      res.writeHead(500);
      res.end('boom');
  }
};

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(String((server.address() as AddressInfo).port))),
  );
}

describe('createHttpClient', () => {
  let authority: TlsAuthority;
  let stranger: TlsAuthority;
  let httpsBase: string;
  /** A leaf named like the current game client: CN rclient, SAN localhost and 127.0.0.1. */
  let currentClient: TlsAuthority;
  let currentClientBase: string;
  /** A leaf named for another service. */
  let otherName: TlsAuthority;
  let otherNameBase: string;
  let httpBase: string;
  const servers: Server[] = [];

  beforeAll(async () => {
    authority = await createTlsAuthority();
    stranger = await createTlsAuthority({ caName: 'Unrelated CA' });
    const https = createHttpsServer({ cert: authority.leaf.cert, key: authority.leaf.key }, routes);
    const http = createHttpServer(routes);
    currentClient = await createTlsAuthority({
      leafAltNames: [
        { type: 'dns', value: 'localhost' },
        { type: 'ip', value: '127.0.0.1' },
      ],
    });
    otherName = await createTlsAuthority({ leafName: 'updates.example' });
    const currentClientHttps = createHttpsServer(currentClient.leaf, routes);
    const otherNameHttps = createHttpsServer(otherName.leaf, routes);
    servers.push(https, http, currentClientHttps, otherNameHttps);
    httpsBase = `https://127.0.0.1:${await listen(https)}`;
    httpBase = `http://127.0.0.1:${await listen(http)}`;
    currentClientBase = `https://127.0.0.1:${await listen(currentClientHttps)}`;
    otherNameBase = `https://127.0.0.1:${await listen(otherNameHttps)}`;
  });

  afterAll(() => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  });

  it('trusts the game client through a pinned CA although the leaf is not named 127.0.0.1', async () => {
    const client = createHttpClient({ loopbackTrust: createLoopbackTrust([publishedRoot, authority.caPem]) });
    expect(await client.send({ url: `${httpsBase}/ok` })).toMatchObject({
      kind: 'ok',
      body: { gameTime: 12.5 },
    });
    client.close();
  });

  it('accepts the current game client certificate, named for localhost and 127.0.0.1', async () => {
    const client = createHttpClient({
      loopbackTrust: createLoopbackTrust([publishedRoot, currentClient.caPem]),
    });
    expect(await client.send({ url: `${currentClientBase}/ok` })).toMatchObject({ kind: 'ok' });
    client.close();
  });

  it('refuses a certificate from a trusted CA that names neither the game client nor the address', async () => {
    const client = createHttpClient({ loopbackTrust: createLoopbackTrust([publishedRoot, otherName.caPem]) });
    const outcome = await client.send({ url: `${otherNameBase}/ok` });
    expect(outcome).toEqual({ kind: 'untrusted-certificate', detail: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    if (outcome.kind !== 'ok') expect(describeFailure(outcome)).toBe('untrusted certificate name');
    client.close();
  });

  it('refuses a certificate from any other CA', async () => {
    const client = createHttpClient({ loopbackTrust: createLoopbackTrust([publishedRoot, stranger.caPem]) });
    expect(await client.send({ url: `${httpsBase}/ok` })).toMatchObject({ kind: 'untrusted-certificate' });
    client.close();
  });

  it('refuses the simulator with only the published root trusted (the default)', async () => {
    const client = createHttpClient({ loopbackTrust: createLoopbackTrust([publishedRoot]) });
    expect((await client.send({ url: `${httpsBase}/ok` })).kind).toBe('untrusted-certificate');
    client.close();
  });

  it('still checks names for hosts that are not loopback', () => {
    const trust = createLoopbackTrust([authority.caPem]);
    const cert = { subject: { CN: 'rclient' }, subjectaltname: 'DNS:rclient' } as Parameters<
      typeof trust.checkServerIdentity
    >[1];
    expect(trust.checkServerIdentity('127.0.0.1', cert)).toBeUndefined();
    expect(trust.checkServerIdentity('example.com', cert)).toBeInstanceOf(Error);
    const other = {
      subject: { CN: 'updates.example' },
      subjectaltname: 'DNS:updates.example',
    } as typeof cert;
    expect(trust.checkServerIdentity('127.0.0.1', other)?.message).toMatch(
      /certificate name is not the game client's: expected rclient or 127\.0\.0\.1/,
    );
  });

  it('reports every failure as a value', async () => {
    const client = createHttpClient({ maxBodyBytes: 1024, defaultTimeoutMs: 300 });
    expect(await client.send({ url: `${httpBase}/missing` })).toMatchObject({
      kind: 'http-error',
      status: 404,
      body: { message: 'loading' },
    });
    expect((await client.send({ url: `${httpBase}/malformed` })).kind).toBe('malformed');
    expect((await client.send({ url: `${httpBase}/truncated` })).kind).toBe('malformed');
    expect(await client.send({ url: `${httpBase}/large` })).toMatchObject({ kind: 'malformed' });
    expect((await client.send({ url: `${httpBase}/hang` })).kind).toBe('timeout');
    expect(await client.send({ url: `${httpBase}/other` })).toMatchObject({
      kind: 'http-error',
      status: 500,
    });
    expect((await client.send({ url: 'http://127.0.0.1:1/' })).kind).toBe('refused');
    client.close();
  });

  it('says a host name could not be resolved, without sending anything anywhere', async () => {
    // The lookup stands in for DNS: nothing is queried and no packet leaves this machine.
    const asked: string[] = [];
    const offline: LookupFunction = (hostname, _options, callback) => {
      asked.push(hostname);
      const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      error.code = 'ENOTFOUND';
      callback(error, '', 4);
    };
    const client = createHttpClient({ lookup: offline, defaultTimeoutMs: 2000 });
    for (const url of [
      'https://ddragon.leagueoflegends.com/api/versions.json',
      'https://europe.api.riotgames.com/riot/account/v1/accounts/by-riot-id/a/b',
      'http://store.example/ucp',
    ]) {
      const outcome = await client.send({ url });
      expect(outcome).toMatchObject({ kind: 'network' });
      if (outcome.kind !== 'network') continue;
      expect(describeFailure(outcome)).toBe(
        "network error: the host's name could not be resolved (offline or DNS down: ENOTFOUND)",
      );
    }
    expect(asked).toEqual(['ddragon.leagueoflegends.com', 'europe.api.riotgames.com', 'store.example']);
    client.close();
  });

  it('hands back text or bytes untouched when asked, failures included', async () => {
    const client = createHttpClient();
    expect(await client.send({ url: `${httpBase}/page`, responseType: 'text' })).toMatchObject({
      kind: 'ok',
      status: 200,
      body: '<p>Caf\u00e9 */*</p>',
    });
    expect(await client.send({ url: `${httpBase}/gone`, responseType: 'text' })).toMatchObject({
      kind: 'http-error',
      status: 410,
      body: null,
      text: '<h1>Gone</h1>',
    });
    const bytes = await client.send({ url: `${httpBase}/page`, responseType: 'bytes' });
    expect(bytes.kind === 'ok' && Buffer.isBuffer(bytes.body) ? bytes.body.toString('utf8') : null).toBe(
      '<p>Caf\u00e9 */*</p>',
    );
    // The same page is not JSON: the default mode still says so.
    expect((await client.send({ url: `${httpBase}/page` })).kind).toBe('malformed');
    client.close();
  });

  it('sends JSON bodies and can be cancelled', async () => {
    const client = createHttpClient();
    expect(
      await client.send({ method: 'POST', url: `${httpBase}/echo`, json: { paused: true } }),
    ).toMatchObject({
      kind: 'ok',
      body: { method: 'POST', body: { paused: true } },
    });
    const controller = new AbortController();
    const pending = client.send({ url: `${httpBase}/hang`, signal: controller.signal, timeoutMs: 5000 });
    controller.abort();
    expect((await pending).kind).toBe('aborted');
    // Already cancelled: answered at once, and nothing is sent (no stray "socket hang up" either).
    expect((await client.send({ url: `${httpBase}/echo`, signal: controller.signal })).kind).toBe('aborted');
    client.close();
  });
});

describe('a kept-alive socket the server closed as a request went out on it', () => {
  /** Answers each request, but resets the socket under the second request sent on it: Node's keep-alive race. */
  async function closingServer(): Promise<{ base: string; arrived: string[]; close: () => void }> {
    const arrived: string[] = [];
    const asked = new WeakMap<object, number>();
    const server = createHttpServer((req, res) => {
      const count = (asked.get(req.socket) ?? 0) + 1;
      asked.set(req.socket, count);
      if (count === 2) return void req.socket.destroy();
      arrived.push(`${req.method} ${req.url}`);
      res.end('{"ok":true}');
    });
    const base = `http://127.0.0.1:${await listen(server)}`;
    return { base, arrived, close: () => (server.closeAllConnections(), server.close()) };
  }

  it('sends a read, or a write that sets fields, once more on a fresh socket', async () => {
    const server = await closingServer();
    const agentless = createHttpClient();
    try {
      for (const request of [
        { url: `${server.base}/read` },
        {
          url: `${server.base}/render`,
          method: 'POST' as const,
          json: { fogOfWar: false },
          idempotent: true,
        },
      ]) {
        server.arrived.length = 0;
        // A plain http URL goes without an agent of ours: keep-alive comes from Node's global agent.
        expect((await agentless.send({ url: `${server.base}/first` })).kind).toBe('ok');
        expect(await agentless.send(request)).toMatchObject({ kind: 'ok', body: { ok: true } });
        expect(server.arrived).toEqual([
          `GET /first`,
          `${request.method ?? 'GET'} ${new URL(request.url).pathname}`,
        ]);
      }
    } finally {
      agentless.close();
      server.close();
    }
  });

  it('never sends a write that may not be sent twice again: it fails as the connection reset', async () => {
    const server = await closingServer();
    const client = createHttpClient();
    try {
      expect((await client.send({ url: `${server.base}/first` })).kind).toBe('ok');
      const outcome = await client.send({ url: `${server.base}/pay`, method: 'POST', json: { amount: 1 } });
      expect(outcome).toEqual({ kind: 'malformed', detail: 'the connection was reset' });
      expect(server.arrived).toEqual(['GET /first']);
    } finally {
      client.close();
      server.close();
    }
  });
});
