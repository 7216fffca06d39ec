import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeBase32, encodeBase32 } from './base32';

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe('base32 (RFC 4648 test vectors, padding removed)', () => {
  const vectors: Array<[string, string]> = [
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ];

  it.each(vectors.filter(([plain]) => plain !== ''))('encodes %j as %s', (plain, encoded) => {
    expect(encodeBase32(bytesOf(plain))).toBe(encoded);
    const decoded = decodeBase32(encoded);
    expect(decoded.ok && new TextDecoder().decode(decoded.bytes)).toBe(plain);
  });

  it('writes no padding', () => {
    expect(encodeBase32(bytesOf('f'))).not.toContain('=');
  });

  it('tolerates lower case, whitespace, hyphens and padding on input', () => {
    const decoded = decodeBase32('  mzx w6-YQ======\n');
    expect(decoded.ok && new TextDecoder().decode(decoded.bytes)).toBe('foob');
  });

  it('reports an empty input', () => {
    expect(decodeBase32('  \n')).toEqual({ ok: false, reason: 'empty' });
  });

  it('reports the first character outside the alphabet', () => {
    expect(decodeBase32('MZXW1YQ')).toEqual({ ok: false, reason: 'bad-character', character: '1' });
    expect(decodeBase32("I'm no card code!")).toEqual({ ok: false, reason: 'bad-character', character: "'" });
  });

  it('reads a long run of "=" that is not padding in linear time (found by the fuzz: /=+$/ backtracked)', () => {
    const started = performance.now();
    expect(decodeBase32(`t${'='.repeat(100_000)}A`)).toEqual({
      ok: false,
      reason: 'bad-character',
      character: '=',
    });
    // Quadratic, this took seconds; linear, a few milliseconds.
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('reports lengths that whole bytes never produce', () => {
    expect(decodeBase32('M')).toEqual({ ok: false, reason: 'bad-length' });
    expect(decodeBase32('MZX')).toEqual({ ok: false, reason: 'bad-length' });
    expect(decodeBase32('MZXW6Y')).toEqual({ ok: false, reason: 'bad-length' });
  });

  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 64 }), (bytes) => {
        const decoded = decodeBase32(encodeBase32(bytes));
        expect(decoded.ok && [...decoded.bytes]).toEqual([...bytes]);
      }),
    );
  });
});
