import { describe, expect, it } from 'vitest';
import { createGracefulQuit } from './gracefulQuit';

function setup(stop: () => Promise<void>) {
  const calls: string[] = [];
  const timers: Array<{ callback: () => void; cancelled: boolean }> = [];
  const onBeforeQuit = createGracefulQuit({
    stop: () => {
      calls.push('stop');
      return stop();
    },
    quit: () => void calls.push('quit'),
    timeoutMs: 5000,
    log: (message) => void calls.push(`log: ${message}`),
    setTimer: (callback) => {
      const timer = { callback, cancelled: false };
      timers.push(timer);
      return () => void (timer.cancelled = true);
    },
  });
  const quitEvent = () => {
    const event = { prevented: false, preventDefault: () => void (event.prevented = true) };
    onBeforeQuit(event);
    return event;
  };
  return { calls, timers, quitEvent };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createGracefulQuit', () => {
  it('holds the first quit until the core has stopped, then quits for real', async () => {
    const { calls, timers, quitEvent } = setup(() => Promise.resolve());
    expect(quitEvent().prevented).toBe(true);
    await settle();
    expect(calls).toEqual(['stop', 'quit']);
    expect(timers[0]?.cancelled).toBe(true);
    expect(quitEvent().prevented).toBe(false);
  });

  it('stops once, however many quits arrive meanwhile', async () => {
    let finish = (): void => undefined;
    const { calls, quitEvent } = setup(() => new Promise<void>((resolve) => (finish = resolve)));
    quitEvent();
    expect(quitEvent().prevented).toBe(true);
    expect(calls).toEqual(['stop']);
    finish();
    await settle();
    expect(calls).toEqual(['stop', 'quit']);
  });

  it('quits anyway when stopping fails, saying why', async () => {
    const { calls, quitEvent } = setup(() => Promise.reject(new Error('port busy')));
    quitEvent();
    await settle();
    expect(calls).toEqual(['stop', 'log: shutdown failed: Error: port busy', 'quit']);
  });

  it('quits anyway when stopping hangs past the time limit, and only once', async () => {
    let finish = (): void => undefined;
    const { calls, timers, quitEvent } = setup(() => new Promise<void>((resolve) => (finish = resolve)));
    quitEvent();
    timers[0]?.callback();
    expect(calls).toEqual(['stop', 'log: shutdown took longer than 5000 ms; quitting anyway', 'quit']);
    finish();
    await settle();
    expect(calls.filter((call) => call === 'quit')).toHaveLength(1);
  });
});
