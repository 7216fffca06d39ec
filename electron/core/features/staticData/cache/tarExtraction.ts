import { once } from 'node:events';
import { mkdir, open } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { createGunzip } from 'node:zlib';
import tarStream from 'tar-stream';
import { PRIVATE_FILE_MODE } from '../../../platform/fs/privateDir';
import { RATIO_FLOOR_BYTES, entryNameProblem } from '../cards/zipExtraction';

/**
 * Unpacks a gzipped tarball while it arrives, without trusting it (tar-stream parses, this decides what is written):
 * refused are names that could escape the target (absolute, drive letter, `..`, backslash, colon, control
 * characters), links and every other entry that is not a plain file or folder, duplicates, and archives past the
 * entry or size caps, counted on the bytes actually written, and archives that unpack to more than `maxRatio` times
 * the compressed bytes fed so far (the whole-archive cap the zip form has). The first refusal stops the whole
 * archive; the caller removes the target.
 */

export interface TarLimits {
  maxEntries: number;
  /** Sum of the unpacked bytes of all files. */
  maxTotalBytes: number;
  /** Unpacked bytes over compressed bytes, for the whole archive, checked past RATIO_FLOOR_BYTES (as for zips). */
  maxRatio: number;
}

export type TarRefusal = 'unsafe-entry' | 'too-large' | 'too-many-entries' | 'corrupt' | 'io';

export class TarRefused extends Error {
  constructor(
    readonly reason: TarRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface TarUnpacker {
  /** Feeds the next compressed bytes; waits while the unpacking is behind; throws once the archive is refused. */
  write(chunk: Buffer): Promise<void>;
  /** After the last bytes: waits for the last file, and says what was written. */
  end(): Promise<{ files: number; bytes: number }>;
  /** Stops, for a cancel or a failed download; what was written stays for the caller to remove. */
  destroy(): void;
}

const printable = (name: string): string => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);

/** Unpacks into `target`, an existing empty folder. */
export function createTarUnpacker(target: string, limits: TarLimits): TarUnpacker {
  const root = resolve(target);
  const gunzip = createGunzip();
  const extract = tarStream.extract();
  let failure: TarRefused | null = null;
  let compressed = 0;
  gunzip.on('error', (error) => {
    failure ??= new TarRefused('corrupt', `the archive is not valid gzip (${error.message})`);
    extract.destroy(failure);
  });
  gunzip.pipe(extract);

  const unpacked = (async (): Promise<{ files: number; bytes: number }> => {
    let entries = 0;
    let files = 0;
    let bytes = 0;
    for await (const entry of extract) {
      entries += 1;
      if (entries > limits.maxEntries) {
        throw new TarRefused('too-many-entries', `the archive has more than ${limits.maxEntries} entries`);
      }
      const { name, type } = entry.header;
      const problem =
        entryNameProblem(name) ??
        (type === 'file' || type === 'directory'
          ? null
          : type === 'symlink' || type === 'link'
            ? 'link'
            : `special entry (${type})`);
      if (problem) throw new TarRefused('unsafe-entry', `unsafe entry ${printable(name)}: ${problem}`);
      const destination = resolve(root, name);
      if (destination === root && type === 'directory') {
        entry.resume();
        continue;
      }
      if (!destination.startsWith(root + sep)) {
        throw new TarRefused('unsafe-entry', `unsafe entry ${printable(name)}: outside the target folder`);
      }
      if (type === 'directory') {
        await mkdir(destination, { recursive: true });
        entry.resume();
        continue;
      }
      if (bytes + entry.header.size > limits.maxTotalBytes) {
        throw new TarRefused('too-large', `the archive unpacks past ${limits.maxTotalBytes} bytes`);
      }
      await mkdir(dirname(destination), { recursive: true });
      let handle;
      try {
        handle = await open(destination, 'wx', PRIVATE_FILE_MODE);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new TarRefused('unsafe-entry', `duplicate entry ${printable(name)}`);
        }
        throw error;
      }
      try {
        for await (const chunk of entry) {
          const data = chunk as Buffer;
          bytes += data.length;
          if (bytes > limits.maxTotalBytes) {
            throw new TarRefused('too-large', `the archive unpacks past ${limits.maxTotalBytes} bytes`);
          }
          // Against all the compressed bytes fed so far, which gunzip may not have read yet: never too strict.
          if (bytes > RATIO_FLOOR_BYTES && bytes / Math.max(compressed, 1) > limits.maxRatio) {
            throw new TarRefused(
              'too-large',
              `the archive unpacks to more than ${limits.maxRatio} times its size`,
            );
          }
          await handle.write(data);
        }
      } finally {
        await handle.close();
      }
      files += 1;
    }
    return { files, bytes };
  })().catch((error: unknown) => {
    failure ??=
      error instanceof TarRefused
        ? error
        : new TarRefused(isFileSystemError(error) ? 'io' : 'corrupt', describe(error));
    gunzip.destroy();
    throw failure;
  });
  // Seen through `failure`; this keeps an early refusal from being reported as unhandled.
  unpacked.catch(() => undefined);
  const settled = unpacked.then(
    () => undefined,
    () => undefined,
  );

  return {
    write: async (chunk) => {
      if (failure) throw failure;
      compressed += chunk.length;
      if (!gunzip.write(chunk)) await Promise.race([once(gunzip, 'drain').catch(() => undefined), settled]);
      if (failure) throw failure;
    },
    end: async () => {
      if (failure) throw failure;
      gunzip.end();
      return unpacked;
    },
    destroy: () => {
      failure ??= new TarRefused('io', 'stopped');
      gunzip.destroy();
      extract.destroy();
    },
  };
}

function isFileSystemError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code);
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return isFileSystemError(error)
    ? `could not write the unpacked files (${message})`
    : `the archive is damaged (${message})`;
}
