import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_VARINT_VALUE, readVarint, writeVarint } from './varint';

function written(value: number): number[] {
  const out: number[] = [];
  writeVarint(value, out);
  return out;
}

describe('varint (unsigned LEB128)', () => {
  it('writes small numbers as one byte', () => {
    expect(written(0)).toEqual([0]);
    expect(written(127)).toEqual([0x7f]);
  });

  it('writes the least significant group first with the continuation bit on all but the last byte', () => {
    expect(written(128)).toEqual([0x80, 0x01]);
    expect(written(300)).toEqual([0xac, 0x02]);
    expect(written(MAX_VARINT_VALUE)).toEqual([0xff, 0xff, 0xff, 0xff, 0x07]);
  });

  it('refuses negative, fractional and oversized values', () => {
    expect(() => written(-1)).toThrow(RangeError);
    expect(() => written(1.5)).toThrow(RangeError);
    expect(() => written(MAX_VARINT_VALUE + 1)).toThrow(RangeError);
  });

  it('reads a value and says where the next one starts', () => {
    expect(readVarint(Uint8Array.from([0x05, 0xac, 0x02, 0x09]), 1)).toEqual({
      ok: true,
      value: 300,
      next: 3,
    });
  });

  it('reports a varint cut off by the end of the bytes', () => {
    expect(readVarint(Uint8Array.from([0x80]), 0)).toEqual({ ok: false, reason: 'truncated' });
    expect(readVarint(Uint8Array.from([]), 0)).toEqual({ ok: false, reason: 'truncated' });
  });

  it('reports a varint longer than any deck code number', () => {
    expect(readVarint(Uint8Array.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x01]), 0)).toEqual({
      ok: false,
      reason: 'too-long',
    });
    expect(readVarint(Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0x0f]), 0)).toEqual({
      ok: false,
      reason: 'too-long',
    });
  });

  it('round-trips every value in range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_VARINT_VALUE }), (value) => {
        const bytes = Uint8Array.from(written(value));
        expect(readVarint(bytes, 0)).toEqual({ ok: true, value, next: bytes.length });
      }),
    );
  });
});
