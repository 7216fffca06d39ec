import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomicFile';

describe('writeFileAtomic', () => {
  it('replaces the content and leaves no temp file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atomic-'));
    const file = join(dir, 'a.json');
    await writeFile(file, 'old');
    await writeFileAtomic(file, 'new');
    expect(await readFile(file, 'utf8')).toBe('new');
    expect(await readdir(dir)).toEqual(['a.json']);
  });

  it('keeps the old file when the folder is missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atomic-'));
    await expect(writeFileAtomic(join(dir, 'missing', 'a.json'), 'x')).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });
});
