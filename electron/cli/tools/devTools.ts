/**
 * The development tools' one entry: the benchmarks and the reliability harness (`bench`, `faults`, `soak`). It is
 * built apart from the app (`electron-vite build --mode dev-tools`, into out/dev-tools/), so none of it ships:
 * the shipped CLI loads it from there when a checkout has built it (builtDevTools.ts).
 */
export { runBenchCommand } from './benchCommand';

/** The reliability harness (`faults`, `soak`), loaded by the command that runs it. */
export const loadReliabilityHarness = () => import('../../reliability/index');
