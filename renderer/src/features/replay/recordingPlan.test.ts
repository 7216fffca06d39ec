import { describe, expect, it } from 'vitest';
import type { Sequence } from '@shared/contract';
import {
  DEFAULT_RECORDING_FORM,
  planRecording,
  recordingWarnings,
  type RecordingForm,
} from './recordingPlan';

const form = (changes: Partial<RecordingForm>): RecordingForm => ({
  ...DEFAULT_RECORDING_FORM,
  path: 'C:\\Videos\\clip.webm',
  start: '1:00',
  end: '1:30',
  ...changes,
});

const sequence: Sequence = {
  fieldOfView: [
    { time: 100, value: 45, blend: 'linear' },
    { time: 130.5, value: 60, blend: 'smoothStep' },
  ],
};

describe('planRecording', () => {
  it('turns a manual range into the start request, with the frame rate enforced', () => {
    expect(planRecording(form({ framesPerSecond: '30', lossless: true }), {}, 1800)).toEqual({
      ok: true,
      start: {
        codec: 'webm',
        path: 'C:\\Videos\\clip.webm',
        startTime: 60,
        endTime: 90,
        framesPerSecond: 30,
        enforceFrameRate: true,
        lossless: true,
      },
    });
  });

  it("takes the sequence's first and last keyframe as the range", () => {
    const plan = planRecording(form({ range: 'sequence', start: '', end: '' }), sequence, 1800);
    expect(plan).toMatchObject({ ok: true, start: { startTime: 100, endTime: 130.5 } });
  });

  it('lists every problem at once, in words', () => {
    const plan = planRecording(form({ path: ' ', end: '0:30', framesPerSecond: '2.5' }), {}, 1800);
    expect(plan).toEqual({
      ok: false,
      problems: [
        'frames per second must be a whole number',
        'choose where the recording is saved',
        'the end time must be after the start time',
      ],
    });
  });

  it('refuses a range past the end of the replay, an unreadable time and an empty sequence', () => {
    expect(planRecording(form({ end: '31:00' }), {}, 1800)).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('after the end of the replay (30:00)')],
    });
    expect(planRecording(form({ start: 'soon' }), {}, null)).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('start: "soon" is not a time')],
    });
    expect(planRecording(form({ range: 'sequence' }), {}, 1800)).toMatchObject({
      ok: false,
      problems: ['the sequence has no keyframes to take the range from'],
    });
  });
});

describe('recordingWarnings', () => {
  it('warns when a recorded sequence changes playback speed', () => {
    const withSpeed: Sequence = { ...sequence, playbackSpeed: [{ time: 100, value: 0.5, blend: 'linear' }] };
    expect(recordingWarnings(form({ range: 'sequence' }), withSpeed)).toHaveLength(1);
    expect(recordingWarnings(form({ range: 'manual' }), withSpeed)).toEqual([]);
    expect(recordingWarnings(form({ range: 'sequence' }), sequence)).toEqual([]);
  });
});
