import { describe, expect, it } from 'vitest';
import { runHostBench } from './hostBench';

describe('host bench', () => {
  it('runs every part against the real host and prints its three lines', async () => {
    const lines = await runHostBench({
      clients: 3,
      polls: 10,
      intervalMs: 1,
      slowPatchBytes: 256 * 1024,
      badInputs: 80,
    });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^host: 3 clients, \d+ patches each, all delivered: yes, p50 [\d.]+ ms, p95 [\d.]+ ms \(target 16 ms\), \d+ patches a second$/,
    );
    expect(lines[1]).toMatch(
      /^host: a page that stopped reading cut off after 4\.\d MiB held by the host \(\+ [\d.]+ MiB in the OS's socket buffers\), \d+ patches of 256 KiB; the 3 others meanwhile: all delivered: yes, p95 [\d.]+ ms \([\d.]+ ms with no page stalled\)$/,
    );
    expect(lines[2]).toMatch(/^host: 80 bad requests\/frames refused in \d+ ms, host still serving: yes$/);
  });
});
