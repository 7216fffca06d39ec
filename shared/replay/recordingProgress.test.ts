import { describe, expect, it } from 'vitest';
import type { Recording } from '@shared/contract/replay';
import { recordingPercent, recordingRisks } from './recordingProgress';

const recording = (
  fields: Partial<Recording> = {},
): Pick<Recording, 'startTime' | 'endTime' | 'currentTime'> => ({
  startTime: 100,
  endTime: 200,
  currentTime: 100,
  ...fields,
});

describe('recording progress', () => {
  it('runs from 0 at startTime to 100 at endTime, clamped', () => {
    expect(recordingPercent(recording({ currentTime: 100 }))).toBe(0);
    expect(recordingPercent(recording({ currentTime: 125 }))).toBe(25);
    expect(recordingPercent(recording({ currentTime: 200 }))).toBe(100);
    expect(recordingPercent(recording({ currentTime: 90 }))).toBe(0);
    expect(recordingPercent(recording({ currentTime: 250 }))).toBe(100);
  });

  it('is 0 for an empty range rather than dividing by zero', () => {
    expect(recordingPercent(recording({ startTime: 0, endTime: 0, currentTime: 0 }))).toBe(0);
  });
});

describe('recording risks', () => {
  it('warns about playback-speed keyframes, which stop recordings early', () => {
    expect(recordingRisks({})).toEqual([]);
    expect(recordingRisks({ playbackSpeed: [] })).toEqual([]);
    expect(recordingRisks({ playbackSpeed: [{ time: 1, value: 2, blend: 'linear' }] })).toEqual([
      expect.stringMatching(/playback speed/),
    ]);
  });
});
