import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The encodings the host compresses the renderer's text files with. */
export const CONTENT_ENCODINGS = ['br', 'gzip'] as const;
export type ContentEncoding = (typeof CONTENT_ENCODINGS)[number];

/** Compresses one file's bytes in one encoding. */
export type Compressor = (body: Buffer, encoding: ContentEncoding) => Promise<Buffer>;

const ZLIB: Record<ContentEncoding, (body: Buffer) => Promise<Buffer>> = {
  // Quality 5 of 11: 2 % larger than quality 9 on the overlays' 224 KB core, for a fifth of the time (tens of
  // milliseconds, not a second at 11); the first load of an OBS source after a start waits for it, once.
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
};

/** zlib's brotli and gzip, on its threads. */
export const zlibCompressor: Compressor = (body, encoding) => ZLIB[encoding](body);

/** Content types worth compressing: text (scripts, styles, pages) and SVG; images are compressed already. */
export function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/json|image\/svg\+xml)/.test(contentType);
}

/**
 * The encoding to answer an Accept-Encoding header with: the one of br and gzip the client weighs most (br on a
 * tie), or null for none (no header, `identity`, or both refused with q=0, also through `*;q=0`).
 */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name === '') continue;
    const quality = params.find((param) => param.startsWith('q='));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: ContentEncoding): number => weights.get(encoding) ?? weights.get('*') ?? 0;
  const best = CONTENT_ENCODINGS.reduce((a: ContentEncoding, b: ContentEncoding) =>
    weightOf(b) > weightOf(a) ? b : a,
  );
  return weightOf(best) > 0 ? best : null;
}

interface Entry {
  /** The file as it was compressed: a rebuilt renderer (another size or time) is compressed again. */
  version: string;
  encoded: Map<ContentEncoding, Promise<Buffer>>;
}

/**
 * The renderer's files compressed once each and kept: the built renderer is a few files of a known size, and
 * every OBS source that reloads asks for the same ones. Compression runs on zlib's threads, off the event loop;
 * two pages asking at once share one compression.
 */
export interface CompressedFiles {
  /** The file's bytes in `encoding`, or null when it is not there (nothing cached for it then). */
  read(path: string, encoding: ContentEncoding): Promise<Buffer | null>;
}

export function createCompressedFiles(compress: Compressor = zlibCompressor): CompressedFiles {
  const entries = new Map<string, Entry>();
  return {
    async read(path, encoding) {
      let version: string;
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        version = `${info.size}:${info.mtimeMs}`;
      } catch {
        return null;
      }
      let entry = entries.get(path);
      if (entry?.version !== version) {
        entry = { version, encoded: new Map() };
        entries.set(path, entry);
      }
      let encoded = entry.encoded.get(encoding);
      if (!encoded) {
        encoded = readFile(path).then((body) => compress(body, encoding));
        entry.encoded.set(encoding, encoded);
        // A file that vanished between the stat and the read is not kept as a failure: the next ask tries again.
        const failed = entry;
        encoded.catch(() => failed.encoded.delete(encoding));
      }
      try {
        return await encoded;
      } catch {
        return null;
      }
    },
  };
}
