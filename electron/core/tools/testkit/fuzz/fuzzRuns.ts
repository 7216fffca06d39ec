/**
 * How many cases each parser fuzz runs: a few hundred under `npm test`, and what SIGHTLINE_FUZZ_RUNS says
 * when it is set (`npm run fuzz` sets it to 10,000 in vitest.config.ts unless it is set already).
 */
export const DEFAULT_FUZZ_RUNS = 300;
export const FUZZ_RUNS_VARIABLE = 'SIGHTLINE_FUZZ_RUNS';

export function fuzzRuns(env: Record<string, string | undefined> = process.env): number {
  const raw = env[FUZZ_RUNS_VARIABLE];
  if (raw === undefined || raw.trim() === '') return DEFAULT_FUZZ_RUNS;
  const runs = Number(raw);
  if (!Number.isSafeInteger(runs) || runs < 1) {
    throw new Error(`${FUZZ_RUNS_VARIABLE} must be a whole number of at least 1, got "${raw}"`);
  }
  return runs;
}

/** Whether the figures of each parser are printed: only when the count was asked for. */
export const fuzzFiguresWanted = (env: Record<string, string | undefined> = process.env): boolean =>
  (env[FUZZ_RUNS_VARIABLE] ?? '').trim() !== '';
