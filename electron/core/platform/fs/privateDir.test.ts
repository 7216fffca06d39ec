import { mkdtemp, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensurePrivateDir } from './privateDir';

describe('ensurePrivateDir', () => {
  it('makes a folder only its owner may enter', async () => {
    const folder = join(await mkdtemp(join(tmpdir(), 'private-dir-')), 'data');
    await ensurePrivateDir(folder);
    expect((await stat(folder)).isDirectory()).toBe(true);
    if (process.platform !== 'win32') expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });

  it('says in words that a file is in the way, naming the path, and leaves the file as it was', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'private-dir-')), 'data');
    await writeFile(file, 'mine');
    await expect(ensurePrivateDir(file)).rejects.toThrow(
      `${file} cannot be used as a folder: a file of that name (or of a folder above it) is in the way`,
    );
    await expect(ensurePrivateDir(join(file, 'cache'))).rejects.toMatchObject({
      message: expect.stringMatching(/is in the way$/),
      code: 'ENOTDIR',
    });
    expect((await stat(file)).isFile()).toBe(true);
  });
});
