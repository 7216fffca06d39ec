import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Cases per parser under `npm run fuzz` (--mode fuzz), unless SIGHTLINE_FUZZ_RUNS says otherwise. */
const FULL_FUZZ_RUNS = 10_000;

export default defineConfig(({ mode }) => ({
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  test: {
    include: [
      'electron/**/*.test.ts',
      'shared/**/*.test.ts',
      'renderer/**/*.test.{ts,tsx}',
      'e2e/simulator/**/*.test.ts',
      'e2e/reliability/**/*.test.ts',
      'e2e/architecture/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    // Vitest's default is one worker per core but one: a single worker on CI's two cores. Most files wait on
    // timers, sockets and child processes rather than the CPU, so three at once halve the suite's time there.
    maxWorkers: 3,
    // Read by electron/core/testing/fuzz/fuzzRuns.ts, which runs a few hundred cases when it is unset.
    env:
      mode === 'fuzz'
        ? { SIGHTLINE_FUZZ_RUNS: process.env.SIGHTLINE_FUZZ_RUNS || String(FULL_FUZZ_RUNS) }
        : {},
  },
}));
