import { timingSafeEqual } from 'node:crypto';

/**
 * Checks every request to the browser host must pass before its token is looked at: a loopback Host
 * (defeats DNS rebinding) and our own Origin when a browser sends one (defeats cross-site pages).
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

export type GuardVerdict = { ok: true } | { ok: false; status: 403 | 421; reason: string };

export function checkLocalRequest(headers: { host?: string; origin?: string }, port: number): GuardVerdict {
  if (!isLoopbackHostHeader(headers.host, port)) return { ok: false, status: 421, reason: 'unexpected Host' };
  if (!isOwnOrigin(headers.origin, port)) return { ok: false, status: 403, reason: 'foreign Origin' };
  return { ok: true };
}
