import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { describeDownloadFailure } from '../../../platform/net/download';
import type { Downloader, StreamOutcome } from '../../../platform/net/download';
import { compareVersions } from '../arena/arenaVersions';
import { joinUrl } from '../arena/arenaPaths';
import { extractZipSafely } from '../cards/zipExtraction';
import { isSafeRelativePath, listNames, pathExists } from '../cacheLayout';
import type { CacheLayout } from '../cacheLayout';
import { readJsonFile } from './jsonFiles';
import { TarRefused, createTarUnpacker } from './tarExtraction';
import type { TarLimits, TarUnpacker } from './tarExtraction';

/**
 * The patch's offline pack (`cdn/dragontail-{version}.tgz`, one patch a `.zip`): every image of a patch, opt-in.
 * The tarball is unpacked while it downloads into a hidden folder beside the packs, and the finished tree is
 * renamed into place whole, so a pack in place is always complete. The archive's bytes are also kept in
 * `.partial/`: a cut download continues with a Range request (in this run, and in the next one after a failure or
 * a cancel), replaying the kept bytes into a fresh unpacking first. It continues only a file the host named with
 * a strong ETag, sent back in If-Range (RFC 9110 §13.1.5): without one, a host whose file changed answers the
 * Range with the new file's bytes, so the download starts over instead; a 206 for another range or another ETag
 * is refused. The zip form cannot be unpacked while it
 * arrives (its directory is at the end); it is downloaded the same way, then unpacked with the bundle's checks.
 */

export type PackForm = 'tgz' | 'zip';

export interface PackLimits extends TarLimits {
  /** Largest archive accepted. */
  maxArchiveBytes: number;
}

export const DEFAULT_PACK_LIMITS: PackLimits = {
  maxEntries: 200_000,
  maxTotalBytes: 8 * 1024 ** 3,
  maxArchiveBytes: 4 * 1024 ** 3,
  // As for card bundles: images barely compress, deflate bombs reach 1000:1.
  maxRatio: 200,
};

export interface PackProgress {
  version: string;
  phase: 'downloading' | 'unpacking' | 'done';
  bytesDone: number;
  /** Null until the host has said the archive's length. */
  bytesTotal: number | null;
  /** Over this run's downloaded bytes; null before there is a measure. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
}

export type PackFailureReason =
  /** Another pack download is running. */
  | 'busy'
  | 'not-published'
  | 'network'
  | 'unsafe-entry'
  | 'too-large'
  | 'too-many-entries'
  | 'corrupt'
  | 'io'
  | 'aborted';

export type PackResult =
  | {
      ok: true;
      version: string;
      form: PackForm;
      status: 'downloaded' | 'already cached';
      files: number;
      bytes: number;
      archiveBytes: number;
      /** Range requests that continued a cut download. */
      resumes: number;
    }
  | {
      ok: false;
      version: string;
      reason: PackFailureReason;
      message: string;
      /** Archive bytes kept for the next try to continue from. */
      keptBytes: number;
    };

export interface PackSyncOptions {
  layout: CacheLayout;
  download: Downloader;
  ddragonUrl: string;
  version: string;
  limits?: Partial<PackLimits>;
  /** Range requests after cuts in one run, while each brings bytes. Default 5. */
  maxResumes?: number;
  /** Download again even when the pack is in place. */
  force?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: PackProgress) => void;
  now?: () => number;
}

export const PACK_MANIFEST_FILE = 'sightline-pack.json';
const PARTIAL_FOLDER = '.partial';

const packManifestSchema = z.object({
  format: z.literal(1),
  version: z.string(),
  form: z.enum(['tgz', 'zip']),
  files: z.number(),
  bytes: z.number(),
  archiveBytes: z.number(),
  completedAt: z.string(),
});
export type PackManifest = z.output<typeof packManifestSchema>;

const partialSchema = z.object({
  url: z.string(),
  form: z.enum(['tgz', 'zip']),
  etag: z.string().nullable(),
});
type PartialInfo = z.output<typeof partialSchema>;

