import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { OVERLAY_ROUTES } from '@shared/contract/overlays';
import { zlibCompressor, type Compressor, type ContentEncoding } from './compressedFiles';
import { filesToWarm } from './compressedFilesWarmup';
import { overlayRoutePagePath } from './overlayRoutePages';
import { get } from '../../tools/testkit/host/hostClients';
import {
  startTestHost,
  TEST_BUNDLE_PATH,
  TEST_BUNDLE_SCRIPT,
  type TestHost,
} from '../../tools/testkit/host/testHost';

/** zlib's compressor, recording each compression it does as `encoding bytes-compressed`. */
function countingCompressor(): { compress: Compressor; done: string[] } {
  const done: string[] = [];
  const compress: Compressor = async (body, encoding) => {
    done.push(`${encoding} ${body.toString().slice(0, 40)}`);
    return zlibCompressor(body, encoding);
  };
  return { compress, done };
}

describe('the host warming its compressed files after it starts', () => {
  let test: TestHost | null = null;
  afterEach(async () => {
    await test?.close();
    test = null;
  });

  it('answers the first request for the script an overlay route’s page names from what it compressed while idle', async () => {
    const counted = countingCompressor();
    test = await startTestHost({ compress: counted.compress });
    await test.host.filesWarmed;
    const warmed = counted.done.length;
    expect(warmed).toBeGreaterThan(0);
    const port = test.host.port;
    for (const encoding of ['br', 'gzip'] as const) {
      const script = await get(port, TEST_BUNDLE_PATH, { 'accept-encoding': encoding });
      expect(script.headers['content-encoding']).toBe(encoding);
    }
    const script = await get(port, TEST_BUNDLE_PATH, { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(script.bytes).toString()).toBe(TEST_BUNDLE_SCRIPT);
    expect(counted.done.length, 'compressions made for requests after warming').toBe(warmed);
  });

  it('compresses a file once when a page asks for it while it is being warmed, and keeps warming behind it', async () => {
    const done: string[] = [];
    let release = (): void => undefined;
    const firstHeld = new Promise<void>((resolve) => (release = resolve));
    // The first compression (the script the first overlay route's page names, in brotli) waits until the test
    // lets it go.
    const compress: Compressor = async (body, encoding: ContentEncoding) => {
      done.push(`${encoding} ${body.toString()}`);
      if (done.length === 1) await firstHeld;
      return zlibCompressor(body, encoding);
    };
    test = await startTestHost({ compress });
    const asked = get(test.host.port, TEST_BUNDLE_PATH, { 'accept-encoding': 'br' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const script = await asked;
    expect(brotliDecompressSync(script.bytes).toString()).toBe(TEST_BUNDLE_SCRIPT);
    await test.host.filesWarmed;
    expect(done.filter((each) => each === `br ${TEST_BUNDLE_SCRIPT}`)).toHaveLength(1);
    expect(new Set(done).size, 'each file compressed once per encoding').toBe(done.length);
  });
});

describe('filesToWarm', () => {
  it('lists the files each overlay route’s page names on this host first, then the renderer’s other text files but the routes’ pages', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sightline-warm-'));
    await mkdir(join(dir, 'overlay'));
    await mkdir(join(dir, 'assets'));
    for (const route of OVERLAY_ROUTES) {
      await writeFile(
        join(dir, overlayRoutePagePath(route.name)),
        '<script type="module" crossorigin src="/assets/overlay.js"></script>' +
          `<link rel="modulepreload" crossorigin href="/assets/${route.name}.js">` +
          '<link rel="stylesheet" crossorigin href="/assets/overlay.css">' +
          '<link rel="icon" href="https://example.com/icon.svg">',
      );
      await writeFile(join(dir, 'assets', `${route.name}.js`), route.name);
    }
    for (const file of [
      'index.html',
      'overlay.html',
      'assets/overlay.js',
      'assets/overlay.css',
      'assets/app.js',
    ])
      await writeFile(join(dir, file), file);
    await writeFile(join(dir, 'assets', 'art.png'), 'PNG bytes');

    const files = (await filesToWarm(dir)).map((path) =>
      path
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    );
    const overlayFiles = OVERLAY_ROUTES.flatMap((route, index) => [
      ...(index === 0 ? ['assets/overlay.js'] : []),
      `assets/${route.name}.js`,
      ...(index === 0 ? ['assets/overlay.css'] : []),
    ]);
    expect(files.slice(0, overlayFiles.length)).toEqual(overlayFiles);
    expect([...files.slice(overlayFiles.length)].sort()).toEqual([
      'assets/app.js',
      'index.html',
      'overlay.html',
    ]);
  });

  it('lists nothing for a renderer folder that is not there', async () => {
    expect(await filesToWarm(join(tmpdir(), 'sightline-no-such-renderer'))).toEqual([]);
  });
});
