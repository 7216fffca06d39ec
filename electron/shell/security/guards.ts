import type { PagesOrigin } from '../protocol/pagesOrigin';

/** IPC is answered only for the app's own page, and only its main frame (never an iframe inside it). */
export function isTrustedSender(
  pages: PagesOrigin,
  frameUrl: string | undefined,
  isMainFrame: boolean,
): boolean {
  return isMainFrame && pages.owns(frameUrl);
}

/** Windows only ever show the app's own pages; every other navigation is cancelled. */
export function isAllowedNavigation(pages: PagesOrigin, url: string): boolean {
  return pages.owns(url);
}

/**
 * An overlay page of the browser host on `port`, which the OBS page frames for its live previews: plain http to
 * 127.0.0.1 on that port (no other host or port, no credentials), under /overlay/ only.
 */
export function isOverlayPreviewUrl(url: string, port: number | null): boolean {
  if (port === null || !URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (
    parsed.protocol === 'http:' &&
    parsed.hostname === '127.0.0.1' &&
    parsed.port === String(port) &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.pathname.startsWith('/overlay/')
  );
}

/**
 * Links the page may hand to the system browser: https only, with a host and no credentials. Anything
 * else (file:, javascript:, data:, custom schemes that launch programs) stays closed.
 */
export function isSafeExternalUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (
    parsed.protocol === 'https:' && parsed.hostname !== '' && parsed.username === '' && parsed.password === ''
  );
}

/**
 * Web permissions the pages may use. Copy buttons write to the clipboard; nothing else (camera,
 * notifications, geolocation, …) is ever needed, and only our own pages get even that.
 */
const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

export function isPermissionAllowed(
  pages: PagesOrigin,
  permission: string,
  requestingUrl: string | undefined,
): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && pages.owns(requestingUrl);
}