const packPath = (version: string, form: PackForm): string => `cdn/dragontail-${version}.${form}`;

class PackFailure extends Error {
  constructor(
    readonly reason: PackFailureReason,
    message: string,
  ) {
    super(message);
  }
}

export async function syncPatchPack(options: PackSyncOptions): Promise<PackResult> {
  const { layout, version } = options;
  const limits: PackLimits = { ...DEFAULT_PACK_LIMITS, ...options.limits };
  const partial = join(layout.arenaPacks, PARTIAL_FOLDER);
  const partFile = join(partial, `dragontail-${version}.part`);
  const infoFile = join(partial, `dragontail-${version}.json`);
  const keptBytes = async (): Promise<number> => (await stat(partFile).catch(() => null))?.size ?? 0;
  const failed = async (reason: PackFailureReason, message: string): Promise<PackResult> => ({
    ok: false,
    version,
    reason,
    message,
    keptBytes: await keptBytes(),
  });

  if (!/^\d+\.\d+\.\d+$/.test(version)) return failed('not-published', `${version} is not a patch version`);
  const existing = await readPackManifest(layout, version);
  if (existing && !options.force) {
    return { ok: true, ...manifestFacts(existing), status: 'already cached', resumes: 0 };
  }
  try {
    await mkdir(partial, { recursive: true });
    // Left by a run that was killed outright: never part of the cache.
    for (const name of await listNames(layout.arenaPacks, 'folders')) {
      if (name.startsWith('.unpacking-') || name.startsWith('.old-')) {
        await rm(join(layout.arenaPacks, name), { recursive: true, force: true });
      }
    }
  } catch (error) {
    return failed('io', `could not prepare the cache folder (${errorText(error)})`);
  }

  const previous = await readJsonFile(infoFile, partialSchema);
  const forms: PackForm[] = previous.ok ? [previous.value.form] : ['tgz', 'zip'];
  let lastFailure: PackFailure | null = null;
  for (const form of forms) {
    const info: PartialInfo =
      previous.ok && previous.value.form === form
        ? previous.value
        : { url: joinUrl(options.ddragonUrl, packPath(version, form)), form, etag: null };
    const unpackDir = join(layout.arenaPacks, `.unpacking-${randomBytes(6).toString('hex')}`);
    try {
      const fetched = await fetchArchive({ ...options, limits, info, partFile, infoFile, unpackDir });
      const facts: PackManifest = {
        format: 1,
        version,
        form,
        files: fetched.files,
        bytes: fetched.bytes,
        archiveBytes: fetched.archiveBytes,
        completedAt: new Date((options.now ?? Date.now)()).toISOString(),
      };
      await writeFile(join(unpackDir, PACK_MANIFEST_FILE), JSON.stringify(facts, null, 2), { flush: true });
      await moveIntoPlace(layout, version, unpackDir);
      await rm(partFile, { force: true });
      await rm(infoFile, { force: true });
      options.onProgress?.({
        version,
        phase: 'done',
        bytesDone: fetched.archiveBytes,
        bytesTotal: fetched.archiveBytes,
        bytesPerSecond: null,
        secondsLeft: 0,
      });
      return { ok: true, ...manifestFacts(facts), status: 'downloaded', resumes: fetched.resumes };
    } catch (error) {
      await rm(unpackDir, { recursive: true, force: true });
      lastFailure =
        error instanceof PackFailure
          ? error
          : error instanceof TarRefused
            ? new PackFailure(error.reason, error.message)
            : new PackFailure('io', `could not write the pack (${errorText(error)})`);
      // A refused or damaged archive is not worth continuing: the next try starts over.
      if (['unsafe-entry', 'too-large', 'too-many-entries', 'corrupt'].includes(lastFailure.reason)) {
        await rm(partFile, { force: true });
        await rm(infoFile, { force: true });
      }
      if (lastFailure.reason !== 'not-published') break;
    }
  }
  const failure = lastFailure ?? new PackFailure('not-published', 'no pack');
  const message =
    failure.reason === 'not-published'
      ? `the host publishes no pack for ${version} (neither .tgz nor .zip)`
      : failure.message;
  return failed(failure.reason, message);
}

