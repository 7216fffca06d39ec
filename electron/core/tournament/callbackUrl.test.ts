import { describe, expect, it } from 'vitest';
import { checkCallbackUrl, COUNTRY_CODE_TLDS, GENERIC_TLDS, HTTPS_CERTIFICATE_NOTE } from './callbackUrl';

describe('checkCallbackUrl', () => {
  it('accepts every generic TLD of the spec', () => {
    expect(GENERIC_TLDS).toHaveLength(20);
    for (const tld of GENERIC_TLDS) {
      expect(checkCallbackUrl(`http://results.example.${tld}/tournament/callback`)).toEqual({
        valid: true,
        reason: null,
        notes: [],
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

  it('ignores a trailing dot of a fully qualified host', () => {
    expect(checkCallbackUrl('http://organizer.org./cb').valid).toBe(true);
  });
});
