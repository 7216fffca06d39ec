import { constants, crc32, deflateSync } from 'node:zlib';
import type { ZlibOptions } from 'node:zlib';

/** RGB PNGs, so every image path the hosts serve is a real, decodable image of the right size. */

export type Rgb = readonly [number, number, number];

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData) >>> 0);
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A solid colour. Each row is filtered "Sub" (type 1): the first pixel, then zeros (each byte the same as the
 * pixel before it), which run-length deflate packs in a few milliseconds even at 2048×1024, so a host serving
 * every set's card art stays quick to start.
 */
export function encodePng(width: number, height: number, color: Rgb): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  row[0] = 1;
  row.set(color, 1);
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y += 1) row.copy(raw, y * row.length);
  return pngOf(width, height, raw, { level: 1, strategy: constants.Z_RLE });
}

/**
 * A champion portrait stand-in: a head and shoulders over a lit background in the champion's colour, so a
 * screenshot shows a picture where a text tile would be (a flat square reads as a placeholder).
 */
export function encodePortraitPng(width: number, height: number, color: Rgb): Buffer {
  const scale = (channel: number, factor: number): number => Math.min(255, Math.round(channel * factor));
  const shade = (factor: number): Rgb => [
    scale(color[0], factor),
    scale(color[1], factor),
    scale(color[2], factor),
  ];
  const figure = shade(0.32);
  const raw = Buffer.alloc((1 + width * 3) * height);
  for (let y = 0; y < height; y += 1) {
    const rowStart = y * (1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const u = x / width - 0.5;
      const v = y / height;
      const head = (u / 0.19) ** 2 + ((v - 0.4) / 0.22) ** 2 <= 1;
      const shoulders = (u / 0.42) ** 2 + ((v - 1.02) / 0.36) ** 2 <= 1;
      const lit = shade(1.35 - 0.75 * Math.hypot(u, v - 0.35));
      raw.set(head || shoulders ? figure : lit, rowStart + 1 + x * 3);
    }
  }
  return pngOf(width, height, raw);
}

/** Rows of RGB pixels, each after its filter byte, as a PNG file. */
function pngOf(width: number, height: number, raw: Buffer, deflate: ZlibOptions = { level: 9 }): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, deflate)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A stable colour for a name, so different images look different. */
export function colorFor(name: string): Rgb {
  const hash = crc32(name);
  return [64 + (hash & 0x7f), 64 + ((hash >>> 8) & 0x7f), 64 + ((hash >>> 16) & 0x7f)];
}

/** Width and height from a PNG's header (tests check the sizes the spec gives). */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  if (png.length < 24 || !png.subarray(0, 8).equals(SIGNATURE)) return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
