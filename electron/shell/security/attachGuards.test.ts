import { describe, expect, it } from 'vitest';
import { APP_PAGES, pagesOriginFor } from '../protocol/pagesOrigin';
import { fakeNavigation, FakeSession, FakeWebContents } from '../tools/testkit/fakeElectron';
import { attachNavigationGuards, attachPermissionGuards, createContentsGuard } from './attachGuards';
import { isOverlayPreviewUrl } from './guards';

function guarded() {
  const contents = new FakeWebContents();
  const opened: string[] = [];
  const logged: string[] = [];
  const options = {
    pages: APP_PAGES,
    openExternal: async (url: string) => void opened.push(url),
    log: (message: string) => void logged.push(message),
  };
  attachNavigationGuards(contents, options);
  return { contents, opened, logged, options };
}

describe('attachNavigationGuards', () => {
  it('lets the page move between its own routes', () => {
    const { contents, opened } = guarded();
    const navigation = fakeNavigation('app://sightline/overlays');
    contents.emit('will-navigate', navigation);
    expect(navigation.defaultPrevented).toBe(false);
    expect(opened).toEqual([]);
  });

  it('keeps a clicked https link out of the window and opens it in the browser instead', () => {
    const { contents, opened } = guarded();
    const navigation = fakeNavigation('https://example.com/help');
    contents.emit('will-navigate', navigation);
    expect(navigation.defaultPrevented).toBe(true);
    expect(opened).toEqual(['https://example.com/help']);
  });

  it('blocks and does not open unsafe targets, logging no more than scheme and host', async () => {
    const { contents, opened, logged } = guarded();
    const navigation = fakeNavigation('file:///home/me/.ssh/id_rsa');
    contents.emit('will-navigate', navigation);
    const token = fakeNavigation('http://127.0.0.1:9/?token=abc123');
    contents.emit('will-navigate', token);
    expect(navigation.defaultPrevented).toBe(true);
    expect(token.defaultPrevented).toBe(true);
    expect(opened).toEqual([]);
    expect(logged.join('\n')).not.toContain('abc123');
    expect(logged.join('\n')).not.toContain('id_rsa');
  });

  it('blocks foreign redirects and foreign subframe navigations', () => {
    const { contents, opened } = guarded();
    const redirect = fakeNavigation('https://evil.example/');
    contents.emit('will-redirect', redirect);
    const subframe = fakeNavigation('https://evil.example/frame', false);
    contents.emit('will-frame-navigate', subframe);
    expect(redirect.defaultPrevented).toBe(true);
    expect(subframe.defaultPrevented).toBe(true);
    expect(opened).toEqual([]);
  });

  it('lets a subframe show an overlay page of the browser host (the OBS page’s previews), and nothing else', () => {
    const contents = new FakeWebContents();
    attachNavigationGuards(contents, {
      pages: APP_PAGES,
      openExternal: async () => undefined,
      log: () => undefined,
      isFramedOverlay: (url) => isOverlayPreviewUrl(url, 43210),
    });
    const preview = fakeNavigation('http://127.0.0.1:43210/overlay/arena?token=overlay-token', false);
    contents.emit('will-frame-navigate', preview);
    expect(preview.defaultPrevented).toBe(false);
    for (const url of [
      'http://127.0.0.1:43210/?token=overlay-token',
      'http://127.0.0.1:9999/overlay/arena',
      'http://localhost:43210/overlay/arena',
      'https://evil.example/overlay/arena',
    ]) {
      const other = fakeNavigation(url, false);
      contents.emit('will-frame-navigate', other);
      expect(other.defaultPrevented, url).toBe(true);
    }
    // The window itself never goes there.
    const main = fakeNavigation('http://127.0.0.1:43210/overlay/arena?token=overlay-token');
    contents.emit('will-navigate', main);
    expect(main.defaultPrevented).toBe(true);
  });

  it('opens a clicked link once, although the main frame also reports will-frame-navigate', () => {
    const { contents, opened } = guarded();
    const navigation = fakeNavigation('https://example.com/');
    contents.emit('will-frame-navigate', navigation);
    contents.emit('will-navigate', navigation);
    expect(opened).toEqual(['https://example.com/']);
  });

  it('denies every new window, handing safe links to the browser', () => {
    const { contents, opened } = guarded();
    expect(contents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'app://sightline/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://example.com/']);
  });

  it('refuses to attach webviews', () => {
    const { contents } = guarded();
    const event = fakeNavigation('');
    contents.emit('will-attach-webview', event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('logs, rather than throws, when the browser cannot be opened', async () => {
    const contents = new FakeWebContents();
    const logged: string[] = [];
    attachNavigationGuards(contents, {
      pages: APP_PAGES,
      openExternal: () => Promise.reject(new Error('no browser')),
      log: (message) => void logged.push(message),
    });
    contents.emit('will-navigate', fakeNavigation('https://example.com/'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toEqual([expect.stringContaining('no browser')]);
  });
});

describe('createContentsGuard', () => {
  it('guards each contents once, however often it is offered', () => {
    const opened: string[] = [];
    const guard = createContentsGuard({
      pages: APP_PAGES,
      openExternal: async (url) => void opened.push(url),
      log: () => undefined,
    });
    const contents = new FakeWebContents();
    guard(contents);
    guard(contents);
    expect(contents.listenerCount('will-navigate')).toBe(1);
    contents.emit('will-navigate', fakeNavigation('https://example.com/'));
    expect(opened).toHaveLength(1);
  });
});

describe('attachPermissionGuards', () => {
  it('answers requests and checks with the permission policy', () => {
    const session = new FakeSession();
    attachPermissionGuards(session, APP_PAGES);
    expect(session.request('clipboard-sanitized-write', 'app://sightline/overlays')).toBe(true);
    expect(session.request('media', 'app://sightline/')).toBe(false);
    expect(session.request('clipboard-sanitized-write', 'https://example.com/')).toBe(false);
    expect(session.checkHandler?.(null, 'clipboard-sanitized-write', 'app://sightline')).toBe(true);
    expect(session.checkHandler?.(null, 'notifications', 'app://sightline')).toBe(false);
  });
});

describe('under npm run dev (the dev server’s pages)', () => {
  const dev = pagesOriginFor({ packaged: false, devServerUrl: 'http://localhost:5173' });

  it('keeps a window on the dev server: its routes stay, app:// and other ports are refused', () => {
    const contents = new FakeWebContents();
    const opened: string[] = [];
    attachNavigationGuards(contents, {
      pages: dev,
      openExternal: async (url) => void opened.push(url),
      log: () => undefined,
    });
    const route = fakeNavigation('http://localhost:5173/history');
    contents.emit('will-navigate', route);
    expect(route.defaultPrevented).toBe(false);
    for (const url of ['app://sightline/', 'http://localhost:5174/', 'http://127.0.0.1:5173/']) {
      const away = fakeNavigation(url);
      contents.emit('will-navigate', away);
      expect(away.defaultPrevented, url).toBe(true);
      const redirect = fakeNavigation(url);
      contents.emit('will-redirect', redirect);
      expect(redirect.defaultPrevented, url).toBe(true);
    }
    expect(opened).toEqual([]);
  });

  it('grants the clipboard to the dev server’s pages only in development', () => {
    const session = new FakeSession();
    attachPermissionGuards(session, dev);
    expect(session.request('clipboard-sanitized-write', 'http://localhost:5173/overlays')).toBe(true);
    expect(session.checkHandler?.(null, 'clipboard-sanitized-write', 'http://localhost:5173')).toBe(true);
    expect(session.request('clipboard-sanitized-write', 'app://sightline/overlays')).toBe(false);
    const packagedSession = new FakeSession();
    attachPermissionGuards(
      packagedSession,
      pagesOriginFor({ packaged: true, devServerUrl: 'http://localhost:5173' }),
    );
    expect(packagedSession.request('clipboard-sanitized-write', 'http://localhost:5173/overlays')).toBe(
      false,
    );
    expect(packagedSession.checkHandler?.(null, 'clipboard-sanitized-write', 'http://localhost:5173')).toBe(
      false,
    );
  });
});
