import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { writeFileAtomic } from '../../platform/fs/atomicFile';

export interface ReadOnlyFolder {
  dir: string;
  /** True when chmod itself stops writes here; false when the test runs as root, which permission bits do not stop. */
  enforced: boolean;
  /**
   * The atomic write to use on it: the real one where chmod stops writes; as root, one that fails for paths in
   * the folder with the EACCES a read-only folder gives, so the code under test takes the same path either way.
   */
  writeFile(path: string, data: string): Promise<void>;
  /** Makes it writable again, so the test can clean up. */
  restore(): Promise<void>;
}

/** A folder made read-only (0500) after `fill` has put files in it. */
export async function readOnlyFolder(
  fill: (dir: string) => Promise<void> = async () => undefined,
): Promise<ReadOnlyFolder> {
  const dir = await mkdtemp(join(tmpdir(), 'sightline-read-only-'));
  await fill(dir);
  await chmod(dir, 0o500);
  const probe = join(dir, '.probe');
  const enforced = await writeFile(probe, '').then(
    () => false,
    () => true,
  );
  if (!enforced) await rm(probe);
  return {
    dir,
    enforced,
    writeFile: async (path, data) => {
      if (!enforced && path.startsWith(`${dir}${sep}`)) {
        throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), {
          code: 'EACCES',
          errno: -13,
          syscall: 'open',
          path,
        });
      }
      await writeFileAtomic(path, data);
    },
    restore: () => chmod(dir, 0o700),
  };
}