interface FetchArchiveOptions extends PackSyncOptions {
  limits: PackLimits;
  info: PartialInfo;
  partFile: string;
  infoFile: string;
  unpackDir: string;
}

interface FetchedArchive {
  files: number;
  bytes: number;
  archiveBytes: number;
  resumes: number;
}

/** Downloads (resuming what is kept) and unpacks into `unpackDir`; throws a PackFailure. */
async function fetchArchive(options: FetchArchiveOptions): Promise<FetchedArchive> {
  const { info, partFile, unpackDir, signal, limits, version } = options;
  const now = options.now ?? Date.now;
  const maxResumes = options.maxResumes ?? 5;
  if (signal?.aborted) throw new PackFailure('aborted', 'cancelled');
  await mkdir(unpackDir);
  let offset = (await stat(partFile).catch(() => null))?.size ?? 0;
  if (offset > 0 && !isStrongEtag(info.etag)) {
    // Kept bytes nothing can vouch for: no use asking for the rest of them.
    await truncate(partFile, 0);
    offset = 0;
  }
  if (offset === 0) info.etag = null;
  let total: number | null = null;
  let unpacker: TarUnpacker | null = null;
  const freshUnpacker = async (): Promise<void> => {
    unpacker?.destroy();
    await rm(unpackDir, { recursive: true, force: true });
    await mkdir(unpackDir);
    unpacker = info.form === 'tgz' ? createTarUnpacker(unpackDir, limits) : null;
  };
  await freshUnpacker();
  const startedAt = now();
  let downloadedThisRun = 0;
  const report = (phase: PackProgress['phase']): void => {
    const seconds = (now() - startedAt) / 1000;
    const rate = seconds > 0.2 && downloadedThisRun > 0 ? downloadedThisRun / seconds : null;
    options.onProgress?.({
      version,
      phase,
      bytesDone: offset,
      bytesTotal: total,
      bytesPerSecond: rate,
      secondsLeft: rate !== null && total !== null ? Math.max(0, (total - offset) / rate) : null,
    });
  };

  const handle = await open(partFile, 'a');
  try {
    // The kept bytes go to the unpacking first. Should they not unpack, they count only if the host continues
    // this file (206); a whole new file (200, the pack changed) starts over anyway.
    let replayProblem: unknown = null;
    if (offset > 0 && unpacker) {
      report('unpacking');
      try {
        for await (const chunk of createReadStream(partFile, { end: offset - 1 })) {
          if (signal?.aborted) throw new PackFailure('aborted', 'cancelled');
          await (unpacker as TarUnpacker).write(chunk as Buffer);
        }
      } catch (error) {
        if (error instanceof PackFailure) throw error;
        replayProblem = error;
      }
    }
    let resumes = 0;
    for (let attempt = 0; ; attempt += 1) {
      if (offset > 0 && !isStrongEtag(info.etag)) {
        // Cut in this run, from a host that sent no strong ETag: the rest is asked for whole.
        await handle.truncate(0);
        offset = 0;
        replayProblem = null;
        await freshUnpacker();
      }
      const before = offset;
      let sinkError: unknown = null;
      let pending: Promise<void> = Promise.resolve();
      const outcome: StreamOutcome = await options.download.stream({
        url: info.url,
        headers:
          offset > 0 ? { range: `bytes=${offset}-`, ...(info.etag ? { 'if-range': info.etag } : {}) } : {},
        maxBytes: limits.maxArchiveBytes,
        ...(signal ? { signal } : {}),
        open: (status, headers) => {
          const restart = status === 200 && offset > 0;
          const start = restart ? 0 : offset;
          if (status === 206 && contentRangeStart(headers) !== offset) {
            sinkError = new PackFailure('network', 'the host answered another range than the one asked for');
            throw sinkError;
          }
          if (status === 206 && headers.etag !== undefined && headers.etag !== info.etag) {
            sinkError = new PackFailure(
              'network',
              'the host answered a range of another file than the one kept',
            );
            throw sinkError;
          }
          if (!restart && replayProblem !== null) {
            sinkError =
              replayProblem instanceof TarRefused
                ? replayProblem
                : new PackFailure(
                    'corrupt',
                    `the kept part of the pack is damaged (${errorText(replayProblem)})`,
                  );
            throw sinkError;
          }
          total = archiveLength(status, headers, start);
          if (total !== null && total > limits.maxArchiveBytes) {
            sinkError = new PackFailure(
              'too-large',
              `the pack is larger than ${limits.maxArchiveBytes} bytes`,
            );
            throw sinkError;
          }
          const etag = typeof headers.etag === 'string' ? headers.etag : null;
          pending = (async () => {
            if (restart) {
              // The host sent the whole file (no ranges, or it changed): what was kept is of no use.
              await handle.truncate(0);
              offset = 0;
              replayProblem = null;
              await freshUnpacker();
            }
            info.etag = etag;
            await writeFile(options.infoFile, JSON.stringify(info));
          })();
          return new Writable({
            write: (chunk: Buffer, _encoding, callback) => {
              pending = pending.then(async () => {
                await appendAll(handle, chunk);
                offset += chunk.length;
                downloadedThisRun += chunk.length;
                await unpacker?.write(chunk);
                report('downloading');
              });
              pending.then(
                () => callback(),
                (error: unknown) => {
                  sinkError ??= error;
                  callback(error instanceof Error ? error : new Error(String(error)));
                },
              );
            },
          });
        },
      });
      // Every chunk handed over is on disk and unpacked before the next step looks at the offset.
      await pending.catch((error: unknown) => (sinkError ??= error));
      if (sinkError instanceof TarRefused || sinkError instanceof PackFailure) throw sinkError;
      if (outcome.kind === 'ok') break;
      if (outcome.kind === 'aborted') throw new PackFailure('aborted', 'cancelled');
      if (
        outcome.kind === 'http-error' &&
        (outcome.status === 403 || outcome.status === 404) &&
        offset === 0
      ) {
        throw new PackFailure('not-published', `HTTP ${outcome.status}`);
      }
      if (outcome.kind === 'http-error' && outcome.status === 416 && attempt === 0) {
        // More kept than the file has: start over.
        await handle.truncate(0);
        offset = 0;
        await freshUnpacker();
        continue;
      }
      if (sinkError !== null && outcome.kind === 'io') {
        throw new PackFailure('io', `could not write the pack (${errorText(sinkError)})`);
      }
      const cut = outcome.kind === 'malformed' || outcome.kind === 'timeout' || outcome.kind === 'network';
      if (cut && offset > before && resumes < maxResumes) {
        resumes += 1;
        continue;
      }
      throw new PackFailure(
        outcome.kind === 'too-large' ? 'too-large' : outcome.kind === 'io' ? 'io' : 'network',
        `dragontail-${version}.${info.form}: ${describeDownloadFailure(outcome)}`,
      );
    }
    await handle.sync();
    report('unpacking');
    if (info.form === 'tgz') {
      const unpacked = await (unpacker as TarUnpacker | null)?.end();
      if (!unpacked || unpacked.files === 0) throw new PackFailure('corrupt', 'the pack holds no files');
      return { ...unpacked, archiveBytes: offset, resumes };
    }
    await rm(unpackDir, { recursive: true, force: true });
    const extracted = await extractZipSafely(
      partFile,
      unpackDir,
      { maxEntries: limits.maxEntries, maxTotalBytes: limits.maxTotalBytes, maxRatio: limits.maxRatio },
      signal,
    );
    if (!extracted.ok) {
      throw new PackFailure(extracted.reason === 'aborted' ? 'aborted' : extracted.reason, extracted.message);
    }
    return { files: extracted.files, bytes: extracted.bytes, archiveBytes: offset, resumes };
  } finally {
    (unpacker as TarUnpacker | null)?.destroy();
    await handle.close();
  }
}

