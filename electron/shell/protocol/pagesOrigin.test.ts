import { describe, expect, it } from 'vitest';
import { APP_PAGES, pagesOriginFor } from './pagesOrigin';

const DEV_SERVER = 'http://localhost:5173';
const dev = () => pagesOriginFor({ packaged: false, devServerUrl: DEV_SERVER });

/** Values of the variable an unpackaged app refuses, with what its error says of each. */
const REFUSED: Array<[string, string]> = [
  ['https://localhost:5173', 'https:'],
  ['ws://localhost:5173', 'ws:'],
  ['file:///home/me/out/renderer/index.html', 'file:'],
  ['http://evil.example:5173', 'not this machine'],
  ['http://localhost.evil.example:5173', 'not this machine'],
  ['http://192.168.1.20:5173', 'not this machine'],
  ['http://0.0.0.0:5173', 'not this machine'],
  ['http://user:secret@localhost:5173', 'credentials'],
  ['http://localhost:5173/app/', 'more than an origin'],
  ['http://localhost:5173/?token=abc', 'more than an origin'],
  ['localhost:5173', 'localhost:'],
  ['not a url', 'not a URL'],
];

describe('pagesOriginFor', () => {
  it('keeps the packaged app on app://sightline whatever the variable says', () => {
    for (const devServerUrl of [DEV_SERVER, 'http://127.0.0.1:5173', 'https://evil.example/', 'not a url']) {
      const pages = pagesOriginFor({ packaged: true, devServerUrl });
      expect(pages).toBe(APP_PAGES);
      expect(pages.url('/overlay/status')).toBe('app://sightline/overlay/status');
      expect(pages.owns(`${DEV_SERVER}/`)).toBe(false);
    }
  });

  it('keeps an unpackaged app without the variable on app://sightline', () => {
    expect(pagesOriginFor({ packaged: false, devServerUrl: undefined })).toBe(APP_PAGES);
    expect(pagesOriginFor({ packaged: false, devServerUrl: '' })).toBe(APP_PAGES);
  });

  it('in development, loads the routes from the dev server and trusts it alone', () => {
    const pages = dev();
    expect(pages.origin).toBe(DEV_SERVER);
    expect(pages.url('/overlay/status')).toBe('http://localhost:5173/overlay/status');
    expect(pages.owns('http://localhost:5173/')).toBe(true);
    expect(pages.owns('http://localhost:5173/panel/caster?x=1#y')).toBe(true);
    for (const url of [
      'app://sightline/',
      'http://localhost:5174/',
      'http://127.0.0.1:5173/',
      'https://localhost:5173/',
      'ws://localhost:5173/',
      'http://user:pass@localhost:5173/',
      'http://localhost:5173@evil.example/',
      'not a url',
      undefined,
    ]) {
      expect(pages.owns(url), String(url)).toBe(false);
    }
  });

  it('takes the dev server on any loopback name', () => {
    for (const url of ['http://127.0.0.1:5173', 'http://[::1]:5173', 'http://localhost:5173/']) {
      expect(pagesOriginFor({ packaged: false, devServerUrl: url }).owns(url)).toBe(true);
    }
  });

  it.each(REFUSED)('refuses %j with a clear error', (devServerUrl, why) => {
    expect(() => pagesOriginFor({ packaged: false, devServerUrl })).toThrow(
      /^ELECTRON_RENDERER_URL must be Vite's dev server on this machine/,
    );
    expect(() => pagesOriginFor({ packaged: false, devServerUrl })).toThrow(why);
  });

  it('never repeats a refused value’s path or credentials', () => {
    for (const devServerUrl of ['https://evil.example/?token=abc', 'http://me:secret@localhost:5173']) {
      expect(() => pagesOriginFor({ packaged: false, devServerUrl })).toThrow(
        expect.objectContaining({ message: expect.not.stringMatching(/abc|secret/) }),
      );
    }
  });
});

describe('servedByApp', () => {
  it('hands the core’s images and downloads of the dev server to the app’s protocol', () => {
    const pages = dev();
    expect(pages.servedByApp('http://localhost:5173/static-data/arena/img/Ahri.png')).toBe(
      'app://sightline/static-data/arena/img/Ahri.png',
    );
    expect(pages.servedByApp('http://localhost:5173/download/abc123?x=1')).toBe(
      'app://sightline/download/abc123?x=1',
    );
  });

  it('leaves the dev server’s own files and every other origin alone', () => {
    const pages = dev();
    for (const url of [
      'http://localhost:5173/src/main.tsx',
      'http://localhost:5173/@vite/client',
      'http://localhost:5173/overlay/status',
      'http://127.0.0.1:43210/static-data/arena/img/Ahri.png',
      'https://ddragon.example/static-data/x.png',
    ]) {
      expect(pages.servedByApp(url), url).toBeNull();
    }
  });

  it('is never used by the packaged app', () => {
    expect(APP_PAGES.servedByApp('app://sightline/static-data/a.png')).toBeNull();
    expect(APP_PAGES.servedByApp('http://localhost:5173/static-data/a.png')).toBeNull();
  });
});
