import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { loadSimulator } from '../toolEntries';

type StartWebApiSimulator = Awaited<ReturnType<typeof loadSimulator>>['startWebApiSimulator'];

const KEY = 'RGAPI-simulated-bench-shared-key';
const APP_LIMITS = '20:1,100:10';
const LOOKUPS = 200;

interface Figures {
  wallMs: number;
  /** First to last request as the server received them. */
  serverMs: number;
  rateLimited: number;
  failed: number;
}

/**
 * 200 match lookups on one key under app limits 20:1,100:10: by one `sightline api match` process, then by
 * two processes of 100 each on the same key and data folder (issue 25). The key's lease keeps the pair at
 * one process's pace, with no 429: the wall times add the processes' own start.
 */
export async function runSharedKeyBench(
  startServer: StartWebApiSimulator,
  repoRoot: string,
): Promise<string[]> {
  const simulator = await startServer({ appLimits: APP_LIMITS, keys: [KEY] });
  const cli = join(repoRoot, 'bin/sightline.mjs');
  const ids = Array.from({ length: LOOKUPS }, (_, index) => `NA1_${5_020_000_000 + index}`);
  const folders: string[] = [];
  const folder = async (name: string) => {
    const made = await mkdtemp(join(tmpdir(), `sightline-bench-${name}-`));
    folders.push(made);
    return made;
  };
  try {
    const dataDir = await folder('data');
    const measure = async (batches: string[][]): Promise<Figures> => {
      simulator.control.reset();
      // A shared folder of the run's own: the other run's ledger does not carry over.
      const shared = await folder('tmp');
      const started = performance.now();
      const failed = await Promise.all(
        batches.map((batch) => apiMatch(cli, batch, { dataDir, shared, base: simulator.baseTemplate })),
      );
      const wallMs = performance.now() - started;
      const times = simulator.control.requests().map((request) => request.at);
      return {
        wallMs,
        serverMs: Math.max(...times) - Math.min(...times),
        rateLimited: simulator.control.stats().rateLimited,
        failed: failed.reduce((sum, count) => sum + count, 0),
      };
    };
    const alone = await measure([ids]);
    const pair = await measure([ids.slice(0, LOOKUPS / 2), ids.slice(LOOKUPS / 2)]);
    const line = (name: string, run: Figures) =>
      `  ${name.padEnd(46)} ${(run.wallMs / 1000).toFixed(2).padStart(7)} s  server ${(run.serverMs / 1000).toFixed(2)} s  ${String(run.rateLimited).padStart(4)} × 429 at the server  ${String(run.failed).padStart(4)}/${LOOKUPS} failed`;
    const more = (pairMs: number, aloneMs: number) => `${((pairMs / aloneMs - 1) * 100).toFixed(1)} %`;
    return [
      `web api, one key in two processes: ${LOOKUPS} match lookups, app limits ${APP_LIMITS}`,
      line('one `sightline api match` process', alone),
      line('two processes of 100, one key and data folder', pair),
      `  the pair against one process: wall ${more(pair.wallMs, alone.wallMs)}, at the server ${more(pair.serverMs, alone.serverMs)}`,
    ];
  } finally {
    await simulator.close();
    await Promise.all(folders.map((made) => rm(made, { recursive: true, force: true })));
  }
}

/** One `sightline api match` process; resolves with how many lookups it printed as failed (or did not print). */
function apiMatch(
  cli: string,
  ids: string[],
  where: { dataDir: string; shared: string; base: string },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'api', 'match', ...ids], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        // The user's shared folder is in the temp folder.
        TMPDIR: where.shared,
        SIGHTLINE_DATA_DIR: where.dataDir,
        SIGHTLINE_API_KEY: KEY,
        SIGHTLINE_WEB_API_BASE: where.base,
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('error', reject);
    child.once('close', () => {
      const answered = stdout.split('\n').filter((line) => {
        try {
          return (JSON.parse(line) as { error?: unknown }).error === undefined;
        } catch {
          return false;
        }
      });
      resolve(ids.length - answered.length);
    });
  });
}
