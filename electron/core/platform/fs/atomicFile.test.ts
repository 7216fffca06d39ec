import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  atomicTempPath,
  createFileExclusive,
  removeStaleTempFiles,
  STALE_TEMP_AGE_MS,
  writeFileAtomic,
} from './atomicFile';

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

describe('temp files of interrupted atomic writes', () => {
  /** The pid of a process that has ended: a writer killed mid-write. */
  const killedPid = (): number => spawnSync(process.execPath, ['-e', '']).pid;

  it('removes those of ended writers and those past any write’s length, keeps a write in progress and other files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atomic-'));
    const killed = killedPid();
    const inProgress = `.a.json.${process.pid}-00000000beef.tmp`;
    const keep = [inProgress, 'a.json', '.a.json.tmp', 'notes.tmp', '.a.json.12-xyz.tmp'];
    const gone = [
      `.a.json.${killed}-0123456789ab.tmp`,
      '.b.json.aabbccddeeff.tmp',
      `.c.json.${process.pid}-111111111111.tmp`,
    ];
    for (const name of [...keep, ...gone]) await writeFile(join(dir, name), 'x');
    // Written before the pid was in the name, and a live pid's that no write could still be on: both old.
    const old = new Date(Date.now() - 2 * STALE_TEMP_AGE_MS);
    for (const name of gone.slice(1)) await utimes(join(dir, name), old, old);

    const removed = await removeStaleTempFiles(dir);
    expect(removed.map((path) => path.slice(dir.length + 1)).sort()).toEqual([...gone].sort());
    expect((await readdir(dir)).sort()).toEqual([...keep].sort());
    // A young temp without a pid may be another version's write in progress: kept until it is old.
    await writeFile(join(dir, '.d.json.abcdefabcdef.tmp'), 'x');
    expect(await removeStaleTempFiles(dir)).toEqual([]);
    expect(await removeStaleTempFiles(join(dir, 'missing'))).toEqual([]);
  });

  it('names its temp files so the cleaning knows them, and clears a folder’s leftovers at its first write there', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atomic-'));
    expect(atomicTempPath(join(dir, 'settings.json'))).toMatch(
      new RegExp(`/\\.settings\\.json\\.${process.pid}-[0-9a-f]{12}\\.tmp$`),
    );
    const leftover = `.arena-games-pending.json.${killedPid()}-0123456789ab.tmp`;
    await writeFile(join(dir, leftover), '{"games":[');
    await writeFileAtomic(join(dir, 'settings.json'), '{}');
    expect(await readdir(dir)).toEqual(['settings.json']);
  });
});

describe('createFileExclusive', () => {
  it('creates the file with its whole content, and never replaces one that is there', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'atomic-'));
    const file = join(dir, 'a.json');
    await createFileExclusive(file, 'first', 0o600);
    expect(await readFile(file, 'utf8')).toBe('first');
    await expect(createFileExclusive(file, 'second')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(file, 'utf8')).toBe('first');
    expect(await readdir(dir)).toEqual(['a.json']);
  });
});
