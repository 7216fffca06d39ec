import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serve } from '../core/app/serve/serve';
import { formatSoakReport, MAX_HEAP_GROWTH_BYTES, runSoak, startAndEnd, type SoakSample } from './soak';

// `npm run soak` runs hours; here a few simulated minutes prove it drives the app and reports, untimed.

const paths = {
  serve,
  rendererDir: fileURLToPath(new URL('../../renderer', import.meta.url)),
  resourcesDir: fileURLToPath(new URL('../../resources', import.meta.url)),
};

describe('the soak run', () => {
  it('drives lookups and replay commands through the running host, samples every minute, and reports', async () => {
    const report = await runSoak({ hours: 0.2, timeScale: 240, ...paths });
    expect(report.samples.map((sample) => sample.minute)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect(report.lookups).toBe(2);
    expect(report.replayCommands).toBe(1);
    expect(report.escaped).toBe(0);
    for (const sample of report.samples) {
      expect(sample.heapBytes).toBeGreaterThan(0);
      expect(sample.handles).toBeGreaterThan(0);
    }
    const lines = formatSoakReport(report);
    // The first card game ends at 810 s of scenario time, past the 720 s asked for, but the run's last minute can
    // end late on a busy machine (a real second is 240 s of play here), so it may be recorded by the report.
    expect(lines[0]).toMatch(
      /^soak: 0\.2 h of play simulated in \d+\.\d min: 0 arena games and [01] card games recorded, 2 web API lookups, 1 replay commands$/,
    );
    expect(lines[1]).toMatch(
      /^soak: heap [\d.]+ MB → [\d.]+ MB \([+−][\d.]+ MB, limit \+5\.0 MB\), rss .* handles \d+ → \d+, sockets \d+ → \d+, uncaught errors 0$/,
    );
  }, 60_000);

  it('compares the settled start with the end by medians, so one spike is no trend', () => {
    const samples: SoakSample[] = Array.from({ length: 100 }, (_, index) => ({
      minute: index + 1,
      heapBytes: 40e6 + (index === 95 ? 50e6 : 0) + (index < 10 ? 20e6 : 0),
      rssBytes: 1,
      handles: 20,
      sockets: 5,
    }));
    expect(startAndEnd(samples, (sample) => sample.heapBytes)).toEqual({ start: 40e6, end: 40e6 });
    const leaking = samples.map((sample) => ({ ...sample, heapBytes: 40e6 + sample.minute * 0.1e6 }));
    const { start, end } = startAndEnd(leaking, (sample) => sample.heapBytes);
    expect(end - start).toBeGreaterThan(MAX_HEAP_GROWTH_BYTES);
  });
});