async function appendAll(handle: FileHandle, chunk: Buffer): Promise<void> {
  for (let written = 0; written < chunk.length;) {
    written += (await handle.write(chunk, written)).bytesWritten;
  }
}

/** An entity tag a host vouches for byte for byte: quoted, not marked weak (`W/`). */
function isStrongEtag(etag: string | null): etag is string {
  return etag !== null && /^"[^"]*"$/.test(etag);
}

function contentRangeStart(headers: IncomingHttpHeaders): number | null {
  const match = /^bytes (\d+)-\d+\/(?:\d+|\*)$/.exec(headers['content-range'] ?? '');
  return match ? Number(match[1]) : null;
}

function archiveLength(status: number, headers: IncomingHttpHeaders, start: number): number | null {
  if (status === 206) {
    const match = /\/(\d+)$/.exec(headers['content-range'] ?? '');
    return match ? Number(match[1]) : null;
  }
  const length = headers['content-length'];
  return length !== undefined && /^\d+$/.test(length) ? start + Number(length) : null;
}

/** The unpacked tree replaces the version's pack in one rename; an older copy is moved aside first. */
async function moveIntoPlace(layout: CacheLayout, version: string, unpackDir: string): Promise<void> {
  const target = layout.arenaPack(version);
  const aside = join(layout.arenaPacks, `.old-${randomBytes(6).toString('hex')}`);
  const hadOne = await pathExists(target);
  if (hadOne) await rename(target, aside);
  await rename(unpackDir, target);
  if (hadOne) await rm(aside, { recursive: true, force: true });
}

