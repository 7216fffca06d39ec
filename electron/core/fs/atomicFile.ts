import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { PRIVATE_FILE_MODE } from './privateDir';

/**
 * Writes a file so that readers see the old content or the new, never a mix: a temp file in the same
 * folder, flushed, then renamed over the target. On failure the temp file is removed and the target is untouched.
 * Owner-only by default: everything Sightline writes this way lives in its private data folder.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  mode = PRIVATE_FILE_MODE,
): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
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
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
