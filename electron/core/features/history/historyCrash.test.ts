import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openHistoryStore } from './historyStore';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WRITER = fileURLToPath(new URL('./fixtures/crashWriter.ts', import.meta.url));
// The writer is TypeScript: Vite's module runner loads it in a plain Node child, as vitest does here.
const LAUNCHER = `import { runnerImport } from 'vite';
await runnerImport(${JSON.stringify(WRITER)}, {
  configFile: false,
  logLevel: 'error',
  resolve: { alias: { '@shared': ${JSON.stringify(join(REPO_ROOT, 'shared'))} } },
});`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sightline-crash-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** Runs the writer until it has reported `commits` games (plus a little more), then kills it with SIGKILL. */
async function writeUntilKilled(path: string, commits: number, extraMs: number): Promise<number[]> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', LAUNCHER, path], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const committed: number[] = [];
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the writer did not commit in time: ${stderr}`)), 15_000);
    child.once('exit', () => reject(new Error(`the writer exited on its own: ${stderr}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /^committed (\d+)$/.exec(line);
      if (!match) return;
      committed.push(Number(match[1]));
      if (committed.length === commits) {
        clearTimeout(timer);
        // Somewhere inside a later transaction: the writer does nothing but write.
        setTimeout(() => {
          child.kill('SIGKILL');
          resolve();
        }, extraMs);
      }
    });
  });
  expect(await exited).toBe('SIGKILL');
  return committed;
}

describe('the history database after a crash', () => {
  it('keeps every committed game, whole, and passes the integrity check after SIGKILL mid-write', async () => {
    const path = join(dir, 'history.db');
    const committed: number[] = [];
    // Three crashes on the same file, each at a different moment; every run carries on from the last.
    for (const [commits, extraMs] of [
      [5, 3],
      [3, 11],
      [4, 0],
    ] as const) {
      committed.push(...(await writeUntilKilled(path, commits, extraMs)));

      const store = await openHistoryStore(path);
      try {
        expect(await store.checkIntegrity()).toBe('ok');
        const games = await store.cardGames.details({});
        const stored = new Set(games.map((game) => game.startedAt));
        for (const startedAt of committed) expect(stored.has(startedAt)).toBe(true);
        // A game is all there or not there: never a row without its cards.
        for (const game of games) {
          expect([game.deck.length, game.plays.length, game.opponentCards.length]).toEqual([14, 40, 20]);
        }
      } finally {
        store.close();
      }
    }
  }, 60_000);
});
