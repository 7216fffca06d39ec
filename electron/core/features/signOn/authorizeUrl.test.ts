import { describe, expect, it } from 'vitest';
import { buildAuthorizeUrl } from './authorizeUrl';
import { DEFAULT_SIGN_ON_BASE, readSignOnEnvironment, SignOnEnvironmentError } from './signOnEnvironment';

describe('buildAuthorizeUrl', () => {
  it('asks the real host for a code with openid and offline_access, carrying the state', () => {
    const url = buildAuthorizeUrl({
      baseUrl: DEFAULT_SIGN_ON_BASE,
      clientId: 'sightline-cup',
      redirectUri: 'http://127.0.0.1:4780/sign-on/callback',
      state: 'abc_123-XYZ',
      // RFC 7636 Appendix B's verifier, whose S256 challenge is E9Melhoa…
      codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    });
    expect(url).toBe(
      'https://auth.riotgames.com/authorize?client_id=sightline-cup' +
        '&redirect_uri=http%3A%2F%2F127.0.0.1%3A4780%2Fsign-on%2Fcallback' +
        '&response_type=code&scope=openid+offline_access&state=abc_123-XYZ' +
        '&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256',
    );
    const params = new URL(url).searchParams;
    expect(params.get('scope')).toBe('openid offline_access');
    expect(params.get('redirect_uri')).toBe('http://127.0.0.1:4780/sign-on/callback');
  });

  it('uses the overridden host for a stand-in', () => {
    const { baseUrl } = readSignOnEnvironment({ SIGHTLINE_SIGN_ON_BASE: 'http://127.0.0.1:5000/' });
    const url = buildAuthorizeUrl({
      baseUrl,
      clientId: 'c',
      redirectUri: 'http://127.0.0.1:1/x',
      state: 's',
      codeVerifier: 'v'.repeat(43),
    });
    expect(url.startsWith('http://127.0.0.1:5000/authorize?')).toBe(true);
  });
});

describe('readSignOnEnvironment', () => {
  it('defaults to the real host', () => {
    expect(readSignOnEnvironment({}).baseUrl).toBe('https://auth.riotgames.com');
  });

  it('refuses plain http anywhere but loopback, and URLs with a query', () => {
    expect(() => readSignOnEnvironment({ SIGHTLINE_SIGN_ON_BASE: 'http://auth.example.com' })).toThrow(
      SignOnEnvironmentError,
    );
    expect(() => readSignOnEnvironment({ SIGHTLINE_SIGN_ON_BASE: 'https://a.example.com/?x=1' })).toThrow(
      /query/,
    );
    expect(() => readSignOnEnvironment({ SIGHTLINE_SIGN_ON_BASE: 'not a url' })).toThrow(/not a URL/);
    expect(readSignOnEnvironment({ SIGHTLINE_SIGN_ON_BASE: 'https://auth.example.com' }).baseUrl).toBe(
      'https://auth.example.com',
    );
  });
});
