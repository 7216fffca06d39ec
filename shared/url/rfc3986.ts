import { clipped } from '@shared/contract/quoted';

/**
 * A strict reader of absolute URIs by RFC 3986 (§3 and appendix A), the grammar server-side HTTP clients
 * follow. Unlike a browser's URL parser (WHATWG) it repairs nothing: a backslash, a space, a tab or a
 * raw non-ASCII letter is refused, not read as a slash or encoded, and `http:host` has no host at all.
 */

export interface Rfc3986Authority {
  /** null when there is no `@`; '' for `http://@host/`. */
  userinfo: string | null;
  /** As written: a reg-name, an IPv4 address, or an IP literal with its brackets. */
  host: string;
  /** The digits after `:`; '' for a `:` with none; null without a `:`. */
  port: string | null;
}

export interface Rfc3986Uri {
  scheme: string;
  /** null when the URI has no `//` authority. */
  authority: Rfc3986Authority | null;
  path: string;
  query: string | null;
  fragment: string | null;
}

export type Rfc3986Reading = { ok: true; uri: Rfc3986Uri } | { ok: false; reason: string };

const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCT_ENCODED = '%[0-9A-Fa-f]{2}';
const escapeClass = (chars: string) => chars.replace(/[\]\\^-]/g, '\\$&');
/** Every character a URI may hold anywhere: unreserved, reserved and `%` (checked as `%HH` apart). */
const ALLOWED_CHARACTER = new RegExp(`^[${UNRESERVED}${escapeClass(`${SUB_DELIMS}:/?#[]@%`)}]$`);
/** `*( unreserved / pct-encoded / sub-delims / extra )`, whole. */
const run = (extra: string) =>
  new RegExp(`^(?:[${UNRESERVED}${escapeClass(SUB_DELIMS)}${escapeClass(extra)}]|${PCT_ENCODED})*$`);

const SCHEME = /^[A-Za-z][A-Za-z0-9+\-.]*$/;
const USERINFO = run(':');
const REG_NAME = run('');
const PATH = run(':@/');
const QUERY_OR_FRAGMENT = run(':@/?');
const PORT = /^[0-9]*$/;
const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = new RegExp(`^${DEC_OCTET}(?:\\.${DEC_OCTET}){3}$`);

/** How a refused character reads in a reason: itself when visible, its code point otherwise. */
export function describeCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  const point = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const names: Record<string, string> = {
    ' ': 'a space',
    '\t': 'a tab',
    '\n': 'a line break',
    '\r': 'a carriage return',
    '\\': 'a backslash',
    '"': 'a double quote',
  };
  const name = names[character];
  if (name) return `${name} (${point})`;
  return /^[\p{L}\p{N}\p{P}\p{S}]$/u.test(character) ? `"${character}" (${point})` : point;
}

function characterProblem(text: string): string | null {
  for (let index = 0; index < text.length; index += 1) {
    const character = String.fromCodePoint(text.codePointAt(index) ?? 0);
    if (!ALLOWED_CHARACTER.test(character)) {
      return `RFC 3986 does not allow ${describeCharacter(character)} in a URL (at position ${index + 1})`;
    }
    if (character === '%' && !/^%[0-9A-Fa-f]{2}/.test(text.slice(index))) {
      return `"%" at position ${index + 1} does not start a percent-encoding (%HH)`;
    }
  }
  return null;
}

