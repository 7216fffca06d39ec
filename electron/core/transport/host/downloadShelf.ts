import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where an offered file is downloaded from, on the browser host and on the desktop app's own origin. */
export const DOWNLOAD_PATH_PREFIX = '/download/';

/** How long an offered file waits for its one download before it is deleted. */
export const DOWNLOAD_TTL_MS = 5 * 60_000;

/** What the user's download is called and how it is typed. */
export interface DownloadFile {
  fileName: string;
  mimeType: string;
}

/** An offered file taken for its download: send `path`, then call `done` (it deletes the file). */
export interface TakenDownload extends DownloadFile {
  path: string;
  done(): Promise<void>;
}

/**
 * Files the core made for the user to download (a history export): written to disk by the request that makes
 * them, so no answer carries a whole file, then handed to the page by a URL path holding a random id. Each
 * can be downloaded once, within DOWNLOAD_TTL_MS; then it is deleted.
 */
export interface DownloadShelf {
  /** Lets `write` make the file at the path it is given, then offers it; resolves to its URL path. */
  offer(file: DownloadFile, write: (path: string) => Promise<void>): Promise<string>;
  /** Hands over the file of a URL path, once: null when there is none (unknown, taken or expired). */
  take(urlPath: string): TakenDownload | null;
  /** Forgets every file and deletes the folder. */
  close(): Promise<void>;
}

interface Offered extends DownloadFile {
  path: string;
  expiry: NodeJS.Timeout;
}

/** A shelf in a folder of its own (made owner-only by mkdtemp) under `parentDir`, made at the first offer. */
export function createDownloadShelf(options: { parentDir?: string; ttlMs?: number } = {}): DownloadShelf {
  const ttlMs = options.ttlMs ?? DOWNLOAD_TTL_MS;
  const offered = new Map<string, Offered>();
  let folder: Promise<string> | null = null;
  const remove = (path: string): Promise<void> => rm(path, { force: true }).catch(() => undefined);

  return {
    async offer(file, write) {
      folder ??= mkdtemp(join(options.parentDir ?? tmpdir(), 'sightline-downloads-')).catch((error) => {
        folder = null; // a later offer tries again (a full disk freed)
        throw error;
      });
      // 192 bits: the id is what lets the desktop app's origin fetch the file, so it cannot be guessed.
      const id = randomBytes(24).toString('base64url');
      const path = join(await folder, id);
      try {
        await write(path);
      } catch (error) {
        await remove(path);
        throw error;
      }
      const expiry = setTimeout(() => {
        offered.delete(id);
        void remove(path);
      }, ttlMs);
      expiry.unref();
      offered.set(id, { ...file, path, expiry });
      return `${DOWNLOAD_PATH_PREFIX}${id}`;
    },
    take(urlPath) {
      if (!urlPath.startsWith(DOWNLOAD_PATH_PREFIX)) return null;
      const id = urlPath.slice(DOWNLOAD_PATH_PREFIX.length);
      const entry = offered.get(id);
      if (!entry) return null;
      offered.delete(id);
      clearTimeout(entry.expiry);
      return {
        fileName: entry.fileName,
        mimeType: entry.mimeType,
        path: entry.path,
        done: () => remove(entry.path),
      };
    },
    async close() {
      for (const entry of offered.values()) clearTimeout(entry.expiry);
      offered.clear();
      const made = folder;
      folder = null;
      if (made) await rm(await made, { recursive: true, force: true }).catch(() => undefined);
    },
  };
}
