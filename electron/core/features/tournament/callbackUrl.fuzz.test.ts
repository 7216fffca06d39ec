import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textInputs } from '../../tools/testkit/fuzz/fuzzInputs';
import { fuzzParser, type Parsed } from '../../tools/testkit/fuzz/parserFuzz';
import { fuzzRuns } from '../../tools/testkit/fuzz/fuzzRuns';
import { checkCallbackUrl } from './callbackUrl';
import { readRfc3986Uri, removeDotSegments } from '@shared/url/rfc3986';

const samples = [
  'http://organizer.com/tournament/callback',
  'https://cb.organizer.de:443/a/b?round=1#x',
  'http://cb-1.xn--bcher-kva.de/r',
  'http://exa_mple.com/cb',
  'http://.com/cb',
  'http://organizer.com\\@evil.xyz/',
  'http:organizer.com/cb',
  'http://[2001:db8::1]/cb',
  'http://user:pw@organizer.net:80/%7Ecb',
];
/** The characters where a browser and a server part ways, and the URL's own delimiters. */
const vocabulary = [
  ...'\\/@:?#[]%.%2E%40 \t\n\r"<>^`{|}ü',
  'http://',
  'https://',
  'http:',
  '//',
  'organizer.com',
  'evil.xyz',
  ':80',
  ':443',
  '..',
  '%2e',
  '0x7f',
  '_',
  '-',
  '--',
  'xn--',
  '.com',
];

/** What both readings say of a URL that passed: the very same scheme, host, port and path. */
function agreementProblem(canonical: string): string | null {
  const read = readRfc3986Uri(canonical);
  if (!read.ok) return `the canonical ${canonical} is not RFC 3986: ${read.reason}`;
  const url = new URL(canonical);
  const { scheme, authority, path } = read.uri;
  if (scheme !== url.protocol.slice(0, -1)) return `scheme ${scheme} against ${url.protocol}`;
  if (authority?.host !== url.hostname) return `host ${authority?.host} against ${url.hostname}`;
  if (authority.userinfo !== null || authority.port !== null) return `${canonical} keeps a user or a port`;
  if ((removeDotSegments(path) || '/') !== url.pathname) return `path ${path} against ${url.pathname}`;
  if (url.href !== canonical) return `${canonical} is not what a browser writes (${url.href})`;
  if (read.uri.query !== null || read.uri.fragment !== null) return `${canonical} keeps a query or fragment`;
  const labels = url.hostname.replace(/\.$/, '').split('.');
  if (labels.length < 2) return `${url.hostname} is not a name under a top-level domain`;
  const bad = labels.find((label) => !/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label));
  if (bad !== undefined) return `${url.hostname} has the label ${JSON.stringify(bad)}, not a DNS label`;
  return null;
}

describe('callback URLs, fuzzed', () => {
  fuzzParser({
    name: 'callback URL',
    inputs: textInputs(samples, vocabulary),
    parse: (raw: string): Parsed<string> => {
      const verdict = checkCallbackUrl(raw);
      if (!verdict.valid) return { ok: false, message: verdict.reason ?? '' };
      return verdict.canonical === null
        ? { ok: false, message: 'no canonical' }
        : { ok: true, value: verdict.canonical };
    },
    outputProblem: (canonical) => {
      const again = checkCallbackUrl(canonical);
      if (!again.valid || again.canonical !== canonical) return `${canonical} does not judge as itself`;
      return agreementProblem(canonical);
    },
  });

  it('refuses every URL with a character RFC 3986 does not allow, wherever it stands', () => {
    const outside = fc.oneof(
      fc.constantFrom(...'\\ \t\n\r"<>^`{|}ü'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => /[^\x21-\x7e]/.test(c)),
    );
    fc.assert(
      fc.property(fc.integer({ min: 7, max: 40 }), outside, (at, character) => {
        const base = 'http://organizer.com/tournament/callback/round-1';
        const url = base.slice(0, at) + character + base.slice(at);
        const verdict = checkCallbackUrl(url);
        // Only what trim() removes at the very ends may pass; inside, nothing outside the set does.
        expect(verdict.valid).toBe(false);
      }),
      { numRuns: fuzzRuns() },
    );
  });
});
