import { describe, expect, it } from 'vitest';
import { APP_PAGES, pagesOriginFor } from '../protocol/pagesOrigin';
import { isAllowedNavigation, isPermissionAllowed, isSafeExternalUrl, isTrustedSender } from './guards';

const FOREIGN_URLS = [
  'https://sightline/',
  'http://localhost:5173/',
  'file:///C:/app/index.html',
  'app://evil/',
  'app://sightline.evil.com/',
  'app://SIGHTLINE/',
  'app://sightline:8080/',
  'app://user:pass@sightline/',
  'devtools://devtools/bundled/inspector.html',
  'about:blank',
  'data:text/html,<script>alert(1)</script>',
  'not a url',
  '',
];

describe('isTrustedSender', () => {
  it("trusts the app's own main frame, on any route", () => {
    expect(isTrustedSender(APP_PAGES, 'app://sightline/', true)).toBe(true);
    expect(isTrustedSender(APP_PAGES, 'app://sightline/overlay/status?x=1#y', true)).toBe(true);
  });

  it("refuses a subframe even of the app's own origin", () => {
    expect(isTrustedSender(APP_PAGES, 'app://sightline/', false)).toBe(false);
  });

  it.each(FOREIGN_URLS)('refuses a frame at %j', (url) => {
    expect(isTrustedSender(APP_PAGES, url, true)).toBe(false);
  });

  it('refuses a sender without a frame URL', () => {
    expect(isTrustedSender(APP_PAGES, undefined, true)).toBe(false);
  });
});

describe('isAllowedNavigation', () => {
  it("allows the app's own routes", () => {
    expect(isAllowedNavigation(APP_PAGES, 'app://sightline/overlays')).toBe(true);
    expect(isAllowedNavigation(APP_PAGES, 'app://sightline/overlay/status')).toBe(true);
  });

  it.each(FOREIGN_URLS)('refuses %j', (url) => {
    expect(isAllowedNavigation(APP_PAGES, url)).toBe(false);
  });
});

describe('isSafeExternalUrl', () => {
  it('allows plain https links', () => {
    expect(isSafeExternalUrl('https://developer.riotgames.com/docs/lol')).toBe(true);
    expect(isSafeExternalUrl('https://example.com:8443/a?b=c#d')).toBe(true);
  });

  it.each([
    'http://example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:text/html,hi',
    'app://sightline/',
    'ms-settings:privacy',
    'steam://run/123',
    'smb://host/share',
    'https://user:secret@example.com/',
    'https://user@example.com/',
    'https://',
    'not a url',
  ])('refuses %j', (url) => {
    expect(isSafeExternalUrl(url)).toBe(false);
  });
});

describe('isPermissionAllowed', () => {
  it('lets our own pages write to the clipboard (copy buttons)', () => {
    expect(isPermissionAllowed(APP_PAGES, 'clipboard-sanitized-write', 'app://sightline/overlays')).toBe(
      true,
    );
    expect(isPermissionAllowed(APP_PAGES, 'clipboard-sanitized-write', 'app://sightline')).toBe(true);
  });

  it('refuses even that to any other origin', () => {
    expect(isPermissionAllowed(APP_PAGES, 'clipboard-sanitized-write', 'https://example.com/')).toBe(false);
    expect(isPermissionAllowed(APP_PAGES, 'clipboard-sanitized-write', undefined)).toBe(false);
  });

  it.each([
    'clipboard-read',
    'media',
    'geolocation',
    'notifications',
    'openExternal',
    'fullscreen',
    'unknown',
    '',
  ])('denies %j to our own pages', (permission) => {
    expect(isPermissionAllowed(APP_PAGES, permission, 'app://sightline/')).toBe(false);
  });
});

describe('under npm run dev (the dev server’s pages)', () => {
  const DEV_SERVER = 'http://localhost:5173';
  const dev = pagesOriginFor({ packaged: false, devServerUrl: DEV_SERVER });
  const packaged = pagesOriginFor({ packaged: true, devServerUrl: DEV_SERVER });

  it('trusts the dev server’s main frames, its navigation and its clipboard, and no longer app://', () => {
    expect(isTrustedSender(dev, 'http://localhost:5173/overlay/status', true)).toBe(true);
    expect(isTrustedSender(dev, 'http://localhost:5173/', false)).toBe(false);
    expect(isAllowedNavigation(dev, 'http://localhost:5173/history')).toBe(true);
    expect(isPermissionAllowed(dev, 'clipboard-sanitized-write', DEV_SERVER)).toBe(true);
    expect(isPermissionAllowed(dev, 'media', DEV_SERVER)).toBe(false);
    expect(isTrustedSender(dev, 'app://sightline/', true)).toBe(false);
    expect(isAllowedNavigation(dev, 'app://sightline/')).toBe(false);
  });

  it.each([...FOREIGN_URLS.filter((url) => url !== 'http://localhost:5173/'), 'http://127.0.0.1:5173/'])(
    'refuses %j there too',
    (url) => {
      expect(isTrustedSender(dev, url, true)).toBe(false);
      expect(isAllowedNavigation(dev, url)).toBe(false);
      expect(isPermissionAllowed(dev, 'clipboard-sanitized-write', url)).toBe(false);
    },
  );

  it('never trusts the dev server in a packaged app, even with the variable set', () => {
    expect(isTrustedSender(packaged, 'http://localhost:5173/', true)).toBe(false);
    expect(isAllowedNavigation(packaged, 'http://localhost:5173/')).toBe(false);
    expect(isPermissionAllowed(packaged, 'clipboard-sanitized-write', DEV_SERVER)).toBe(false);
    expect(isTrustedSender(packaged, 'app://sightline/', true)).toBe(true);
  });
});
