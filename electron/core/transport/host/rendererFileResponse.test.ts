import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERLAY_ROUTES } from '@shared/contract/overlays';
import { chooseEncoding } from './compressedFiles';
import { IMMUTABLE_CACHE } from './rendererFileResponse';
import { get, send } from '../../tools/testkit/host/hostClients';
import {
  startTestHost,
  TEST_BUNDLE_SCRIPT,
  TEST_OVERLAY_PAGE_TITLE,
  TEST_TOKENS,
  type TestHost,
} from '../../tools/testkit/host/testHost';

const BUNDLE = '/assets/app.js';
const PAGE = `/overlay/status?token=${TEST_TOKENS.overlay}`;

describe('the host serving the built renderer', () => {
  let test: TestHost;
  beforeAll(async () => {
    test = await startTestHost();
  });
  afterAll(() => test.close());
  const port = () => test.host.port;

  it('sends a bundle file in brotli or gzip, whichever the client weighs most, with its encoded length', async () => {
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['*', 'br'],
    ] as const) {
      const answer = await get(port(), BUNDLE, { 'accept-encoding': accept });
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers['vary'], accept).toBe('accept-encoding');
      expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(Number(answer.headers['content-length'])).toBe(answer.bytes.byteLength);
      expect(answer.bytes.byteLength).toBeLessThan(Buffer.byteLength(TEST_BUNDLE_SCRIPT) / 4);
      expect(decoders[encoding](answer.bytes).toString()).toBe(TEST_BUNDLE_SCRIPT);
    }
  });

  it('sends the file as it is to a client that takes no compression, still saying the answer varies', async () => {
    const refusals: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of refusals) {
      const answer = await get(port(), BUNDLE, headers);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['vary']).toBe('accept-encoding');
      expect(answer.body).toBe(TEST_BUNDLE_SCRIPT);
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(TEST_BUNDLE_SCRIPT));
    }
  });

  it('lets browsers keep the hashed bundle files for good, and never the pages that carry the token', async () => {
    const bundle = await get(port(), BUNDLE, { 'accept-encoding': 'br' });
    expect(bundle.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(IMMUTABLE_CACHE).toBe('public, max-age=31536000, immutable');
    const companion = await get(port(), `/?token=${TEST_TOKENS.companion}`, { 'accept-encoding': 'gzip' });
    expect(companion.status).toBe(200);
    expect(companion.headers['cache-control']).toBe('no-store');
    expect(companion.headers['content-encoding']).toBe('gzip');
    expect(companion.headers['vary']).toBe('accept-encoding');
    // An overlay route's page holds the moment's snapshot: made for the request, sent as is, never kept.
    const overlay = await get(port(), PAGE, { 'accept-encoding': 'gzip' });
    expect(overlay.status).toBe(200);
    expect(overlay.headers['cache-control']).toBe('no-store');
    expect(overlay.headers['content-encoding']).toBeUndefined();
    expect(Number(overlay.headers['content-length'])).toBe(Buffer.byteLength(overlay.body));
  });

  it('answers every overlay route with the overlays’ page made for it, and other routes with the companion’s', async () => {
    for (const route of OVERLAY_ROUTES) {
      const overlay = await get(port(), `${route.path}?token=${TEST_TOKENS.overlay}`);
      expect(overlay.body, route.path).toContain(`<title>${TEST_OVERLAY_PAGE_TITLE}</title>`);
      expect(overlay.body, route.path).toContain(`<meta name="route" content="${route.name}">`);
    }
    const companion = await get(port(), `/history?token=${TEST_TOKENS.companion}`);
    expect(companion.body).toContain('<title>Sightline</title>');
  });

  it('answers a conditional request with the whole file (it sends no validators, so never a 304)', async () => {
    const answer = await get(port(), BUNDLE, {
      'accept-encoding': 'gzip',
      'if-none-match': '*',
      'if-modified-since': new Date(Date.now() + 60_000).toUTCString(),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['etag']).toBeUndefined();
    expect(answer.headers['last-modified']).toBeUndefined();
    expect(gunzipSync(answer.bytes).toString()).toBe(TEST_BUNDLE_SCRIPT);
  });

  it('answers HEAD with the headers GET would have, the length included, and no body', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const full = await get(port(), BUNDLE, { 'accept-encoding': accept });
      const head = await send(port(), {
        method: 'HEAD',
        path: BUNDLE,
        headers: { host: `127.0.0.1:${port()}`, 'accept-encoding': accept },
      });
      expect(head.status, accept).toBe(200);
      expect(head.bytes.byteLength, accept).toBe(0);
      for (const name of ['content-length', 'content-encoding', 'vary', 'cache-control', 'content-type'])
        expect(head.headers[name], `${accept} ${name}`).toEqual(full.headers[name]);
    }
  });

  it('compresses a rebuilt file again instead of sending the old build', async () => {
    const path = join(test.rendererDir, 'assets', 'app.js');
    const before = await readFile(path, 'utf8');
    await get(port(), BUNDLE, { 'accept-encoding': 'br' });
    const rebuilt = `${before}\nconsole.log('rebuilt');`;
    await writeFile(path, rebuilt);
    const answer = await get(port(), BUNDLE, { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(answer.bytes).toString()).toBe(rebuilt);
    await writeFile(path, before);
  });

  it('leaves images as they are: compressing them gains nothing', async () => {
    const art = await get(port(), `/art.png?token=${TEST_TOKENS.companion}`, {
      'accept-encoding': 'br, gzip',
    });
    expect(art.status).toBe(200);
    expect(art.headers['content-encoding']).toBeUndefined();
    expect(art.body).toBe('PNG bytes');
  });
});

describe('chooseEncoding', () => {
  it('reads the weights of Accept-Encoding, brotli on a tie, nothing when both are refused', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('GZIP;Q=1, BR;Q=0.9')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*;q=0')).toBeNull();
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=nope, gzip;q=0.1')).toBe('gzip');
  });
});
