import { describe, expect, it } from 'vitest';
import { createTaskLimiter } from './taskLimiter';

describe('createTaskLimiter', () => {
  it('never runs more than the limit, and runs everything', async () => {
    const limiter = createTaskLimiter(3);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limiter.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, (i * 7) % 5));
          running -= 1;
          done.push(i);
        }),
      ),
    );
    expect(most).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('frees the slot of a task that throws', async () => {
    const limiter = createTaskLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limiter.run(async () => 'next')).resolves.toBe('next');
  });

  it('refuses a limit below one', () => {
    expect(() => createTaskLimiter(0)).toThrow(RangeError);
  });
});
