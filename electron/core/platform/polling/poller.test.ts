import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clampTimerDelay, createPoller, MAX_TIMER_DELAY_MS, realScheduler, type PollResult } from './poller';

describe('createPoller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function startPoller(results: PollResult[], cycleMs = 0) {
    const starts: number[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const poller = createPoller({
      intervalMs: 1000,
      maxIdleIntervalMs: 5000,
      scheduler: realScheduler,
      onError: () => undefined,
      cycle: async () => {
        starts.push(Date.now());
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, cycleMs));
        inFlight -= 1;
        return results.shift() ?? 'active';
      },
    });
    poller.start();
    return { poller, starts, maxInFlight: () => maxInFlight };
  }

  it('never starts two cycles less than the interval apart', async () => {
    const { poller, starts } = startPoller([], 300);
    await vi.advanceTimersByTimeAsync(10_000);
    poller.stop();
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] ?? 0));
    expect(gaps.length).toBeGreaterThanOrEqual(9);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000);
  });

  it('keeps one cycle in flight even when a cycle is slower than the interval', async () => {
    const { poller, starts, maxInFlight } = startPoller([], 2500);
    await vi.advanceTimersByTimeAsync(10_000);
    poller.stop();
    expect(maxInFlight()).toBe(1);
    expect(starts.length).toBeLessThanOrEqual(5);
  });

  it('backs off while idle, up to the maximum, and returns to the base rate when active', async () => {
    const { poller, starts } = startPoller(['idle', 'idle', 'idle', 'idle', 'idle', 'active', 'active']);
    await vi.advanceTimersByTimeAsync(30_000);
    poller.stop();
    const gaps = starts.slice(1, 8).map((t, i) => t - (starts[i] ?? 0));
    expect(gaps).toEqual([1000, 2000, 4000, 5000, 5000, 1000, 1000]);
  });

  it('stops scheduling after stop()', async () => {
    const { poller, starts } = startPoller([]);
    await vi.advanceTimersByTimeAsync(2500);
    poller.stop();
    const count = starts.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(starts.length).toBe(count);
  });
});

describe('realScheduler', () => {
  it('clamps every delay to what a Node timer can hold: no TimeoutOverflowWarning, no 1 ms spin', async () => {
    expect(MAX_TIMER_DELAY_MS).toBe(2 ** 31 - 1);
    expect([Number.NaN, -5, 0, 1500, 2 ** 31, 99_999_999_999_000, Infinity].map(clampTimerDelay)).toEqual([
      0,
      0,
      0,
      1500,
      MAX_TIMER_DELAY_MS,
      MAX_TIMER_DELAY_MS,
      MAX_TIMER_DELAY_MS,
    ]);

    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning.name);
    process.on('warning', onWarning);
    let fired = false;
    const handle = realScheduler.setTimeout(() => (fired = true), 99_999_999_999_000);
    // Node reports an overflowing delay on the next tick and runs the timer after 1 ms.
    await new Promise((resolve) => setTimeout(resolve, 30));
    realScheduler.clearTimeout(handle);
    process.off('warning', onWarning);
    expect(warnings).not.toContain('TimeoutOverflowWarning');
    expect(fired).toBe(false);
  });
});
