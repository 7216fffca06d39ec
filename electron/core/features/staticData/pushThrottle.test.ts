import { describe, expect, it } from 'vitest';
import type { Scheduler } from '../../platform/polling/poller';
import { createPushThrottle } from './pushThrottle';

function manualScheduler() {
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 0;
  const scheduler: Scheduler = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
  };
  const advance = (ms: number): void => {
    now += ms;
    for (const timer of timers.filter((candidate) => candidate.at <= now)) {
      timers = timers.filter((candidate) => candidate !== timer);
      timer.run();
    }
  };
  return { scheduler, advance, pending: () => timers.length };
}

describe('createPushThrottle', () => {
  it('sends the first value at once and then the newest at most once per interval', () => {
    const { scheduler, advance } = manualScheduler();
    const sent: number[] = [];
    const throttle = createPushThrottle<number>(scheduler, 100, (value) => sent.push(value));
    throttle.push(1);
    throttle.push(2);
    throttle.push(3);
    expect(sent).toEqual([1]);
    advance(99);
    expect(sent).toEqual([1]);
    advance(1);
    expect(sent).toEqual([1, 3]);
    for (let i = 4; i < 100; i++) {
      throttle.push(i);
      advance(10);
    }
    // 960 ms of pushes every 10 ms: about ten sends, never two within 100 ms.
    expect(sent.length).toBeLessThanOrEqual(12);
    expect(sent[sent.length - 1]).toBeGreaterThan(90);
  });

  it('flushes what is pending now, and cancel drops it', () => {
    const { scheduler, advance, pending } = manualScheduler();
    const sent: string[] = [];
    const throttle = createPushThrottle<string>(scheduler, 100, (value) => sent.push(value));
    throttle.push('a');
    throttle.push('b');
    throttle.flush();
    expect(sent).toEqual(['a', 'b']);
    expect(pending()).toBe(0);
    throttle.push('c');
    throttle.cancel();
    advance(500);
    expect(sent).toEqual(['a', 'b']);
  });
});
