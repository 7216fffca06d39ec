/**
 * The headers on every page Sightline serves, by both of its servers: the browser host (OBS, browser mode)
 * and the desktop app's app:// protocol. The header (unlike a page's meta tag) can carry frame-ancestors.
 * 'unsafe-inline' styles only: React sets style attributes; scripts stay 'self', which also covers the
 * same-origin WebSocket.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;
