/**
 * Unsigned LEB128: 7 bits per byte, least significant group first, high bit set on every byte but the last.
 * (The official README says "big endian"; the official code, which produced every deck code out there, is LEB128.)
 */

/** Deck code numbers fit in a C# int; five bytes hold 35 bits, more than that is garbage. */
const MAX_VARINT_BYTES = 5;
export const MAX_VARINT_VALUE = 2 ** 31 - 1;

export function writeVarint(value: number, out: number[]): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_VARINT_VALUE) {
    throw new RangeError(`varint out of range: ${value}`);
  }
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

export type VarintReadResult =
  { ok: true; value: number; next: number } | { ok: false; reason: 'truncated' | 'too-long' };

export function readVarint(bytes: Uint8Array, offset: number): VarintReadResult {
  let value = 0;
  let scale = 1;
  for (let index = offset; index < bytes.length; index++) {
    if (index - offset >= MAX_VARINT_BYTES) return { ok: false, reason: 'too-long' };
    const byte = bytes[index] ?? 0;
    value += (byte & 0x7f) * scale;
    scale *= 0x80;
    if ((byte & 0x80) === 0) {
      return value > MAX_VARINT_VALUE
        ? { ok: false, reason: 'too-long' }
        : { ok: true, value, next: index + 1 };
    }
  }
  return { ok: false, reason: 'truncated' };
}
