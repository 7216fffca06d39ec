import { timingSafeEqual } from 'node:crypto';

/**
 * Checks every request to the browser host must pass: a loopback Host (defeats DNS rebinding),
 * our own Origin when a browser sends one (defeats cross-site pages), and the per-install token.
 */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export function isLoopbackHostHeader(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${port}`);
}

export function isOwnOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true; // not a browser, or a same-origin navigation: the token still applies
  return LOOPBACK_NAMES.some((name) => origin.toLowerCase() === `http://${name}:${port}`);
}

export function tokenMatches(offered: string | null | undefined, token: string): boolean {
  if (!offered) return false;
  const a = Buffer.from(offered);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function tokenCookieName(port: number): string {
  return `sightline_token_${port}`;
}

export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

export type GuardVerdict =
  { ok: true; tokenFromQuery: boolean } | { ok: false; status: 403 | 421; reason: string };

export function checkHostRequest(
  headers: { host?: string; origin?: string; cookie?: string },
  url: URL,
  port: number,
  token: string,
): GuardVerdict {
  if (!isLoopbackHostHeader(headers.host, port)) return { ok: false, status: 421, reason: 'unexpected Host' };
  if (!isOwnOrigin(headers.origin, port)) return { ok: false, status: 403, reason: 'foreign Origin' };
  const queryToken = url.searchParams.get('token');
  if (tokenMatches(queryToken, token)) return { ok: true, tokenFromQuery: true };
  if (tokenMatches(readCookie(headers.cookie, tokenCookieName(port)), token))
    return { ok: true, tokenFromQuery: false };
  return { ok: false, status: 403, reason: 'missing or wrong token' };
}
