import { chmod, mkdir, stat } from 'node:fs/promises';

/** The data folder holds the API key, host tokens, history and logs: its owner's alone. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates a folder only its owner may enter, or tightens one that exists (older versions made the data
 * folder 0755). The mode is set outright rather than left to the umask.
 */
export async function ensurePrivateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  // Windows keeps no such bits: its folders inherit the profile's owner-only ACL.
  if (process.platform === 'win32') return;
  if (((await stat(path)).mode & 0o777) === PRIVATE_DIR_MODE) return;
  try {
    await chmod(path, PRIVATE_DIR_MODE);
  } catch (error) {
    // A folder someone else owns (a shared SIGHTLINE_DATA_DIR) is theirs to set; it still works.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/** Makes the files that exist owner-only: those created by others (SQLite) or by older versions. */
export async function restrictToOwner(...paths: string[]): Promise<void> {
  if (process.platform === 'win32') return;
  for (const path of paths) {
    try {
      await chmod(path, PRIVATE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
