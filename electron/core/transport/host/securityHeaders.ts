/**
 * The headers on every page Sightline serves, by both of its servers: the browser host (OBS, browser mode)
 * and the desktop app's app:// protocol. The header (unlike a page's meta tag) can carry frame-ancestors.
 * 'unsafe-inline' styles only: React sets style attributes; scripts stay 'self', which also covers the
 * same-origin WebSocket. Frames: only the host's own pages on loopback (the OBS page's live previews of the
 * overlay links, which the desktop app's companion, on app://, loads from the browser host).
 */
const POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' http://127.0.0.1:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
];

/** The companion's origin in the desktop app (electron/shell/protocol/appOrigin.ts; the core cannot import it). */
export const APP_FRAME_ANCESTOR = 'app://sightline';

/** Every page but an overlay's: no page may frame it (clickjacking a companion that may do everything). */
export const CONTENT_SECURITY_POLICY = [...POLICY, "frame-ancestors 'none'"].join('; ');

/**
 * An overlay page: framed only by the companion's OBS page, its live previews (the same origin in browser mode,
 * the app's origin in the desktop app). An overlay link can only watch, so a frame of it commands nothing.
 */
export const OVERLAY_CONTENT_SECURITY_POLICY = [
  ...POLICY,
  `frame-ancestors 'self' ${APP_FRAME_ANCESTOR}`,
].join('; ');

export const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
} as const;

export const OVERLAY_SECURITY_HEADERS = {
  ...SECURITY_HEADERS,
  'content-security-policy': OVERLAY_CONTENT_SECURITY_POLICY,
} as const;
