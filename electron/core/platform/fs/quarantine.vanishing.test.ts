import type * as fsPromises from 'node:fs/promises';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { DATABASE_COMPANIONS, quarantineFile } from './quarantine';

/** Files the next look at removes right after seeing them: a closing SQLite connection folding its log in. */
const vanishAfterSeen = vi.hoisted(() => new Set<string>());

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof fsPromises>();
  return {
    ...fs,
    lstat: async (path: string) => {
      const info = await fs.lstat(path);
      if (vanishAfterSeen.delete(path)) await fs.unlink(path);
      return info;
    },
  };
});

const AT = Date.UTC(2026, 10, 25, 21, 5, 1);

describe('quarantineFile, with a companion that goes while it moves', () => {
  it('moves the database and the companions still there, and says which went with it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quarantine-'));
    const db = join(dir, 'history.db');
    await writeFile(db, 'damaged');
    await writeFile(`${db}-wal`, 'log');
    await writeFile(`${db}-shm`, 'shm');
    vanishAfterSeen.add(`${db}-wal`);

    const moved = await quarantineFile(db, { companions: DATABASE_COMPANIONS, now: () => AT });

    expect(moved.companions).toEqual([`${db}.corrupt-20261125T210501Z-shm`]);
    expect((await readdir(dir)).sort()).toEqual([
      'history.db.corrupt-20261125T210501Z',
      'history.db.corrupt-20261125T210501Z-shm',
    ]);
    expect(await readFile(moved.movedTo, 'utf8')).toBe('damaged');
  });
});
