import { performance } from 'node:perf_hooks';
import { metOrNot } from './latency';

/** How a cost grows with the size of its input, for the benches that hold a reduction or a read linear. */

/**
 * Linear work doubles when its input doubles; the rest of the 2.2 is room for the garbage collector and
 * caches. Quadratic work comes out near 4.
 */
export const DOUBLING_TARGET = 2.2;

export interface ScalingFigure {
  size: number;
  /** Wall time of the fastest run at this size: the one the other work on the machine disturbed least. */
  ms: number;
}

/** Runs `run` at every size (1×, 2×, 4×, …) `repeats` times after a warm-up; the fastest of each. */
export async function measureScaling(
  sizes: readonly number[],
  repeats: number,
  run: (size: number) => Promise<unknown> | unknown,
): Promise<ScalingFigure[]> {
  const figures: ScalingFigure[] = [];
  for (const size of sizes) {
    await run(size);
    const times: number[] = [];
    for (let repeat = 0; repeat < repeats; repeat += 1) {
      const started = performance.now();
      await run(size);
      times.push(performance.now() - started);
    }
    figures.push({ size, ms: Math.min(...times) });
  }
  return figures;
}

/** The largest growth per doubling of the size over the figures (sizes ascending). */
export function worstDoublingRatio(figures: readonly ScalingFigure[]): number {
  let worst = 0;
  for (let index = 1; index < figures.length; index += 1) {
    const before = figures[index - 1];
    const after = figures[index];
    if (!before || !after || before.ms <= 0) continue;
    const doublings = Math.log2(after.size / before.size);
    worst = Math.max(worst, (after.ms / before.ms) ** (1 / doublings));
  }
  return worst;
}

/** One bench line: the time at each size, the worst growth per doubling and the target beside it. */
export function scalingLine(label: string, unit: string, figures: readonly ScalingFigure[]): string {
  const first = figures[0]?.size ?? 1;
  const sizes = figures
    .map((figure) => `${figure.size / first}× ${figure.size} ${unit}: ${figure.ms.toFixed(2)} ms`)
    .join(', ');
  const ratio = worstDoublingRatio(figures);
  return `${label}: ${sizes}; ×${ratio.toFixed(2)} per doubling (target ≤ ×${DOUBLING_TARGET}: ${metOrNot(ratio <= DOUBLING_TARGET)})`;
}
