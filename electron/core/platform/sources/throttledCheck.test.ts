import { describe, expect, it } from 'vitest';
import { createThrottledCheck } from './throttledCheck';

describe('createThrottledCheck', () => {
  it('checks at most once per interval and answers from the last check in between', async () => {
    let calls = 0;
    const check = createThrottledCheck(async () => ++calls, 5000);
    expect(await check.get(0)).toBe(1);
    expect(await check.get(4999)).toBe(1);
    expect(await check.get(5000)).toBe(2);
    check.reset();
    expect(await check.get(5001)).toBe(3);
    // A clock that went back does not keep an answer forever.
    expect(await check.get(10)).toBe(4);
  });
});
