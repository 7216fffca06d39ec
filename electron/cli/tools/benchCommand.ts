import { parseArgs } from 'node:util';
import { UsageError } from '@shared/cli/usageError';
import { loadSimulator } from '../toolEntries';
import type { CommandIo } from '../../core/platform/cli/commandIo';

interface Bench {
  name: string;
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
      const run = await bench.load(repoRoot);
      for (const line of await run()) io.out(line);
    } catch (error) {
      failed += 1;
      io.err(`${bench.name}: failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return failed === 0 ? 0 : 1;
}
