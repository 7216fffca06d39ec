import type { Rgb } from './pngImage';

/**
 * A solid-colour baseline JPEG (splash and loading art are .jpg). Every 8×8 block of a flat image has only a DC
 * coefficient, so the encoder writes one DC value per block and an end-of-block code, with quantization 1 and the
 * standard DC table.
 */

const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
// One AC symbol (end of block) with a one-bit code: every block is flat.
const AC_BITS = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const AC_VALUES = [0];

function huffmanCodes(bits: number[], values: number[]): Map<number, { code: number; length: number }> {
  const codes = new Map<number, { code: number; length: number }>();
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length += 1) {
    for (let i = 0; i < (bits[length - 1] ?? 0); i += 1) {
      codes.set(values[k] ?? 0, { code, length });
      code += 1;
      k += 1;
    }
    code <<= 1;
  }
  return codes;
}

class BitWriter {
  private bytes: number[] = [];
  private current = 0;
  private count = 0;
  write(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i -= 1) {
      this.current = (this.current << 1) | ((value >> i) & 1);
      this.count += 1;
      if (this.count === 8) this.flushByte();
    }
  }
  private flushByte(): void {
    this.bytes.push(this.current);
    // A 0xFF in entropy-coded data is followed by a stuffed zero.
    if (this.current === 0xff) this.bytes.push(0);
    this.current = 0;
    this.count = 0;
  }
  finish(): Buffer {
    while (this.count !== 0) this.write(1, 1);
    return Buffer.from(this.bytes);
  }
}

const segment = (marker: number, body: number[]): Buffer =>
  Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);

export function encodeJpeg(width: number, height: number, [r, g, b]: Rgb): Buffer {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  // DC of a flat 8×8 block is 8 × (value − 128) with quantization 1.
  const dc = [y, cb, cr].map((value) => Math.round(8 * (value - 128)));
  const dcCodes = huffmanCodes(DC_BITS, DC_VALUES);
  const eob = huffmanCodes(AC_BITS, AC_VALUES).get(0) ?? { code: 0, length: 1 };
  const bits = new BitWriter();
  const previous = [0, 0, 0];
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  for (let block = 0; block < blocks; block += 1) {
    for (let component = 0; component < 3; component += 1) {
      const value = dc[component] ?? 0;
      const diff = value - (previous[component] ?? 0);
      previous[component] = value;
      const magnitude = Math.abs(diff);
      const category = magnitude === 0 ? 0 : Math.floor(Math.log2(magnitude)) + 1;
      const code = dcCodes.get(category) ?? { code: 0, length: 2 };
      bits.write(code.code, code.length);
      if (category > 0) bits.write(diff > 0 ? diff : diff + (1 << category) - 1, category);
      bits.write(eob.code, eob.length);
    }
  }
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
    segment(0xc0, [
      8,
      height >> 8,
      height & 0xff,
      width >> 8,
      width & 0xff,
      3,
      1,
      0x11,
      0,
      2,
      0x11,
      0,
      3,
      0x11,
      0,
    ]),
    segment(0xc4, [0x00, ...DC_BITS, ...DC_VALUES, 0x10, ...AC_BITS, ...AC_VALUES]),
    segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
    bits.finish(),
    Buffer.from([0xff, 0xd9]),
  ]);
}