function manifestFacts(manifest: PackManifest): {
  version: string;
  form: PackForm;
  files: number;
  bytes: number;
  archiveBytes: number;
} {
  const { version, form, files, bytes, archiveBytes } = manifest;
  return { version, form, files, bytes, archiveBytes };
}

export async function readPackManifest(layout: CacheLayout, version: string): Promise<PackManifest | null> {
  const read = await readJsonFile(join(layout.arenaPack(version), PACK_MANIFEST_FILE), packManifestSchema);
  return read.ok && read.value.version === version ? read.value : null;
}

/** The complete packs, newest first. */
export async function listPacks(layout: CacheLayout): Promise<PackManifest[]> {
  const manifests: PackManifest[] = [];
  for (const name of await listNames(layout.arenaPacks, 'folders')) {
    if (name.startsWith('.')) continue;
    const manifest = await readPackManifest(layout, name);
    if (manifest) manifests.push(manifest);
  }
  return manifests.sort((a, b) => compareVersions(b.version, a.version));
}

/**
 * The pack's copy of a host image path: `cdn/{version}/img/…` from that version's pack, the unversioned
 * `cdn/img/…` (splash, loading art) from the newest pack that has it. Null when no complete pack holds it.
 */
export async function packImageFile(layout: CacheLayout, hostPath: string): Promise<string | null> {
  if (!isSafeRelativePath(hostPath)) return null;
  const [root, first, ...rest] = hostPath.split('/');
  if (root !== 'cdn' || first === undefined) return null;
  const candidates: string[] = /^\d+\.\d+\.\d+$/.test(first)
    ? (await readPackManifest(layout, first))
      ? [join(layout.arenaPack(first), first, ...rest)]
      : []
    : (await listPacks(layout)).map((pack) => join(layout.arenaPack(pack.version), first, ...rest));
  for (const file of candidates) {
    const found = await stat(file).catch(() => null);
    if (found?.isFile()) return file;
  }
  return null;
}

/** The bytes kept by cut or cancelled pack downloads. */
export async function partialPackBytes(layout: CacheLayout): Promise<number> {
  let total = 0;
  const folder = join(layout.arenaPacks, PARTIAL_FOLDER);
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    total += (await stat(join(folder, name)).catch(() => null))?.size ?? 0;
  }
  return total;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
