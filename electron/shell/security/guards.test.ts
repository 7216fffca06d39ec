import { describe, expect, it } from 'vitest';
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
    expect(isTrustedSender('app://sightline/', true)).toBe(true);
    expect(isTrustedSender('app://sightline/overlay/status?x=1#y', true)).toBe(true);
  });

  it("refuses a subframe even of the app's own origin", () => {
    expect(isTrustedSender('app://sightline/', false)).toBe(false);
  });

  it.each(FOREIGN_URLS)('refuses a frame at %j', (url) => {
    expect(isTrustedSender(url, true)).toBe(false);
  });

  it('refuses a sender without a frame URL', () => {
    expect(isTrustedSender(undefined, true)).toBe(false);
  });
});

describe('isAllowedNavigation', () => {
  it("allows the app's own routes", () => {
    expect(isAllowedNavigation('app://sightline/overlays')).toBe(true);
    expect(isAllowedNavigation('app://sightline/overlay/status')).toBe(true);
  });

  it.each(FOREIGN_URLS)('refuses %j', (url) => {
    expect(isAllowedNavigation(url)).toBe(false);
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
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://sightline/overlays')).toBe(true);
    expect(isPermissionAllowed('clipboard-sanitized-write', 'app://sightline')).toBe(true);
  });

  it('refuses even that to any other origin', () => {
    expect(isPermissionAllowed('clipboard-sanitized-write', 'https://example.com/')).toBe(false);
    expect(isPermissionAllowed('clipboard-sanitized-write', undefined)).toBe(false);
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
    expect(isPermissionAllowed(permission, 'app://sightline/')).toBe(false);
  });
});
