import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERLAY_ROUTES } from '@shared/contract/overlays';
import { CONTENT_SECURITY_POLICY } from '../../core/transport/host/securityHeaders';
import { createAppProtocolHandler, resolveAppUrl } from './appProtocol';
import { appUrl } from './appOrigin';

let root: string;
let rendererDir: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'sightline-protocol-'));
  rendererDir = join(root, 'renderer');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Sightline</title>');
  await writeFile(join(rendererDir, 'overlay.html'), '<!doctype html><title>Sightline overlay</title>');
  await mkdir(join(rendererDir, 'overlay'));
  for (const route of OVERLAY_ROUTES) {
    await writeFile(
      join(rendererDir, 'overlay', `${route.name}.html`),
      `<!doctype html><title>Sightline overlay</title><meta name="route" content="${route.name}">`,
    );
  }
  await writeFile(join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1);');
  await writeFile(join(root, 'secret.js'), 'outside the renderer');
});

afterAll(() => rm(root, { recursive: true, force: true }));

describe('resolveAppUrl', () => {
  it('serves assets by path, with their content type', () => {
    expect(resolveAppUrl(rendererDir, 'app://sightline/assets/index-abc.js')).toEqual({
      file: join(rendererDir, 'assets', 'index-abc.js'),
      contentType: 'text/javascript; charset=utf-8',
    });
  });

  it.each([
    'app://sightline/',
    'app://sightline',
    'app://sightline/overlays?x=1',
    'app://sightline/panel/caster',
  ])('serves index.html for the route %s', (url) => {
    expect(resolveAppUrl(rendererDir, url)).toEqual({
      file: join(rendererDir, 'index.html'),
      contentType: 'text/html; charset=utf-8',
    });
  });

  // The page the build made for the route, which names its feature's overlay script.
  it.each(OVERLAY_ROUTES.map((route) => [route.path, route.name] as const))(
    'serves the overlay route %s its own page',
    (path, name) => {
      expect(resolveAppUrl(rendererDir, appUrl(path))).toEqual({
        file: join(rendererDir, 'overlay', `${name}.html`),
        contentType: 'text/html; charset=utf-8',
      });
    },
  );

  // A mistyped overlay route gets the plain overlays' page, which names no script and draws nothing.
  it('serves overlay.html for a mistyped overlay route', () => {
    expect(resolveAppUrl(rendererDir, 'app://sightline/overlay/nope')).toEqual({
      file: join(rendererDir, 'overlay.html'),
      contentType: 'text/html; charset=utf-8',
    });
  });

  // The URL parser already folds plain and %2e dot segments; the rest must be refused by the resolver.
  it.each([
    'app://sightline/../secret.js',
    'app://sightline/assets/../../secret.js',
    'app://sightline/%2e%2e/secret.js',
    'app://sightline/%2E%2E/secret.js',
    'app://sightline/..%2fsecret.js',
    'app://sightline/assets%2f..%2f..%2fsecret.js',
    'app://sightline/..%5csecret.js',
    'app://sightline/assets%5c..%5c..%5csecret.js',
    'app://sightline/%2fetc%2fpasswd.js',
    'app://sightline/C:%2fWindows%2fwin.ini',
    'app://sightline/assets/index-abc.js%00.png',
    'app://sightline/%E0%A4%A',
  ])('never leaves the renderer folder: %s', (url) => {
    const target = resolveAppUrl(rendererDir, url);
    if ('file' in target) expect(target.file.startsWith(rendererDir + sep)).toBe(true);
    expect(target).not.toEqual(expect.objectContaining({ file: join(root, 'secret.js') }));
  });

  it.each([
    'app://sightline/..%2fsecret.js',
    'app://sightline/..%5csecret.js',
    'app://sightline/C:%2fWindows%2fwin.ini',
    'app://sightline/a.js%00',
    'app://sightline/%E0%A4%A',
  ])('answers 404 for an escape attempt that survives URL parsing: %s', (url) => {
    expect(resolveAppUrl(rendererDir, url)).toEqual({ status: 404 });
  });

  it.each([
    'app://evil/index.html',
    'https://sightline/assets/index-abc.js',
    'file:///etc/passwd',
    'not a url',
  ])('answers 404 for a URL outside the app origin: %s', (url) => {
    expect(resolveAppUrl(rendererDir, url)).toEqual({ status: 404 });
  });

  it('answers 404 for files of unknown type', () => {
    expect(resolveAppUrl(rendererDir, 'app://sightline/assets/tool.exe')).toEqual({ status: 404 });
  });
});

describe('createAppProtocolHandler', () => {
  const handler = () => createAppProtocolHandler({ rendererDir });

  it('serves a file with its type, the CSP and nosniff', async () => {
    const response = await handler()(new Request('app://sightline/assets/index-abc.js'));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log(1);');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves index.html for a page route, and the overlay windows their own entry', async () => {
    const page = await handler()(new Request('app://sightline/history'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Sightline</title>');
    for (const route of OVERLAY_ROUTES) {
      const overlay = await handler()(new Request(appUrl(route.path)));
      expect(overlay.status, route.path).toBe(200);
      expect(await overlay.text(), route.path).toContain(`<meta name="route" content="${route.name}">`);
    }
  });

  it('answers 404, still with the CSP, for missing and escaping paths', async () => {
    for (const url of ['app://sightline/assets/missing.js', 'app://sightline/%2e%2e/secret.js']) {
      const response = await handler()(new Request(url));
      expect(response.status).toBe(404);
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(await response.text()).not.toContain('outside the renderer');
    }
  });

  it('is read-only', async () => {
    const response = await handler()(new Request('app://sightline/', { method: 'POST', body: 'x' }));
    expect(response.status).toBe(405);
  });

  it('answers HEAD without a body', async () => {
    const response = await handler()(new Request('app://sightline/', { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('serves cached static-data images through the core resolver, and 404 for what it does not know', async () => {
    const image = join(root, 'Garen.png');
    await writeFile(image, 'png bytes');
    const asked: string[] = [];
    const withAssets = createAppProtocolHandler({
      rendererDir,
      assets: async (urlPath) => {
        asked.push(urlPath);
        return urlPath === '/static-data/arena/14.1.2/img/champion/Garen.png'
          ? { file: image, contentType: 'image/png' }
          : null;
      },
    });
    const found = await withAssets(
      new Request('app://sightline/static-data/arena/14.1.2/img/champion/Garen.png'),
    );
    expect(found.status).toBe(200);
    expect(found.headers.get('content-type')).toBe('image/png');
    expect(await found.text()).toBe('png bytes');

    const missing = await withAssets(
      new Request('app://sightline/static-data/arena/14.1.2/img/champion/Nope.png'),
    );
    expect(missing.status).toBe(404);
    // Never index.html for an image path, and the renderer's own routes never reach the resolver.
    expect(await missing.text()).not.toContain('<title>');
    await withAssets(new Request('app://sightline/overlay/status'));
    expect(asked).toEqual([
      '/static-data/arena/14.1.2/img/champion/Garen.png',
      '/static-data/arena/14.1.2/img/champion/Nope.png',
    ]);

    // Before the core runs (no resolver), an image path is a plain 404 too.
    const early = await handler()(new Request('app://sightline/static-data/arena/x.png'));
    expect(early.status).toBe(404);
  });
});
