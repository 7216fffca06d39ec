import { describe, expect, it } from 'vitest';
import { playbackAt, playbackTimeAt, type PlaybackSample } from './playbackClock';

const sample = (playback: Partial<PlaybackSample['playback']>, sampledAt = 10_000): PlaybackSample => ({
  playback: { paused: false, seeking: false, time: 100, speed: 1, length: 600, ...playback },
  sampledAt,
});

describe('playback time between polls', () => {
  it('moves by elapsed time times speed while playing', () => {
    expect(playbackTimeAt(sample({}), 10_400)).toBeCloseTo(100.4, 9);
    expect(playbackTimeAt(sample({ speed: 2 }), 10_400)).toBeCloseTo(100.8, 9);
    expect(playbackTimeAt(sample({ speed: 0.25 }), 12_000)).toBeCloseTo(100.5, 9);
  });

  it('stands still while paused or seeking', () => {
    expect(playbackTimeAt(sample({ paused: true }), 20_000)).toBe(100);
    expect(playbackTimeAt(sample({ seeking: true }), 20_000)).toBe(100);
  });

  it('stops at the end of the replay', () => {
    expect(playbackTimeAt(sample({ time: 599.9, speed: 8 }), 11_000)).toBe(600);
  });

  it('never runs backwards when the clock is behind the sample', () => {
    expect(playbackTimeAt(sample({}), 9_000)).toBe(100);
  });

  it('gives the whole playback at that moment', () => {
    expect(playbackAt(sample({ speed: 2 }), 10_500)).toEqual({
      paused: false,
      seeking: false,
      time: 101,
      speed: 2,
      length: 600,
    });
  });
});
