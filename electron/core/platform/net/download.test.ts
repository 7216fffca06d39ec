import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDownloader, describeDownloadFailure } from './download';

const body = Buffer.alloc(256 * 1024, 7);

const routes: RequestListener = (req, res) => {
  switch (req.url) {
    case '/file':
      if (req.headers['if-none-match'] === '"v1"') return void res.writeHead(304).end();
      res.writeHead(200, { 'content-length': body.length, etag: '"v1"' });
      return void res.end(body);
    case '/chunked':
      // No Content-Length: only the bytes received can enforce the limit.
      res.writeHead(200);
      res.write(body);
      return void res.end(body);
    case '/cut':
      res.writeHead(200, { 'content-length': body.length });
      res.write(body.subarray(0, 1000), () => res.socket?.destroy());
      return;
    case '/stall':
      res.writeHead(200, { 'content-length': body.length });
      res.write(body.subarray(0, 1000));
      return;
    case '/slow': {
      res.writeHead(200, { 'content-length': body.length });
      let sent = 0;
      const drip = (): void => {
        if (res.destroyed || sent >= body.length) return void res.end();
        res.write(body.subarray(sent, sent + 8192));
        sent += 8192;
        setTimeout(drip, 10);
      };
      return drip();
    }
    case '/moved':
      return void res.writeHead(302, { location: '/file' }).end();
    case '/to-insecure':
      return void res.writeHead(302, { location: 'ftp://example.invalid/x' }).end();
    case '/missing':
      return void res.writeHead(404).end('nope');
    default:
      res.writeHead(500).end();
  }
};

describe('createDownloader', () => {
  let server: Server;
  let base: string;
  let dir: string;
  const downloader = createDownloader({ idleTimeoutMs: 300 });

  beforeAll(async () => {
    server = createServer(routes);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    downloader.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'download-'));
    return () => rm(dir, { recursive: true, force: true });
  });

  it('streams the body to the destination, creating its folder, with byte progress', async () => {
    const progress: [number, number | null][] = [];
    const destination = join(dir, 'nested', 'file.bin');
    const outcome = await downloader.download({
      url: `${base}/file`,
      destination,
      onBytes: (received, expected) => progress.push([received, expected]),
    });
    expect(outcome).toMatchObject({ kind: 'ok', status: 200, bytes: body.length });
    expect(await readFile(destination)).toEqual(body);
    expect(progress.at(-1)).toEqual([body.length, body.length]);
    expect(await readdir(join(dir, 'nested'))).toEqual(['file.bin']);
  });

  it('answers a matching conditional request with not-modified and leaves the file alone', async () => {
    const outcome = await downloader.download({
      url: `${base}/file`,
      destination: join(dir, 'file.bin'),
      headers: { 'if-none-match': '"v1"' },
    });
    expect(outcome.kind).toBe('not-modified');
    expect(await readdir(dir)).toEqual([]);
  });

  it('follows redirects, and refuses one to another protocol', async () => {
    expect((await downloader.download({ url: `${base}/moved`, destination: join(dir, 'a') })).kind).toBe(
      'ok',
    );
    const refused = await downloader.download({ url: `${base}/to-insecure`, destination: join(dir, 'b') });
    expect(refused).toMatchObject({ kind: 'network' });
    expect(await readdir(dir)).toEqual(['a']);
  });

  it.each([
    ['an HTTP error', '/missing', {}, { kind: 'http-error', status: 404 }],
    ['a cut connection', '/cut', {}, { kind: 'malformed' }],
    ['a stalled transfer', '/stall', {}, { kind: 'timeout' }],
    ['an announced length over the limit', '/file', { maxBytes: 1024 }, { kind: 'too-large', limit: 1024 }],
    ['a chunked body over the limit', '/chunked', { maxBytes: body.length + 10 }, { kind: 'too-large' }],
  ])('leaves no file after %s', async (_name, path, extra, expected) => {
    const destination = join(dir, 'file.bin');
    const outcome = await downloader.download({ url: `${base}${path}`, destination, ...extra });
    expect(outcome).toMatchObject(expected);
    expect(await readdir(dir)).toEqual([]);
  });

  it('stops at once when aborted mid-transfer and leaves no file', async () => {
    const controller = new AbortController();
    const outcome = await downloader.download({
      url: `${base}/slow`,
      destination: join(dir, 'file.bin'),
      signal: controller.signal,
      onBytes: (received) => {
        if (received > 20_000) controller.abort();
      },
    });
    expect(outcome).toEqual({ kind: 'aborted' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const outcome = await downloader.download({
      url: `http://127.0.0.1:${port}/x`,
      destination: join(dir, 'x'),
    });
    expect(outcome).toEqual({ kind: 'refused' });
    expect(describeDownloadFailure({ kind: 'too-large', limit: 64 * 1024 * 1024 })).toBe(
      'the file is larger than the 64 MB limit',
    );
  });

  it('resolves names with the lookup it was given: a failing one is said in words and nothing is written', async () => {
    // The lookup stands in for DNS: nothing is queried and no packet leaves this machine.
    const asked: string[] = [];
    const offline: LookupFunction = (hostname, _options, callback) => {
      asked.push(hostname);
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
    };
    const named = createDownloader({ lookup: offline });
    const outcome = await named.download({
      url: 'https://dd.b.pvp.net/latest/set1-lite-en_us.zip',
      destination: join(dir, 'set1.zip'),
    });
    named.close();
    expect(asked).toEqual(['dd.b.pvp.net']);
    expect(
      outcome.kind === 'ok' || outcome.kind === 'not-modified' ? null : describeDownloadFailure(outcome),
    ).toBe("network error: the host's name could not be resolved (offline or DNS down: ENOTFOUND)");
    expect(await readdir(dir)).toEqual([]);
  });
});
