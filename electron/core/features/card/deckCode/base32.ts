/** RFC 4648 base32, as deck codes use it: upper-case alphabet, no padding on output. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function encodeBase32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET.charAt((buffer >> bits) & 31);
    }
  }
  if (bits > 0) out += ALPHABET.charAt((buffer << (5 - bits)) & 31);
  return out;
}

export type Base32DecodeResult =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; reason: 'empty' }
  | { ok: false; reason: 'bad-character'; character: string }
  | { ok: false; reason: 'bad-length' };

/**
 * Lenient on what people paste: surrounding or inner whitespace, hyphens, lower case and trailing "=" padding.
 * Strict on everything else: a stray character or a length no encoder produces is an error, not a guess.
 */
export function decodeBase32(text: string): Base32DecodeResult {
  const cleaned = withoutPadding(text.replace(/[\s-]+/g, '')).toUpperCase();
  if (cleaned === '') return { ok: false, reason: 'empty' };

  // 1, 3 or 6 trailing characters cannot come from whole bytes.
  if ([1, 3, 6].includes(cleaned.length % 8)) {
    const stray = [...cleaned].find((character) => !ALPHABET.includes(character));
    return stray === undefined
      ? { ok: false, reason: 'bad-length' }
      : { ok: false, reason: 'bad-character', character: stray };
  }

  const bytes = new Uint8Array(Math.floor((cleaned.length * 5) / 8));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const character of cleaned) {
    const value = ALPHABET.indexOf(character);
    if (value < 0) return { ok: false, reason: 'bad-character', character };
    buffer = ((buffer << 5) | value) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[index++] = (buffer >> bits) & 0xff;
    }
  }
  return { ok: true, bytes };
}

/** Trailing "=" removed by a scan: the pattern /=+$/ backtracks quadratically over a long run of "=" inside. */
function withoutPadding(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '=') end--;
  return text.slice(0, end);
}
