import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Migration } from './migration';
import { openSqliteDatabase } from './sqliteDatabase';

const MIGRATIONS: Migration[] = [
  { version: 1, description: 'rows', statements: ['CREATE TABLE rows (id INTEGER PRIMARY KEY, who TEXT)'] },
];

/** Another process that takes the write lock, says so, and commits `holdMs` later. */
const HOLDER = `
import { createClient } from '@libsql/client';
const client = createClient({ url: process.argv[1] });
const write = await client.transaction('write');
await write.execute("INSERT INTO rows (who) VALUES ('other process')");
console.log('holding');
setTimeout(async () => { await write.commit(); client.close(); }, Number(process.argv[2]));
`;

describe('two processes writing one database (the app and a CLI command, or two commands)', () => {
  it('a write while the other process holds the lock waits for it instead of failing, and keeps both rows', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'sightline-db-')), 'tournaments.db');
    const ours = await openSqliteDatabase(path, MIGRATIONS);
    try {
      const other = spawn(
        process.execPath,
        ['--input-type=module', '-e', HOLDER, pathToFileURL(path).href, '1000'],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = new Promise((resolve) => other.once('exit', resolve));
      await new Promise<void>((resolve) =>
        createInterface({ input: other.stdout }).once('line', () => resolve()),
      );
      await expect(ours.execute("INSERT INTO rows (who) VALUES ('this process')")).resolves.toMatchObject({
        rowsAffected: 1,
      });
      await exited;
      const rows = await ours.execute('SELECT who FROM rows ORDER BY id');
      expect(rows.rows.map((row) => row.who)).toEqual(['other process', 'this process']);
    } finally {
      ours.close();
    }
  });
});

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OPENER = fileURLToPath(new URL('./fixtures/migratingOpener.ts', import.meta.url));
// The opener is TypeScript: Vite's module runner loads it in a plain Node child, as vitest does here.
const LAUNCHER = `import { runnerImport } from 'vite';
await runnerImport(${JSON.stringify(OPENER)}, { configFile: false, logLevel: 'error' });`;

describe('several processes opening a new database at once (the app, serve and a receiver starting together)', () => {
  it('each migration runs once, and every process gets the migrated database', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'sightline-db-')), 'tournaments.db');
    const openers = [1, 2, 3, 4].map(() => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', LAUNCHER, path], {
        cwd: REPO_ROOT,
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const lines = createInterface({ input: child.stdout });
      const ready = new Promise<void>((resolve) => lines.once('line', () => resolve()));
      const said = ready.then(() => new Promise<string>((resolve) => lines.once('line', resolve)));
      return { child, ready, said };
    });
    // All loaded first, then told at once: their migrations overlap.
    await Promise.all(openers.map((opener) => opener.ready));
    for (const { child } of openers) child.stdin.end('go\n');
    expect(await Promise.all(openers.map((opener) => opener.said))).toEqual([
      'version 2',
      'version 2',
      'version 2',
      'version 2',
    ]);
  }, 60_000);
});
