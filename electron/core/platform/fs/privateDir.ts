import { chmod, mkdir, stat } from 'node:fs/promises';

/** The data folder holds the API key, host tokens, history and logs: its owner's alone. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates a folder only its owner may enter, or tightens one that exists (older versions made the data
 * folder 0755). The mode is set outright rather than left to the umask. Only group and other bits are
 * taken away: a folder its owner made read-only (0500) stays so.
 */
export async function ensurePrivateDir(path: string): Promise<void> {
  try {
    await mkdir(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch (error) {
    // Keeps the file system's code: callers tell a full or read-only disk from others by it.
    throw Object.assign(
      new Error(`${path} cannot be used as a folder: ${whyNotAFolder(error)}`, { cause: error }),
      {
        code: (error as NodeJS.ErrnoException).code,
      },
    );
  }
  // Windows keeps no such bits: its folders inherit the profile's owner-only ACL.
  if (process.platform === 'win32') return;
  const mode = (await stat(path)).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  try {
    await chmod(path, mode & PRIVATE_DIR_MODE);
  } catch (error) {
    // A folder someone else owns (a shared SIGHTLINE_DATA_DIR) is theirs to set; it still works. A read-only
    // one is read as it is: the app runs on memory and says so at the first write.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EROFS') throw error;
  }
}

/**
 * Makes the files that exist owner-only: those created by others (SQLite) or by older versions. Only group and
 * other bits are taken away, so a file its owner made read-only stays so.
 */
export async function restrictToOwner(...paths: string[]): Promise<void> {
  if (process.platform === 'win32') return;
  for (const path of paths) {
    try {
      const mode = (await stat(path)).mode & 0o777;
      if ((mode & 0o077) !== 0) await chmod(path, mode & PRIVATE_FILE_MODE);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // A read-only data folder is read as it is (see ensurePrivateDir).
      if (code !== 'ENOENT' && code !== 'EROFS') throw error;
    }
  }
}

/** The reason a folder cannot be made, in words (a start-up error is one line a user can act on). */
function whyNotAFolder(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EEXIST' || code === 'ENOTDIR')
    return 'a file of that name (or of a folder above it) is in the way';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EROFS') return 'the disk is read-only';
  return code ?? String(error);
}
