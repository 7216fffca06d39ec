import { parseAppUrl } from '../protocol/appOrigin';

/** IPC is answered only for the app's own page, and only its main frame (never an iframe inside it). */
export function isTrustedSender(frameUrl: string | undefined, isMainFrame: boolean): boolean {
  return isMainFrame && parseAppUrl(frameUrl) !== null;
}

/** Windows only ever show the app's own pages; every other navigation is cancelled. */
export function isAllowedNavigation(url: string): boolean {
  return parseAppUrl(url) !== null;
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

export function isPermissionAllowed(permission: string, requestingUrl: string | undefined): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && parseAppUrl(requestingUrl) !== null;
}