function isIpv6(text: string): boolean {
  const [head = '', tail, ...more] = text.split('::');
  if (more.length > 0) return false;
  const groups = (part: string): string[] => (part === '' ? [] : part.split(':'));
  const all = [...groups(head), ...(tail === undefined ? [] : groups(tail))];
  const last = all.at(-1);
  const endsInIpv4 = last !== undefined && IPV4.test(last);
  const hex = endsInIpv4 ? all.slice(0, -1) : all;
  if (!hex.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false;
  const pieces = hex.length + (endsInIpv4 ? 2 : 0);
  return tail === undefined ? pieces === 8 : pieces <= 7;
}

function readAuthority(text: string): Rfc3986Authority | string {
  const at = text.lastIndexOf('@');
  const userinfo = at === -1 ? null : text.slice(0, at);
  if (userinfo !== null && !USERINFO.test(userinfo))
    return 'the user information holds a character RFC 3986 does not allow there';
  const hostAndPort = text.slice(at + 1);
  let host: string;
  let rest: string;
  if (hostAndPort.startsWith('[')) {
    const close = hostAndPort.indexOf(']');
    if (close === -1) return 'the IP literal has no closing "]"';
    host = hostAndPort.slice(0, close + 1);
    rest = hostAndPort.slice(close + 1);
    if (!isIpv6(host.slice(1, -1))) return `${clipped(host, 60)} is not an IPv6 address`;
  } else {
    const colon = hostAndPort.indexOf(':');
    host = colon === -1 ? hostAndPort : hostAndPort.slice(0, colon);
    rest = colon === -1 ? '' : hostAndPort.slice(colon);
    if (!REG_NAME.test(host))
      return `the host "${clipped(host, 60)}" holds a character RFC 3986 does not allow there`;
  }
  if (rest !== '' && !rest.startsWith(':'))
    return `"${clipped(rest, 60)}" follows the host where only ":port" may`;
  const port = rest === '' ? null : rest.slice(1);
  if (port !== null && !PORT.test(port)) return `the port "${clipped(port, 20)}" is not a number`;
  return { userinfo, host, port };
}

/** Reads `text` as an absolute URI (scheme required), or says why RFC 3986 refuses it. */
export function readRfc3986Uri(text: string): Rfc3986Reading {
  const refused = (reason: string): Rfc3986Reading => ({ ok: false, reason });
  const problem = characterProblem(text);
  if (problem) return refused(problem);
  // Appendix B's split; each part is then held to its own grammar.
  const parts = /^(?:([^:/?#]+):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/.exec(text);
  const [, scheme, authorityText, path = '', query, fragment] = parts ?? [];
  if (scheme === undefined || !SCHEME.test(scheme)) return refused('it does not start with a scheme (http:)');
  let authority: Rfc3986Authority | null = null;
  if (authorityText !== undefined) {
    const read = readAuthority(authorityText);
    if (typeof read === 'string') return refused(read);
    authority = read;
  } else if (path.startsWith('//')) {
    return refused('the path starts with "//" but there is no authority');
  }
  if (!PATH.test(path)) return refused('the path holds a character RFC 3986 does not allow there');
  if (query !== undefined && !QUERY_OR_FRAGMENT.test(query))
    return refused('the query holds a character RFC 3986 does not allow there');
  if (fragment !== undefined && !QUERY_OR_FRAGMENT.test(fragment))
    return refused('the fragment holds a character RFC 3986 does not allow there');
  return {
    ok: true,
    uri: { scheme, authority, path, query: query ?? null, fragment: fragment ?? null },
  };
}

/** RFC 3986 §5.2.4: the path a reference resolves to, with "." and ".." segments applied. */
export function removeDotSegments(path: string): string {
  let input = path;
  const output: string[] = [];
  while (input !== '') {
    if (input.startsWith('../')) input = input.slice(3);
    else if (input.startsWith('./')) input = input.slice(2);
    else if (input.startsWith('/./')) input = input.slice(2);
    else if (input === '/.') input = '/';
    else if (input.startsWith('/../') || input === '/..') {
      input = `/${input.slice(input === '/..' ? 3 : 4)}`;
      output.pop();
    } else if (input === '.' || input === '..') input = '';
    else {
      const next = input.indexOf('/', input.startsWith('/') ? 1 : 0);
      const segment = next === -1 ? input : input.slice(0, next);
      output.push(segment);
      input = input.slice(segment.length);
    }
  }
  return output.join('');
}
