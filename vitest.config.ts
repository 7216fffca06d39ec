import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/** Cases per parser under `npm run fuzz` (--mode fuzz), unless SIGHTLINE_FUZZ_RUNS says otherwise. */
const FULL_FUZZ_RUNS = 10_000;

const UNIT_FILES = [
  'electron/**/*.test.ts',
  'shared/**/*.test.ts',
  'renderer/**/*.test.{ts,tsx}',
  'electron/simulator/**/*.test.ts',
  'electron/reliability/**/*.test.ts',
  'e2e/architecture/**/*.test.ts',
];

/**
 * Files that measure the main thread's own work (a stall of the host, in CPU ms): they run after every other
 * file, one at a time, because on a busy two-core runner V8's garbage collector loses its helper threads and
 * the main thread does that work itself, which no change of ours causes.
 */
const ALONE_FILES = ['electron/core/transport/host/hostNeverStalls.test.ts'];

export default defineConfig(({ mode }) => ({
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  test: {
    environment: 'node',
    // One temporary folder per run (TMPDIR), removed after it: what Sightline's processes share stays in the run.
    globalSetup: ['electron/core/tools/testkit/run/runTempFolder.ts'],
    testTimeout: 20_000,
    // Vitest's default is one worker per core but one: a single worker on CI's two cores. Most files wait on
    // timers, sockets and child processes rather than the CPU, so three at once halve the suite's time there.
    maxWorkers: 3,
    // Read by electron/core/tools/testkit/fuzz/fuzzRuns.ts, which runs a few hundred cases when it is unset.
    env:
      mode === 'fuzz'
        ? { SIGHTLINE_FUZZ_RUNS: process.env.SIGHTLINE_FUZZ_RUNS || String(FULL_FUZZ_RUNS) }
        : {},
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: UNIT_FILES, exclude: [...configDefaults.exclude, ...ALONE_FILES] },
      },
      {
        extends: true,
        test: { name: 'alone', include: ALONE_FILES, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
}));
