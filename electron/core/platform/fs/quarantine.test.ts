import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_COMPANIONS, quarantineFile, quarantineStamp } from './quarantine';

const AT = Date.UTC(2026, 10, 25, 21, 5, 1, 789);

describe('quarantineFile', () => {
  it('names the copy by the UTC second it was moved', () => {
    expect(quarantineStamp(AT)).toBe('20261125T210501Z');
  });

  it('moves a file aside with its bytes, and a database with its log and shared memory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quarantine-'));
    const db = join(dir, 'history.db');
    await writeFile(db, Buffer.from([0, 1, 2, 255]));
    await writeFile(`${db}-wal`, 'log');
    await writeFile(`${db}-shm`, 'shm');
    await writeFile(join(dir, 'other.db'), 'untouched');

    const moved = await quarantineFile(db, { companions: DATABASE_COMPANIONS, now: () => AT });

    expect(moved).toEqual({
      path: db,
      movedTo: `${db}.corrupt-20261125T210501Z`,
      companions: [`${db}.corrupt-20261125T210501Z-wal`, `${db}.corrupt-20261125T210501Z-shm`],
    });
    expect((await readdir(dir)).sort()).toEqual([
      'history.db.corrupt-20261125T210501Z',
      'history.db.corrupt-20261125T210501Z-shm',
      'history.db.corrupt-20261125T210501Z-wal',
      'other.db',
    ]);
    expect([...(await readFile(moved.movedTo))]).toEqual([0, 1, 2, 255]);
    expect(await readFile(`${moved.movedTo}-wal`, 'utf8')).toBe('log');
    expect(await readFile(join(dir, 'other.db'), 'utf8')).toBe('untouched');
  });

  it('never replaces an earlier copy, even one moved in the same second', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quarantine-'));
    const file = join(dir, 'settings.json');
    await writeFile(file, 'first');
    const first = await quarantineFile(file, { now: () => AT });
    await writeFile(file, 'second');
    const second = await quarantineFile(file, { now: () => AT });
    await writeFile(file, 'third');
    const third = await quarantineFile(file, { now: () => AT + 100 });

    expect([first.movedTo, second.movedTo, third.movedTo]).toEqual([
      `${file}.corrupt-20261125T210501Z`,
      `${file}.corrupt-20261125T210501Z-2`,
      `${file}.corrupt-20261125T210501Z-3`,
    ]);
    expect(await readFile(first.movedTo, 'utf8')).toBe('first');
    expect(await readFile(second.movedTo, 'utf8')).toBe('second');
    expect(await readFile(third.movedTo, 'utf8')).toBe('third');
  });

  it('moves nothing when the file itself cannot be moved: its companions go back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quarantine-'));
    const db = join(dir, 'tournaments.db');
    // Only the log is there: its move succeeds, the database's fails (ENOENT), so the log is put back.
    await writeFile(`${db}-wal`, 'log');
    await expect(
      quarantineFile(db, { companions: DATABASE_COMPANIONS, now: () => AT }),
    ).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(await readdir(dir)).toEqual(['tournaments.db-wal']);
    expect(await readFile(`${db}-wal`, 'utf8')).toBe('log');
  });
});
