import { randomBytes } from 'node:crypto';
import { link, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PRIVATE_FILE_MODE } from './privateDir';

/**
 * Writes a file so that readers see the old content or the new, never a mix: a temp file in the same
 * folder, flushed, then renamed over the target. On failure the temp file is removed and the target is untouched.
 * Owner-only by default: everything Sightline writes this way lives in its private data folder.
 * A writer killed mid-write leaves its temp file behind: the first write into a folder in this process clears
 * such leftovers there (removeStaleTempFiles), and start-up clears the data folder's.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  mode = PRIVATE_FILE_MODE,
): Promise<void> {
  const temp = await writeTempFile(path, data, mode);
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Creates `path` with its whole content only if no file is there (fails with EEXIST otherwise), so a reader
 * never sees it half written: the temp file is linked in (which never replaces a file), then removed. Owner-only
 * by default, as writeFileAtomic.
 */
export async function createFileExclusive(
  path: string,
  data: string | Uint8Array,
  mode = PRIVATE_FILE_MODE,
): Promise<void> {
  const temp = await writeTempFile(path, data, mode);
  try {
    await link(temp, path);
  } finally {
    await rm(temp, { force: true });
  }
}

/** Writes, flushes and closes the temp file beside `path`; removes it again when that fails. */
async function writeTempFile(path: string, data: string | Uint8Array, mode: number): Promise<string> {
  await clearFolderOnce(dirname(path));
  const temp = atomicTempPath(path);
  try {
    const handle = await open(temp, 'wx', mode);
    try {
      // The umask could have cleared bits of `mode`: the file gets exactly what was asked.
      await handle.chmod(mode);
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return temp;
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * The temp file an atomic write of `path` goes through, beside it: `.<name>.<pid>-<12 hex>.tmp`. The writer's
 * process ID in the name tells a leftover of a killed writer from a write in progress in another process.
 */
export function atomicTempPath(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
}

/** Our temp names: with the writer's pid, or (written before the pid was in the name) without. */
const TEMP_NAME = /^\..+\.(?:(\d+)-)?[0-9a-f]{12}\.tmp$/;

/** No atomic write takes this long: a temp file older than this is a leftover, whoever wrote it. */
export const STALE_TEMP_AGE_MS = 60_000;

export interface StaleTempOptions {
  now?: () => number;
  /** Whether a process is running (process.kill(pid, 0) by default). */
  isRunning?: (pid: number) => boolean;
}

/**
 * Removes the temp files atomic writes left in `folder` when their writer was killed: those whose writer's process
 * is gone, and any older than STALE_TEMP_AGE_MS (a name without a pid, or a pid the system has given to another
 * process since). A write in progress now, in this process or another, is left alone. Says which it removed;
 * a folder that is missing or takes no changes is left as it is.
 */
export async function removeStaleTempFiles(
  folder: string,
  options: StaleTempOptions = {},
): Promise<string[]> {
  const now = options.now ?? Date.now;
  const isRunning = options.isRunning ?? processIsRunning;
  let names: string[];
  try {
    names = await readdir(folder);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = TEMP_NAME.exec(name);
    if (!match) continue;
    const path = join(folder, name);
    const pid = match[1] === undefined ? null : Number(match[1]);
    const writerGone = pid !== null && !isRunning(pid);
    const modified = await stat(path).then(
      (info) => (info.isFile() ? info.mtimeMs : null),
      () => null,
    );
    if (modified === null || (!writerGone && now() - modified < STALE_TEMP_AGE_MS)) continue;
    try {
      await rm(path);
      removed.push(path);
    } catch {
      // Gone already (its writer finished), or the folder takes no changes: nothing to do either way.
    }
  }
  return removed;
}

/** Whether a process runs on this machine (as this user or another). */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders this process has cleared of leftovers already: once each is enough. */
const clearedFolders = new Set<string>();

async function clearFolderOnce(folder: string): Promise<void> {
  if (clearedFolders.has(folder)) return;
  clearedFolders.add(folder);
  await removeStaleTempFiles(folder);
}
