import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { initialAppState, type AppState, type ServerFrame } from '@shared/contract';
import { createRequestRouter } from '../bridge/requestRouter';
import { StateHub } from '../hub/stateHub';
import { silentLogger } from '../log/logger';
import { stubHandlers } from '../testing/stubHandlers';
import { startBrowserHost, type BrowserHost } from './browserHost';

const TOKEN = 'test-token-0123456789abcdef';

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

function openSocket(port: number, options: { token?: string; origin?: string; host?: string } = {}) {
  const query = options.token === undefined ? '' : `?token=${options.token}`;
  return new WebSocket(`ws://127.0.0.1:${port}/ws${query}`, {
    headers: { host: options.host ?? `127.0.0.1:${port}` },
    origin: options.origin ?? `http://127.0.0.1:${port}`,
  });
}

function nextFrames(ws: WebSocket, count: number): Promise<ServerFrame[]> {
  const frames: ServerFrame[] = [];
  return new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      frames.push(JSON.parse(String(data)) as ServerFrame);
      if (frames.length === count) resolve(frames);
    });
    ws.on('error', reject);
  });
}

function rejection(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
}

describe('startBrowserHost', () => {
  let host: BrowserHost;
  let hub: StateHub<AppState>;
  let callbacks: string[];

  beforeAll(async () => {
    const rendererDir = await mkdtemp(join(tmpdir(), 'renderer-'));
    await mkdir(join(rendererDir, 'assets'));
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Sightline</title>');
    await writeFile(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
    await writeFile(join(rendererDir, '..', 'secret.txt'), 'outside');
    await writeFile(join(rendererDir, 'art.png'), 'PNG bytes');
    hub = new StateHub<AppState>(initialAppState(0));
    callbacks = [];
    const router = createRequestRouter(
      stubHandlers({
        'app.info': async () => ({ version: 't', mode: 'browser', overlays: [], hostUrl: null }),
      }),
      silentLogger,
    );
    host = await startBrowserHost({
      port: 0,
      token: TOKEN,
      rendererDir,
      router,
      hub,
      logger: silentLogger,
      assets: async (urlPath) =>
        urlPath === '/static-data/cards/en_us/01DE012/card.png'
          ? { file: join(rendererDir, 'art.png'), contentType: 'image/png' }
          : null,
      publicRoutes: [
        {
          method: 'POST',
          path: '/tournament/callback',
          maxBodyBytes: 64,
          handle: async (body) => {
            callbacks.push(body.toString());
            return { status: 200, body: 'ok' };
          },
        },
      ],
    });
  });

  afterAll(() => host.close());

  it('serves views with the token, and sets a cookie for the page assets', async () => {
    const page = await get(host.port, `/overlay/status?token=${TOKEN}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Sightline</title>');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const cookie = String(page.headers['set-cookie']).split(';')[0] ?? '';
    expect((await get(host.port, '/assets/app.js', { cookie })).status).toBe(200);
  });

  it('serves static-data images through the asset resolver, behind the token', async () => {
    const path = '/static-data/cards/en_us/01DE012/card.png';
    const art = await get(host.port, `${path}?token=${TOKEN}`);
    expect(art.status).toBe(200);
    expect(art.body).toBe('PNG bytes');
    expect(art.headers['content-type']).toBe('image/png');
    expect(art.headers['cache-control']).toBe('private, max-age=300');
    expect((await get(host.port, path)).status).toBe(403);
    // Not the renderer's index.html for an unknown path under the prefix: a plain 404.
    expect((await get(host.port, `/static-data/cards/en_us/01DE042/card.png?token=${TOKEN}`)).status).toBe(
      404,
    );
  });

  it('rejects a missing or wrong token', async () => {
    expect((await get(host.port, '/')).status).toBe(403);
    expect((await get(host.port, '/?token=wrong-token-0123456789abcd')).status).toBe(403);
    expect((await get(host.port, '/assets/app.js')).status).toBe(403);
  });

  it('rejects a foreign Host (DNS rebinding) and a foreign Origin', async () => {
    expect((await get(host.port, `/?token=${TOKEN}`, { host: `evil.example:${host.port}` })).status).toBe(
      421,
    );
    expect((await get(host.port, `/?token=${TOKEN}`, { host: '127.0.0.1:1' })).status).toBe(421);
    expect((await get(host.port, `/?token=${TOKEN}`, { origin: 'http://evil.example' })).status).toBe(403);
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets\\..\\..\\secret.txt',
    ]) {
      const response = await get(host.port, `${path}?token=${TOKEN}`);
      expect(response.body).not.toContain('outside');
    }
  });

  it('carries the contract over the WebSocket: snapshot first, then patches and answers', async () => {
    const ws = openSocket(host.port, { token: TOKEN });
    const frames = nextFrames(ws, 3);
    await new Promise((resolve) => ws.once('open', resolve));
    hub.set('live', { ...hub.state.live, phase: 'loading' });
    ws.send(JSON.stringify({ type: 'request', id: 7, channel: 'app.info', input: {} }));
    const [snapshot, patch, answer] = await frames;
    expect(snapshot).toMatchObject({ type: 'state', message: { kind: 'snapshot' } });
    expect(patch).toMatchObject({
      type: 'state',
      message: { kind: 'patch', ops: [{ path: ['live', 'phase'] }] },
    });
    expect(answer).toEqual({
      type: 'response',
      id: 7,
      result: { ok: true, value: expect.objectContaining({ version: 't' }) },
    });
    ws.close();
  });

  it('answers unknown channels and bad payloads with errors, and resync with a snapshot', async () => {
    const ws = openSocket(host.port, { token: TOKEN });
    const frames = nextFrames(ws, 4);
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'request', id: 1, channel: 'fs.read', input: {} }));
    ws.send(JSON.stringify({ type: 'request', id: 2, channel: 'app.info', input: { extra: true } }));
    ws.send(JSON.stringify({ type: 'resync' }));
    const received = await frames;
    const answer = (id: number) => received.find((frame) => frame.type === 'response' && frame.id === id);
    const unknown = answer(1);
    const bad = answer(2);
    const resync = received.filter((frame) => frame.type === 'state')[1];
    expect(unknown).toMatchObject({ id: 1, result: { ok: false, error: { code: 'unknown-channel' } } });
    expect(bad).toMatchObject({ id: 2, result: { ok: false, error: { code: 'bad-input' } } });
    expect(resync).toMatchObject({ type: 'state', message: { kind: 'snapshot' } });
    ws.close();
  });

  it('refuses sockets without the token, from a foreign Origin or Host', async () => {
    expect(await rejection(openSocket(host.port))).toBe(403);
    expect(await rejection(openSocket(host.port, { token: TOKEN, origin: 'http://evil.example' }))).toBe(403);
    expect(await rejection(openSocket(host.port, { token: TOKEN, host: 'evil.example' }))).toBe(421);
  });

  it('lets a public route through without the token, with a body limit', async () => {
    const post = (body: string) =>
      new Promise<number>((resolve) => {
        const req = request(
          {
            host: '127.0.0.1',
            port: host.port,
            path: '/tournament/callback',
            method: 'POST',
            headers: { host: 'example.org' },
          },
          (res) => resolve(res.statusCode ?? 0),
        );
        req.end(body);
      });
    expect(await post('{"shortCode":"X"}')).toBe(200);
    expect(await post('x'.repeat(100))).toBe(413);
    expect(callbacks).toEqual(['{"shortCode":"X"}']);
  });
});
