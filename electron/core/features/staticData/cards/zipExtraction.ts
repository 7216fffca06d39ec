import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { PRIVATE_FILE_MODE } from '../../../platform/fs/privateDir';

/**
 * Extracts a downloaded zip without trusting it. Refused: entry names that could escape the target (absolute,
 * drive letter, `..`, backslash, colon, control characters), symbolic links and other special files (from the Unix
 * mode in the external attributes), encrypted or undecodable entries, duplicates, and archives that inflate past the
 * limits. The whole central directory is checked before anything is written, including the declared sizes against
 * the archive's size; while inflating, the bytes actually produced are counted again, since headers can lie, and
 * each entry's CRC-32 is checked against the directory's (yauzl does not check it), so a damaged or spliced
 * download is refused rather than unpacked into wrong files. On refusal or failure the target folder is removed,
 * so nothing partial stays behind.
 */

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the inflated bytes of all entries. */
  maxTotalBytes: number;
  /**
   * Inflated bytes over compressed bytes, for each entry and for the whole archive, checked once the inflated bytes
   * pass 1 MiB: deflate bombs reach 1000:1, card bundles (PNG art, JSON) stay near 1:1 to 10:1.
   */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 50_000,
  // Full set bundles with illustrations run to a few gigabytes.
  maxTotalBytes: 8 * 1024 ** 3,
  maxRatio: 200,
};

export type ZipRefusal = 'unsafe-entry' | 'too-large' | 'too-many-entries' | 'corrupt' | 'io' | 'aborted';

export type ExtractOutcome =
  { ok: true; files: number; bytes: number } | { ok: false; reason: ZipRefusal; message: string };

/** Inflation ratios are checked once this many bytes have come out (a small file may compress very well). */
export const RATIO_FLOOR_BYTES = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

class Refused extends Error {
  constructor(
    readonly reason: ZipRefusal,
    message: string,
  ) {
    super(message);
  }
}

/** Why an entry name is unsafe, or null. */
export function entryNameProblem(name: string): string | null {
  if (name === '') return 'empty name';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'control characters in the name';
  if (name.includes('\\')) return 'backslash in the name';
  if (name.startsWith('/')) return 'absolute path';
  if (/^[A-Za-z]:/.test(name)) return 'drive letter';
  if (name.includes(':')) return 'colon in the name';
  if (name.split('/').includes('..')) return 'parent folder segment (..)';
  return null;
}

/** The Unix file type an entry declares, when its external attributes carry one. */
function entryTypeProblem(entry: Entry): string | null {
  const type = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (type === 0 || type === S_IFREG || type === S_IFDIR) return null;
  return type === S_IFLNK ? 'symbolic link' : 'special file';
}

const printable = (name: string): string => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);

/** Extracts into `target`, which must not exist yet; it is created, and removed again on any failure. */
export async function extractZipSafely(
  zipPath: string,
  target: string,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
  signal?: AbortSignal,
): Promise<ExtractOutcome> {
  const root = resolve(target);
  let zip: ZipFile | null = null;
  try {
    await mkdir(root);
    try {
      zip = await yauzl.openPromise(zipPath, {
        lazyEntries: true,
        autoClose: false,
        // Names are decoded and checked here, so a bad one is reported clearly rather than as a parse error.
        decodeStrings: false,
        validateEntrySizes: true,
      });
    } catch (error) {
      throw new Refused('corrupt', `not a readable zip archive (${errorText(error)})`);
    }
    if (zip.entryCount > limits.maxEntries) {
      throw new Refused(
        'too-many-entries',
        `the archive lists ${zip.entryCount} entries (limit ${limits.maxEntries})`,
      );
    }
    const entries = await readDirectory(zip, root, limits, signal);
    const result = await extractEntries(zip, entries, limits, signal);
    return { ok: true, ...result };
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    if (error instanceof Refused) return { ok: false, reason: error.reason, message: error.message };
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' && !zip)
      return { ok: false, reason: 'io', message: 'the extraction folder already exists' };
    return { ok: false, reason: 'io', message: `could not write the extracted files (${errorText(error)})` };
  } finally {
    zip?.close();
  }
}

interface PlannedEntry {
  entry: Entry;
  name: string;
  destination: string;
}

