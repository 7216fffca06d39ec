/** What the benches share about latency: one percentile, and the target pushed updates are held to. */

/**
 * P1: a pushed update reaches the screen within one 60 Hz frame, at the 95th percentile. The live bench
 * holds poll response → DOM to it; the host bench holds delivery to every connected page to it.
 */
export const P1_TARGET_MS = 16;

/** The value below which `share` (0–1) of `values` fall; 0 for none. */
export function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}
