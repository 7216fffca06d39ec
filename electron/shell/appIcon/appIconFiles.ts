import { crc32, deflateSync } from 'node:zlib';
import { trayIconBitmap } from '../tray/trayIcon';

/**
 * The installers' icons (build/, electron-builder's buildResources), drawn by the tray icon's own code so the app
 * has one picture: a 1024 px PNG for macOS (electron-builder makes the icns from it), an ICO up to 256 px for
 * Windows, and the PNG set Linux desktops pick from. `npm run icons` writes them (build/makeIcons.mjs).
 */
export const APP_ICON_FILES: readonly AppIconFile[] = [
  { path: 'icon.png', sizes: [1024] },
  { path: 'icon.ico', sizes: [16, 24, 32, 48, 64, 128, 256] },
  ...[16, 32, 48, 64, 128, 256, 512].map((size) => ({ path: `icons/${size}x${size}.png`, sizes: [size] })),
];

export interface AppIconFile {
  /** Relative to build/. */
  path: string;
  /** The pixel size of each square image it holds. */
  sizes: number[];
}

export function appIconBytes(file: AppIconFile): Buffer {
  const images = file.sizes.map((size) => pngFile(trayIconBitmap(size)));
  const [only] = images;
  if (file.path.endsWith('.ico')) return icoFile(file.sizes, images);
  if (images.length !== 1 || !only) throw new Error(`${file.path}: a PNG holds one image`);
  return only;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG (8-bit RGBA) of a bitmap in the tray's format: BGRA with premultiplied alpha. */
export function pngFile(bitmap: { buffer: Buffer; width: number; height: number }): Buffer {
  const { buffer, width, height } = bitmap;
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 4 + 1); // each row starts with filter type 0 (none)
    for (let x = 0; x < width; x += 1) {
      const from = (y * width + x) * 4;
      const to = row + 1 + x * 4;
      const alpha = buffer.readUInt8(from + 3);
      const straight = (channel: number): number => (alpha === 0 ? 0 : Math.round((channel * 255) / alpha));
      rows[to] = straight(buffer.readUInt8(from + 2));
      rows[to + 1] = straight(buffer.readUInt8(from + 1));
      rows[to + 2] = straight(buffer.readUInt8(from));
      rows[to + 3] = alpha;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, no filter method, not interlaced
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** An ICO holding PNG images (Windows Vista and later read them), one directory entry per size. */
export function icoFile(sizes: readonly number[], pngs: readonly Buffer[]): Buffer {
  if (sizes.length !== pngs.length) throw new Error('an ICO needs one size per image');
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type 1: icon
  header.writeUInt16LE(pngs.length, 4);
  const entries = Buffer.alloc(16 * pngs.length);
  let offset = header.length + entries.length;
  pngs.forEach((png, index) => {
    const entry = index * 16;
    const size = sizes[index] ?? 0;
    entries[entry] = size >= 256 ? 0 : size; // 0 means 256
    entries[entry + 1] = size >= 256 ? 0 : size;
    entries.writeUInt16LE(1, entry + 4); // colour planes
    entries.writeUInt16LE(32, entry + 6); // bits per pixel
    entries.writeUInt32LE(png.length, entry + 8);
    entries.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, entries, ...pngs]);
}