/** Reads and checks the whole central directory, so a hostile archive is refused before anything is written. */
async function readDirectory(
  zip: ZipFile,
  root: string,
  limits: ZipLimits,
  signal: AbortSignal | undefined,
): Promise<PlannedEntry[]> {
  const planned: PlannedEntry[] = [];
  let declared = 0;
  for (let entry = await nextEntry(zip); entry; entry = await nextEntry(zip)) {
    if (signal?.aborted) throw new Refused('aborted', 'cancelled');
    if (planned.length >= limits.maxEntries) {
      throw new Refused('too-many-entries', `the archive has more than ${limits.maxEntries} entries`);
    }
    const name = yauzl.getFileNameLowLevel(
      entry.generalPurposeBitFlag,
      entry.fileNameRaw,
      entry.extraFields,
      true,
    );
    const nameProblem = entryNameProblem(name);
    if (nameProblem) throw new Refused('unsafe-entry', `unsafe entry ${printable(name)}: ${nameProblem}`);
    const typeProblem = entryTypeProblem(entry);
    if (typeProblem) throw new Refused('unsafe-entry', `unsafe entry ${printable(name)}: ${typeProblem}`);
    if (entry.isEncrypted()) throw new Refused('unsafe-entry', `encrypted entry ${printable(name)}`);
    if (!entry.canDecodeFileData()) {
      throw new Refused('corrupt', `entry ${printable(name)} uses an unsupported compression method`);
    }
    const destination = resolve(root, name);
    // Belt and braces: the name checks above already keep every path inside the root.
    if (destination !== root && !destination.startsWith(root + sep)) {
      throw new Refused('unsafe-entry', `unsafe entry ${printable(name)}: outside the target folder`);
    }
    // yauzl holds each entry to its declared size (validateEntrySizes): no entry inflates past what it declares.
    declared += entry.uncompressedSize;
    const inflation = archiveInflationRefusal(declared, zip.fileSize, limits);
    if (inflation) throw inflation;
    planned.push({ entry, name, destination });
  }
  return planned;
}

/** Why the archive as a whole inflates too far (past the total limit or the ratio to its own size), or null. */
function archiveInflationRefusal(inflated: number, archiveBytes: number, limits: ZipLimits): Refused | null {
  if (inflated > limits.maxTotalBytes) {
    return new Refused('too-large', `the archive inflates past ${limits.maxTotalBytes} bytes`);
  }
  if (inflated > RATIO_FLOOR_BYTES && inflated / Math.max(archiveBytes, 1) > limits.maxRatio) {
    return new Refused('too-large', `the archive inflates more than ${limits.maxRatio} times its size`);
  }
  return null;
}

async function extractEntries(
  zip: ZipFile,
  planned: readonly PlannedEntry[],
  limits: ZipLimits,
  signal: AbortSignal | undefined,
): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let total = 0;
  for (const { entry, name, destination } of planned) {
    if (signal?.aborted) throw new Refused('aborted', 'cancelled');
    if (name.endsWith('/')) {
      await mkdir(destination, { recursive: true });
      continue;
    }
    await mkdir(dirname(destination), { recursive: true });
    total = await writeEntry(zip, entry, name, destination, total, limits);
    files += 1;
  }
  return { files, bytes: total };
}

async function writeEntry(
  zip: ZipFile,
  entry: Entry,
  name: string,
  destination: string,
  totalBefore: number,
  limits: ZipLimits,
): Promise<number> {
  let total = totalBefore;
  let entryBytes = 0;
  let crc = 0;
  const compressed = Math.max(entry.compressedSize, 1);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      entryBytes += chunk.length;
      crc = crc32(chunk, crc);
      total += chunk.length;
      const inflation = archiveInflationRefusal(total, zip.fileSize, limits);
      if (inflation) return callback(inflation);
      if (entryBytes > RATIO_FLOOR_BYTES && entryBytes / compressed > limits.maxRatio) {
        return callback(
          new Refused(
            'too-large',
            `entry ${printable(name)} inflates more than ${limits.maxRatio} times its size`,
          ),
        );
      }
      callback(null, chunk);
    },
  });
  let stream;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (error) {
    throw new Refused('corrupt', `entry ${printable(name)} cannot be read (${errorText(error)})`);
  }
  try {
    // No fsync per file: bundles hold thousands of files, and the bundle's manifest (written with a sync) comes last.
    await pipeline(stream, counter, createWriteStream(destination, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
  } catch (error) {
    if (error instanceof Refused) throw error;
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new Refused('unsafe-entry', `duplicate entry ${printable(name)}`);
    }
    if (isFileSystemError(error)) throw error;
    throw new Refused('corrupt', `entry ${printable(name)} is damaged (${errorText(error)})`);
  }
  if (crc !== entry.crc32) {
    throw new Refused(
      'corrupt',
      `entry ${printable(name)} fails its CRC-32 check (the archive is damaged, or was pieced together from two files)`,
    );
  }
  return total;
}

function nextEntry(zip: ZipFile): Promise<Entry | null> {
  return new Promise((resolvePromise, reject) => {
    const cleanup = (): void => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: Entry): void => {
      cleanup();
      resolvePromise(entry);
    };
    const onEnd = (): void => {
      cleanup();
      resolvePromise(null);
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(new Refused('corrupt', `the archive is damaged (${errorText(error)})`));
    };
    zip.on('entry', onEntry);
    zip.on('end', onEnd);
    zip.on('error', onError);
    zip.readEntry();
  });
}

function isFileSystemError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code);
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
