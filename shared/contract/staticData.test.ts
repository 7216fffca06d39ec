import { describe, expect, it } from 'vitest';
import { packProgressText } from './staticData';

describe('packProgressText', () => {
  it('says bytes, rate and time left as far as they are known', () => {
    const progress = {
      phase: 'downloading' as const,
      bytesDone: 3 * 1024 * 1024,
      bytesTotal: 40 * 1024 * 1024,
      bytesPerSecond: 2 * 1024 * 1024,
      secondsLeft: 18.5,
    };
    expect(packProgressText(progress)).toBe('3 MB of 40 MB  2 MB/s  19 s left');
    expect(packProgressText({ ...progress, secondsLeft: 200 })).toBe(
      '3 MB of 40 MB  2 MB/s  3 min 20 s left',
    );
    expect(packProgressText({ ...progress, secondsLeft: 3900 })).toBe(
      '3 MB of 40 MB  2 MB/s  1 h 5 min left',
    );
    expect(packProgressText({ ...progress, bytesTotal: null, bytesPerSecond: null, secondsLeft: null })).toBe(
      '3 MB',
    );
  });
});
