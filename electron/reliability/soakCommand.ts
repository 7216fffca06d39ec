import { parseArgs } from 'node:util';
import type { StartHost } from './simulatedWorld';
import { formatSoakReport, runSoak } from './soak';

export interface SoakCommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const DEFAULT_HOURS = 8;
const DEFAULT_TIME_SCALE = 60;

/**
 * `sightline soak [--hours 8] [--time-scale 60]`: an evening of use, accelerated (8 h in about 8 min);
 * prints the figures and exits 1 when memory or handles grew past the goals, 2 on bad usage.
 */
export async function runSoakCommand(
  argv: string[],
  io: SoakCommandIo,
  host: { rendererDir: string; resourcesDir: string; serve: StartHost },
): Promise<number> {
  // An unknown option or a flag without its value throws: the CLI turns it into one line and exit 2.
  const { values } = parseArgs({
    args: argv,
    options: { hours: { type: 'string' }, 'time-scale': { type: 'string' } },
  });
  const hours = Number(values.hours ?? DEFAULT_HOURS);
  const timeScale = Number(values['time-scale'] ?? DEFAULT_TIME_SCALE);
  if (!(hours > 0 && hours <= 24)) {
    io.err('sightline soak: --hours must be a number of hours above 0, at most 24');
    return 2;
  }
  if (!(Number.isInteger(timeScale) && timeScale >= 1 && timeScale <= 240)) {
    io.err('sightline soak: --time-scale must be a whole number from 1 to 240');
    return 2;
  }
  if (!(globalThis as { gc?: unknown }).gc) {
    io.err(
      'sightline soak: node runs without --expose-gc, so heap figures include garbage (npm run soak sets it)',
    );
  }
  io.err(
    `sightline soak: ${hours} h of play at ${timeScale}×, about ${Math.ceil((hours * 60) / timeScale)} min`,
  );
  const report = await runSoak({ hours, timeScale, ...host });
  for (const line of formatSoakReport(report)) io.out(line);
  return report.passed ? 0 : 1;
}
