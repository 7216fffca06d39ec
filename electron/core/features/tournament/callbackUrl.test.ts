import { describe, expect, it } from 'vitest';
import { checkCallbackUrl, COUNTRY_CODE_TLDS, GENERIC_TLDS, HTTPS_CERTIFICATE_NOTE } from './callbackUrl';

/** Hosts a browser reads, but that are no DNS name, with why. */
const NOT_DNS_NAMES: [string, string][] = [
  ['http://.com/cb', 'the host .com is not a DNS name: it has an empty label'],
  ['http://organizer..com/cb', 'it has an empty label'],
  ['http://exa_mple.com/cb', 'the label exa_mple holds a character other than a letter, digit or hyphen'],
  ['http://-organizer.com/cb', 'the label -organizer starts or ends with a hyphen'],
  ['http://organizer-.com/cb', 'the label organizer- starts or ends with a hyphen'],
  ['http://ab--cd.com/cb', 'which only punycode ("xn--") may'],
  [`http://${'a'.repeat(64)}.com/cb`, 'is longer than 63 characters'],
  [`http://${Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.')}.com/cb`, 'longer than 253'],
];

/** URLs with a query or a fragment, which a POSTed callback cannot use. */
const QUERIES_AND_FRAGMENTS: [string, string][] = [
  ['http://organizer.com/cb?round=1', 'must not have a query'],
  ['http://organizer.com/cb?', 'must not have a query'],
  ['http://organizer.com/cb#final', 'must not have a fragment'],
  ['http://organizer.com/cb#', 'must not have a fragment'],
  ['http://organizer.com/a/./b/../cb?round=1#x', 'must not have a query'],
];

