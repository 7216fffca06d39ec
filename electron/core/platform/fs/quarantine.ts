import { lstat, rename } from 'node:fs/promises';
import { errorCode } from './errorCode';

/** A damaged file moved aside: where it was, where its bytes are now, and what went with it. */
export interface QuarantinedFile {
  path: string;
  movedTo: string;
  /** The companions moved with it, each as `<movedTo><suffix>` ("history.db.corrupt-…-wal"). */
  companions: string[];
}

export interface QuarantineOptions {
  /**
   * Suffixes of files that belong to it: a database's "-wal", "-shm" and "-journal". They keep the suffix after
   * the new name, so SQLite opens the moved copy with its log.
   */
  companions?: readonly string[];
  now?: () => number;
}

/** A SQLite database's companions: moved with it, or a new database would meet the old one's log. */
export const DATABASE_COMPANIONS = ['-wal', '-shm', '-journal'] as const;

/** "20261125T210501Z": UTC to the second, sorts by time, a valid file name everywhere. */
export function quarantineStamp(epochMs: number): string {
  return new Date(epochMs)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * Moves a damaged file aside as `<name>.corrupt-<UTC time>` in its own folder, bytes as they were, so the app
 * can start a new one and nothing is lost. An earlier copy is never replaced: another in the same second is
 * `…-2`, `…-3`. Rename fails with the file system's error (a read-only folder) and then moves nothing.
 */
export async function quarantineFile(
  path: string,
  options: QuarantineOptions = {},
): Promise<QuarantinedFile> {
  const stamp = quarantineStamp((options.now ?? Date.now)());
  const companions: string[] = [];
  for (const suffix of options.companions ?? [])
    if (await exists(`${path}${suffix}`)) companions.push(suffix);
  for (let attempt = 1; ; attempt += 1) {
    const movedTo = `${path}.corrupt-${stamp}${attempt === 1 ? '' : `-${attempt}`}`;
    const targets = [movedTo, ...companions.map((suffix) => `${movedTo}${suffix}`)];
    // Only this process writes the data folder at start, so a name free now is still free at the rename.
    if ((await Promise.all(targets.map(exists))).some(Boolean)) continue;
    // The companions first: a log left behind next to a new database would be replayed into it.
    const moved: string[] = [];
    try {
      for (const suffix of companions) {
        // A log the closing connection has just folded in and removed is gone: nothing is left to replay.
        if (await renameUnlessGone(`${path}${suffix}`, `${movedTo}${suffix}`)) moved.push(suffix);
      }
      await rename(path, movedTo);
    } catch (error) {
      for (const suffix of moved)
        await rename(`${movedTo}${suffix}`, `${path}${suffix}`).catch(() => undefined);
      throw error;
    }
    return { path, movedTo, companions: moved.map((suffix) => `${movedTo}${suffix}`) };
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}

/** Renames `from`; false when it no longer exists (a companion file removed since it was seen). */
async function renameUnlessGone(from: string, to: string): Promise<boolean> {
  try {
    await rename(from, to);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}
