import { createGzip } from 'node:zlib';
import tarStream from 'tar-stream';
import type { Header } from 'tar-stream';
import { zipBuffer } from './bundleZips';
import { VERSIONS, artSizes, imageSizes } from './ddragonModel';
import { encodeJpeg } from './jpegImage';
import { colorFor, encodePng, encodePortraitPng } from './pngImage';

/**
 * The patch's offline pack (`/cdn/dragontail-{version}.tgz`, spec §4.1), laid out as published: `{version}/img/…`
 * and the unversioned `img/champion/{splash,loading}/…`, each image the same bytes the host serves at its own path.
 * A filler of incompressible bytes brings it to a few megabytes, so a download can be cut half way. One version is
 * published as `.zip` instead, as patch 10.10 was.
 */

export interface TarEntry {
  name: string;
  data?: Buffer;
  type?: Header['type'];
  linkname?: string;
}

export function tarGzBuffer(entries: readonly TarEntry[]): Promise<Buffer> {
  const pack = tarStream.pack();
  const gzip = createGzip();
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    gzip.on('data', (chunk: Buffer) => chunks.push(chunk));
    gzip.on('error', reject);
    gzip.on('end', () => resolve(Buffer.concat(chunks)));
  });
  pack.pipe(gzip);
  const mtime = new Date('2024-01-10T12:00:00Z');
  for (const entry of entries) {
    const type = entry.type ?? 'file';
    const header: Partial<Header> & Pick<Header, 'name'> = {
      name: entry.name,
      type,
      mtime,
      mode: type === 'directory' ? 0o755 : 0o644,
      ...(entry.linkname ? { linkname: entry.linkname } : {}),
    };
    if (type === 'file') pack.entry(header, entry.data ?? Buffer.alloc(0));
    else pack.entry(header);
  }
  pack.finalize();
  return done;
}

/** The version published only as a zip (the real host did this once, for 10.10.5). */
export const ZIP_PACK_VERSION = '13.23.1';

const FILLER_BYTES = 2 * 1024 * 1024;

/** Deterministic bytes that do not compress, so the pack's size is what the filler says. */
function filler(bytes: number): Buffer {
  const out = Buffer.alloc(bytes);
  let state = 0x2545f491;
  for (let i = 0; i < bytes; i += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 0xff;
  }
  return out;
}

/** Host path ("cdn/14.1.1/img/item/1001.png") → its bytes, for everything the pack holds. */
export function packImages(
  version: string,
  image: (path: string, encode: () => Buffer) => Buffer,
): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const [relative, [width, height]] of imageSizes(version)) {
    const encode = relative.includes('/img/champion/') ? encodePortraitPng : encodePng;
    files.set(
      relative,
      image(relative, () => encode(width, height, colorFor(relative))),
    );
  }
  for (const [relative, [width, height]] of artSizes()) {
    const path = `/${relative}`;
    files.set(
      relative,
      image(path, () => encodeJpeg(width, height, colorFor(path))),
    );
  }
  return files;
}

/** The pack of a version in the form it is published in, or null for a version without one. */
export function dragontailPath(path: string): { version: string; form: 'tgz' | 'zip' } | null {
  const match = /^\/cdn\/dragontail-([\d.]+)\.(tgz|zip)$/.exec(path);
  if (!match) return null;
  const [, version = '', form] = match;
  if (!VERSIONS.includes(version)) return null;
  const published = version === ZIP_PACK_VERSION ? 'zip' : 'tgz';
  return form === published ? { version, form: published } : null;
}

export async function buildDragontail(
  version: string,
  form: 'tgz' | 'zip',
  image: (path: string, encode: () => Buffer) => Buffer,
): Promise<Buffer> {
  const entries: TarEntry[] = [{ name: `${version}/`, type: 'directory' }];
  for (const [relative, data] of packImages(version, image)) {
    entries.push({ name: relative.replace(/^cdn\//, ''), data });
  }
  entries.push({ name: `lolpatch_${version}/filler.bin`, data: filler(FILLER_BYTES) });
  if (form === 'tgz') return tarGzBuffer(entries);
  return zipBuffer(
    entries
      .filter((entry) => entry.type !== 'directory')
      .map((entry) => ({ name: entry.name, data: entry.data ?? Buffer.alloc(0), compress: false })),
  );
}