describe('checkCallbackUrl', () => {
  it('accepts every generic TLD of the spec', () => {
    expect(GENERIC_TLDS).toHaveLength(20);
    for (const tld of GENERIC_TLDS) {
      expect(checkCallbackUrl(`http://results.example.${tld}/tournament/callback`)).toEqual({
        valid: true,
        reason: null,
        notes: [],
        canonical: `http://results.example.${tld}/tournament/callback`,
      });
    }
  });

  it('accepts every country-code TLD of the spec, in any case', () => {
    expect(COUNTRY_CODE_TLDS).toHaveLength(249);
    expect(new Set(COUNTRY_CODE_TLDS).size).toBe(COUNTRY_CODE_TLDS.length);
    for (const tld of COUNTRY_CODE_TLDS) {
      expect(checkCallbackUrl(`http://cb.organizer.${tld.toUpperCase()}/x`).valid).toBe(true);
    }
  });

  it.each(['xyz', 'mail', 'app', 'dev', 'club', 'online', 'gg2', 'xn--p1ai'])(
    'refuses the newer TLD .%s',
    (tld) => {
      const verdict = checkCallbackUrl(`http://organizer.${tld}/callback`);
      expect(verdict.valid).toBe(false);
      expect(verdict.reason).toContain(`.${tld} is not accepted`);
    },
  );

  it('allows only port 80 for http and 443 for https', () => {
    expect(checkCallbackUrl('http://organizer.com:80/cb').valid).toBe(true);
    expect(checkCallbackUrl('https://organizer.com:443/cb').valid).toBe(true);
    for (const url of [
      'http://organizer.com:8080/cb',
      'http://organizer.com:443/cb',
      'https://organizer.com:80/cb',
    ]) {
      const verdict = checkCallbackUrl(url);
      expect(verdict.valid).toBe(false);
      expect(verdict.reason).toMatch(/^port \d+ is not allowed/);
    }
  });

  it('accepts https but explains the certificate-authority rule and recommends http with signed metaData', () => {
    const verdict = checkCallbackUrl('https://organizer.net/cb');
    expect(verdict.valid).toBe(true);
    expect(verdict.notes).toEqual([HTTPS_CERTIFICATE_NOTE]);
    expect(HTTPS_CERTIFICATE_NOTE).toContain('Jan 29, 2012');
    expect(HTTPS_CERTIFICATE_NOTE).toContain('plain http with signed metaData');
  });

  it.each([
    ['', 'the URL is empty'],
    ['organizer.com/cb', 'not a well-formed URL'],
    ['ftp://organizer.com/cb', 'the scheme ftp is not allowed'],
    ['http://user:pw@organizer.com/cb', 'user name or password'],
    ['http://203.0.113.7/cb', 'IP address'],
    ['http://[2001:db8::1]/cb', 'IP address'],
    ['http://localhost/cb', 'no top-level domain'],
  ])('refuses %j with a reason', (url, reason) => {
    const verdict = checkCallbackUrl(url);
    expect(verdict.valid).toBe(false);
    expect(verdict.reason).toContain(reason);
  });

  it.each(NOT_DNS_NAMES)('refuses %j, whose host is not a DNS name, and says why', (url, reason) => {
    const verdict = checkCallbackUrl(url);
    expect(verdict).toMatchObject({ valid: false, canonical: null });
    expect(verdict.reason).toContain(reason);
  });

  it('accepts labels of exactly 63 characters and punycode labels', () => {
    expect(checkCallbackUrl(`http://${'a'.repeat(63)}.com/cb`).valid).toBe(true);
    expect(checkCallbackUrl('http://xn--bcher-kva.de/cb').valid).toBe(true);
    expect(checkCallbackUrl('http://organizer-1.co.uk/cb').valid).toBe(true);
  });

  it.each(QUERIES_AND_FRAGMENTS)(
    'refuses %j: callbacks are POSTed to the URL, so a query or fragment cannot carry anything',
    (url, reason) => {
      const verdict = checkCallbackUrl(url);
      expect(verdict).toMatchObject({ valid: false, canonical: null });
      expect(verdict.reason).toContain(reason);
    },
  );

  it('ignores a trailing dot of a fully qualified host', () => {
    expect(checkCallbackUrl('http://organizer.org./cb').valid).toBe(true);
  });

  it.each([
    // A browser reads a backslash as a slash (host organizer.com); a server refuses it or reads evil.xyz.
    ['http://organizer.com\\@evil.xyz/', 'RFC 3986 does not allow a backslash (U+005C)'],
    ['http://organizer.com\\evil.xyz/', 'RFC 3986 does not allow a backslash (U+005C)'],
    ['http:\\\\organizer.com\\cb', 'RFC 3986 does not allow a backslash'],
    // No "//": a browser still finds a host, RFC 3986 reads a path and no host.
    ['http:organizer.com/cb', 'RFC 3986 reads no host here'],
    ['http:/organizer.com/cb', 'RFC 3986 reads no host here'],
    ['http:///organizer.com/cb', 'RFC 3986 reads the host (none), a browser reads organizer.com'],
    // A browser drops tabs and line breaks and encodes spaces; RFC 3986 allows none of them.
    ['http://organizer.com/c\tb', 'a tab (U+0009)'],
    ['http://organ\nizer.com/cb', 'a line break (U+000A)'],
    ['http://organizer.com/c\rb', 'a carriage return (U+000D)'],
    ['http://organizer.com/my callback', 'a space (U+0020)'],
    ['http://organizer.com/cb?x=a b', 'a space (U+0020)'],
    ['http://organizer.com/cb"', 'a double quote (U+0022)'],
    ['http://organizer.com/%zz', 'does not start a percent-encoding'],
    // Hosts a browser decodes or rewrites, read literally by RFC 3986.
    ['http://organizer%2Ecom/cb', 'RFC 3986 reads the host organizer%2ecom, a browser reads organizer.com'],
    ['http://0x7f.0.0.1/cb', 'a browser reads 127.0.0.1'],
    ['http://bücher.de/cb', 'RFC 3986 does not allow "ü" (U+00FC)'],
    ['http://organizer.com/%2e%2e/cb', 'RFC 3986 reads the path /%2e%2e/cb, a browser /cb'],
    // User information, and an "@" a browser and a server split differently.
    ['http://@organizer.com/cb', 'disagree on whether the URL carries a user name'],
    ['http://user@organizer.com/cb', 'user name or password'],
    ['http://a@b@organizer.com/cb', 'user information holds a character RFC 3986 does not allow'],
    // IP literals: well formed ones are read alike and refused by the TLD rule.
    ['http://[2001:db8::1]/cb', 'IP address'],
    ['http://[::ffff:192.0.2.1]/cb', 'a browser reads [::ffff:c000:201]'],
    ['http://[2001:db8::1/cb', 'not a well-formed URL'],
    ['http://[v1.fe]/cb', 'not a well-formed URL'],
    ['http://organizer.com:8o/cb', 'not a well-formed URL'],
  ])('refuses %j, which a server and a browser read differently', (url, reason) => {
    const verdict = checkCallbackUrl(url);
    expect(verdict).toMatchObject({ valid: false, canonical: null });
    expect(verdict.reason).toContain(reason);
  });

  it.each([
    ['HTTP://Organizer.COM/cb', 'http://organizer.com/cb'],
    ['http://organizer.com:80/cb', 'http://organizer.com/cb'],
    ['http://organizer.com:0080/cb', 'http://organizer.com/cb'],
    ['http://organizer.com:/cb', 'http://organizer.com/cb'],
    ['https://organizer.com:443', 'https://organizer.com/'],
    ['http://organizer.com/a/./b/../cb', 'http://organizer.com/a/cb'],
    ['http://cb-1.xn--bcher-kva.de/r/2', 'http://cb-1.xn--bcher-kva.de/r/2'],
    ['http://a.b.c.d.e.f.g.h.organizer.io/cb', 'http://a.b.c.d.e.f.g.h.organizer.io/cb'],
    ['http://xn--bcher-kva.de/cb', 'http://xn--bcher-kva.de/cb'],
    ['  http://organizer.com/cb  ', 'http://organizer.com/cb'],
    ['http://organizer.com/%7Euser/cb', 'http://organizer.com/%7Euser/cb'],
  ])('accepts %j and registers it as %j', (url, canonical) => {
    const verdict = checkCallbackUrl(url);
    expect(verdict).toMatchObject({ valid: true, reason: null, canonical });
    expect(checkCallbackUrl(canonical)).toEqual(verdict);
  });
});
