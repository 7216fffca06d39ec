import type { UrlCheckView } from '@shared/contract';
import { clipped } from '@shared/contract/quoted';
import { readRfc3986Uri, removeDotSegments, type Rfc3986Uri } from '@shared/url/rfc3986';
import { dnsNameProblem } from './dnsName';

/** Generic top-level domains approved before March 2011 (spec 1 §6.1). Newer ones are refused. */
export const GENERIC_TLDS: readonly string[] = [
  'aero', 'asia', 'biz', 'cat', 'com', 'coop', 'info', 'jobs', 'mobi', 'museum',
  'name', 'net', 'org', 'pro', 'tel', 'travel', 'gov', 'edu', 'mil', 'int',
]; // prettier-ignore

/** The country-code top-level domains the spec lists (spec 1 §6.1), exactly as listed. */
export const COUNTRY_CODE_TLDS: readonly string[] = (
  'ac ad ae af ag ai al am an ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt ' +
  'bv bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cx cy cz de dj dk dm do dz ec ee eg er es ' +
  'et eu fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu ' +
  'id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt ' +
  'lu lv ly ma mc md me mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no ' +
  'np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si ' +
  'sj sk sl sm sn so sr st su sv sy sz tc td tf tg th tj tk tl tm tn to tp tr tt tv tw tz ua ug uk um ' +
  'us uy uz va vc ve vg vi vn vu wf ws ye yt yu za zm zw'
).split(' ');

const ACCEPTED_TLDS = new Set([...GENERIC_TLDS, ...COUNTRY_CODE_TLDS]);

/** Why https is risky here, and what the spec recommends instead. */
export const HTTPS_CERTIFICATE_NOTE =
  'For https the callback is sent only when the certificate was issued by an authority approved on or before Jan 29, 2012; with a newer authority no callback is made at all. The spec recommends plain http with signed metaData: Sightline signs every code’s metaData and trusts only callbacks whose signature checks out.';

const invalid = (reason: string): UrlCheckView => ({ valid: false, reason, notes: [], canonical: null });

const DEFAULT_PORTS: Record<string, number> = { http: 80, https: 443 };

type BothReadings = { ok: true; uri: Rfc3986Uri } | { ok: false; reason: string };

/**
 * The URL as a server reads it (RFC 3986), or why a server and a browser (WHATWG) would read `text`
 * differently: they must agree on scheme, user information, host, port and path. Only a URL both read
 * alike can be judged at all.
 */
function readBothWays(text: string, url: URL): BothReadings {
  const read = readRfc3986Uri(text);
  if (!read.ok) return read;
  const disagreement = readingsDiffer(read.uri, url);
  return disagreement === null ? read : { ok: false, reason: disagreement };
}

function readingsDiffer({ scheme, authority, path }: Rfc3986Uri, url: URL): string | null {
  const whatwgScheme = url.protocol.replace(/:$/, '');
  if (scheme.toLowerCase() !== whatwgScheme) {
    return `RFC 3986 reads the scheme ${clipped(scheme, 20)}, a browser ${clipped(whatwgScheme, 20)}`;
  }
  if (!authority)
    return `RFC 3986 reads no host here (no "//" after "${scheme}:"), a browser reads ${clipped(url.hostname, 60)}`;
  const host = authority.host.toLowerCase();
  if (host !== url.hostname) {
    return `RFC 3986 reads the host ${clipped(host, 60) || '(none)'}, a browser reads ${clipped(url.hostname, 60)}: write the host plainly`;
  }
  if ((authority.userinfo !== null) !== (url.username !== '' || url.password !== '')) {
    return 'RFC 3986 and a browser disagree on whether the URL carries a user name';
  }
  const defaultPort = DEFAULT_PORTS[whatwgScheme];
  const port = authority.port ? Number(authority.port) : defaultPort;
  const whatwgPort = url.port === '' ? defaultPort : Number(url.port);
  if (port !== whatwgPort)
    return `RFC 3986 reads port ${clipped(String(port), 20)}, a browser port ${whatwgPort}`;
  const rfcPath = removeDotSegments(path) || '/';
  if (rfcPath !== url.pathname) {
    return `RFC 3986 reads the path ${clipped(rfcPath, 60)}, a browser ${clipped(url.pathname, 60)}`;
  }
  return null;
}

/**
 * The provider callback URL rules of spec 1 §6.1: http or https on port 80 or 443, no query or fragment,
 * and a host that is a DNS name registered under a top-level domain from the spec's generic or
 * country-code list. The URL is judged as the servers that call it
 * read it (RFC 3986) and must read the same way to a browser (WHATWG); `canonical` is the one string
 * both agree on, and the only one that may be registered. Nothing is sent; this only reads the URL.
 */
export function checkCallbackUrl(raw: string): UrlCheckView {
  const text = raw.trim();
  if (text === '') return invalid('the URL is empty');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return invalid('not a well-formed URL (expected http://host/path)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return invalid(
      `the scheme ${clipped(url.protocol.replace(/:$/, ''), 20)} is not allowed: use http or https`,
    );
  }
  const read = readBothWays(text, url);
  if (!read.ok) return invalid(read.reason);
  if (url.username || url.password) return invalid('the URL must not carry a user name or password');
  // URL drops a scheme's default port, so any port left is one the service will not call.
  if (url.port !== '') {
    return invalid(`port ${url.port} is not allowed: callbacks go to port 80 (http) or 443 (https) only`);
  }
  // The service POSTs the result to the URL as registered: a query or fragment is not part of where it goes.
  if (read.uri.query !== null) {
    return invalid(
      'the URL must not have a query ("?…"): the result is POSTed as the body, so put any round or event in the path',
    );
  }
  if (read.uri.fragment !== null) {
    return invalid(
      'the URL must not have a fragment ("#…"): it is never sent to a server, so it cannot route a callback',
    );
  }
  const host = url.hostname.replace(/\.$/, '');
  if (host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host)) {
    return invalid('an IP address has no top-level domain: use a domain name');
  }
  const labels = host.split('.');
  if (labels.length < 2) {
    return invalid(`the host ${clipped(host, 60)} has no top-level domain: use a public domain name`);
  }
  const notDnsName = dnsNameProblem(labels);
  if (notDnsName !== null) return invalid(`the host ${clipped(host, 60)} is not a DNS name: ${notDnsName}`);
  const tld = labels.at(-1) ?? '';
  if (!ACCEPTED_TLDS.has(tld)) {
    return invalid(
      `the top-level domain .${clipped(tld, 30)} is not accepted: only generic domains approved before March 2011 (com, net, org, …) or listed country codes are`,
    );
  }
  const notes = url.protocol === 'https:' ? [HTTPS_CERTIFICATE_NOTE] : [];
  return { valid: true, reason: null, notes, canonical: url.href };
}
