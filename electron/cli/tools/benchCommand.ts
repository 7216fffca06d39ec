import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '@shared/cli/usageError';
import { loadSimulator } from '../toolEntries';
import type { CommandIo } from '../../core/platform/cli/commandIo';

interface Bench {
  name: string;
  /**
   * Its figures include the process's own memory: beside other benches it runs in a process of its own, where
   * their heap is not counted (after the others, `npm run bench` measured the export from 891 MB).
   */
  ownProcess?: boolean;
  /** `repoRoot`: where `bin/sightline.mjs` is, for a bench that runs the CLI as separate processes. */
  load(repoRoot: string): Promise<() => Promise<string[]>>;
}

/** Every benchmark, loaded only when `sightline bench` runs; each prints its own figures. */
const BENCHES: Bench[] = [
  {
    name: 'state hub',
    load: async () => (await import('../../core/tools/bench/hub/stateHubBench')).runStateHubBench,
  },
  {
    name: 'live',
    load: async () => (await import('../../core/tools/bench/live/liveBench')).runLiveBench,
  },
  {
    name: 'card tracker',
    load: async () => (await import('../../core/tools/bench/card/cardTrackerBench')).runCardTrackerBench,
  },
  {
    name: 'history export',
    ownProcess: true,
    load: async () => (await import('../../core/tools/bench/card/historyExportBench')).runHistoryExportBench,
  },
  {
    name: 'static data',
    load: async () => (await import('../../core/tools/bench/staticData/staticDataBench')).runStaticDataBench,
  },
  {
    name: 'web api',
    load: async () => {
      const { runWebApiBench } = await import('../../core/tools/bench/webApi/webApiBench');
      const { startWebApiSimulator } = await loadSimulator();
      return () => runWebApiBench({ startServer: startWebApiSimulator });
    },
  },
  {
    name: 'web api shared key',
    load: async (repoRoot) => {
      const { runSharedKeyBench } = await import('./sharedKeyBench');
      const { startWebApiSimulator } = await loadSimulator();
      return () => runSharedKeyBench(startWebApiSimulator, repoRoot);
    },
  },
  {
    name: 'host',
    load: async () => (await import('../../core/tools/bench/host/hostBench')).runHostBench,
  },
  {
    name: 'overlays',
    load: async () => (await import('../../core/tools/bench/host/overlaysBench')).runOverlaysBench,
  },
];

export async function runBenchCommand(
  argv: string[],
  io: Pick<CommandIo, 'out' | 'err'>,
  repoRoot: string,
): Promise<number> {
  // bench takes one name and no option: "--x" is a mistyped option, not a name to match.
  const { positionals } = parseArgs({ args: argv, options: {}, allowPositionals: true });
  const [only, extra] = positionals;
  if (extra !== undefined) throw new UsageError(`unexpected argument ${extra}`);
  const selected = only ? BENCHES.filter((bench) => bench.name.includes(only)) : BENCHES;
  if (selected.length === 0)
    throw new UsageError(`unknown benchmark "${only}"; there are: ${BENCHES.map((b) => b.name).join(', ')}`);
  let failed = 0;
  for (const bench of selected) {
    try {
      const run =
        bench.ownProcess && selected.length > 1
          ? () => benchInOwnProcess(repoRoot, bench.name)
          : await bench.load(repoRoot);
      for (const line of await run()) io.out(line);
    } catch (error) {
      failed += 1;
      io.err(`${bench.name}: failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return failed === 0 ? 0 : 1;
}

/** `sightline bench <name>` in a new process: the lines it printed, or its error when it fails. */
async function benchInOwnProcess(repoRoot: string, name: string): Promise<string[]> {
  const child = spawn(process.execPath, [join(repoRoot, 'bin/sightline.mjs'), 'bench', name], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(stderr.trim().split('\n').at(-1) || `its process exited with ${code}`);
  return stdout.split('\n').filter((line) => line !== '');
}
