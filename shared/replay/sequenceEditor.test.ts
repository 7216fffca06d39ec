import type { Sequence } from '@shared/contract/replay';
import { describe, expect, it } from 'vitest';
import {
  addKeyframe,
  captureKeyframe,
  captureKeyframes,
  deleteKeyframe,
  editKeyframe,
  keyframeCount,
  sequenceTimeRange,
  sortSequence,
  validateSequence,
  type KeyframeSource,
} from './sequenceEditor';

const snapshot: KeyframeSource = {
  playback: { paused: true, seeking: false, time: 612, speed: 0.5, length: 1800 },
  render: {
    cameraPosition: { x: 1, y: 2, z: 3 },
    fieldOfView: 45,
    depthFogColor: { r: 1, g: 0, b: 0, a: 1 },
  },
};

const camera = (time: number, x = 0) => ({ time, value: { x, y: 0, z: 0 }, blend: 'linear' as const });

function edited<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`expected the edit to succeed: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}

describe('capturing keyframes from the replay', () => {
  it('takes the render value at the current playback time, blending linearly', () => {
    const { sequence, index } = edited(captureKeyframe({}, 'cameraPosition', snapshot));
    expect(sequence).toEqual({
      cameraPosition: [{ time: 612, value: { x: 1, y: 2, z: 3 }, blend: 'linear' }],
    });
    expect(index).toBe(0);
  });

  it('takes playbackSpeed from the playback, with the blend asked for', () => {
    const { sequence } = edited(captureKeyframe({}, 'playbackSpeed', snapshot, 'cubicEaseInOut'));
    expect(sequence.playbackSpeed).toEqual([{ time: 612, value: 0.5, blend: 'cubicEaseInOut' }]);
  });

  it('refuses a track the replay does not report', () => {
    expect(captureKeyframe({}, 'sunDirection', snapshot)).toEqual({
      ok: false,
      error: 'the replay does not report sunDirection, so it cannot be keyframed',
    });
  });
});

describe('keying several tracks at once', () => {
  it('keys every chosen track the replay reports at the same time, and names the ones it does not', () => {
    const captured = edited(
      captureKeyframes({}, ['fieldOfView', 'playbackSpeed', 'cameraPosition', 'sunDirection'], snapshot),
    );
    expect(captured.sequence).toEqual({
      playbackSpeed: [{ time: 612, value: 0.5, blend: 'linear' }],
      cameraPosition: [{ time: 612, value: { x: 1, y: 2, z: 3 }, blend: 'linear' }],
      fieldOfView: [{ time: 612, value: 45, blend: 'linear' }],
    });
    expect(captured.indexes).toEqual({ playbackSpeed: 0, cameraPosition: 0, fieldOfView: 0 });
    expect(captured.skipped).toEqual(['sunDirection']);
  });

  it('places each keyframe among those already on its track, with the blend asked for', () => {
    const before: Sequence = { fieldOfView: [{ time: 700, value: 60, blend: 'linear' }] };
    const captured = edited(captureKeyframes(before, ['fieldOfView'], snapshot, 'smoothStep'));
    expect(captured.sequence.fieldOfView).toEqual([
      { time: 612, value: 45, blend: 'smoothStep' },
      { time: 700, value: 60, blend: 'linear' },
    ]);
    expect(captured.indexes.fieldOfView).toBe(0);
  });

  it('keys nothing, and says why, when no track is chosen or none is reported', () => {
    expect(captureKeyframes({}, [], snapshot)).toEqual({
      ok: false,
      error: 'choose at least one track to keyframe',
    });
    expect(captureKeyframes({}, ['sunDirection', 'heightFogColor'], snapshot)).toEqual({
      ok: false,
      error: 'the replay reports none of sunDirection, heightFogColor, so nothing was keyframed',
    });
  });
});

describe('editing', () => {
  it('keeps tracks sorted, and a keyframe at the same time replaces the old one', () => {
    let sequence: Sequence = {};
    sequence = edited(addKeyframe(sequence, 'cameraPosition', camera(20))).sequence;
    sequence = edited(addKeyframe(sequence, 'cameraPosition', camera(10))).sequence;
    const last = edited(addKeyframe(sequence, 'cameraPosition', camera(20.0004, 9)));
    expect(last.sequence.cameraPosition).toEqual([camera(10), camera(20.0004, 9)]);
    expect(last.index).toBe(1);
  });

  it('refuses a value of the wrong type and leaves the sequence as it was', () => {
    const sequence: Sequence = { fieldOfView: [{ time: 1, value: 45, blend: 'linear' }] };
    const copy = structuredClone(sequence);
    const result = addKeyframe(sequence, 'fieldOfView', { time: 2, value: 'wide', blend: 'linear' });
    expect(result).toMatchObject({ ok: false });
    expect(!result.ok && result.error).toMatch(/^the value does not suit fieldOfView/);
    expect(sequence).toEqual(copy);
  });

  it('moves an edited keyframe to its new place and says where it went', () => {
    const sequence: Sequence = { cameraPosition: [camera(10), camera(20), camera(30)] };
    const result = edited(editKeyframe(sequence, 'cameraPosition', 0, { time: 25, blend: 'bounceEaseOut' }));
    expect(result.sequence.cameraPosition?.map((keyframe) => keyframe.time)).toEqual([20, 25, 30]);
    expect(result.index).toBe(1);
    expect(result.sequence.cameraPosition?.[1]).toEqual({ ...camera(25), blend: 'bounceEaseOut' });
    expect(sequence.cameraPosition?.[0]?.time).toBe(10);
  });

  it('refuses unknown blends, negative times and missing keyframes with clear errors', () => {
    const sequence: Sequence = { cameraPosition: [camera(10)] };
    expect(editKeyframe(sequence, 'cameraPosition', 0, { blend: 'wobble' })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^"wobble" is not a blend; use one of linear, snap/),
    });
    expect(editKeyframe(sequence, 'cameraPosition', 0, { time: -1 })).toEqual({
      ok: false,
      error: 'the time must be a number of seconds, 0 or more',
    });
    expect(editKeyframe(sequence, 'cameraPosition', 3, { time: 1 })).toEqual({
      ok: false,
      error: 'cameraPosition has no keyframe 4',
    });
  });

  it('deletes keyframes, and drops a track left empty so an empty sequence is {}', () => {
    const sequence: Sequence = { cameraPosition: [camera(10), camera(20)], fieldOfView: [] };
    const once = edited(deleteKeyframe(sequence, 'cameraPosition', 0)).sequence;
    expect(once.cameraPosition).toEqual([camera(20)]);
    const twice = edited(deleteKeyframe({ cameraPosition: [camera(20)] }, 'cameraPosition', 0)).sequence;
    expect(twice).toEqual({});
    expect(deleteKeyframe(twice, 'cameraPosition', 0)).toMatchObject({ ok: false });
  });

  it('sorts every track by time, keeping equal times in order', () => {
    const sequence: Sequence = {
      cameraPosition: [camera(30), camera(10, 1), camera(10, 2)],
      fieldOfView: [{ time: 5, value: 1, blend: 'snap' }],
    };
    expect(sortSequence(sequence)).toEqual({
      cameraPosition: [camera(10, 1), camera(10, 2), camera(30)],
      fieldOfView: [{ time: 5, value: 1, blend: 'snap' }],
    });
  });
});

describe('checking a sequence', () => {
  it('finds keyframes after the end of the replay and blends the game does not know', () => {
    const sequence = {
      cameraPosition: [camera(10), camera(700)],
      fieldOfView: [{ time: 1, value: 50, blend: 'easeSomehow' }],
    } as unknown as Sequence;
    expect(validateSequence(sequence, 600)).toEqual([
      { track: 'cameraPosition', index: 1, message: '11:40 is after the end of the replay (10:00)' },
      { track: 'fieldOfView', index: 0, message: expect.stringMatching(/^"easeSomehow" is not a blend/) },
    ]);
    expect(validateSequence({ cameraPosition: [camera(600)] }, 600)).toEqual([]);
  });

  it('spans the first to the last keyframe over all tracks', () => {
    expect(sequenceTimeRange({})).toBeNull();
    const sequence: Sequence = {
      cameraPosition: [camera(30), camera(90)],
      playbackSpeed: [{ time: 12, value: 1, blend: 'linear' }],
    };
    expect(sequenceTimeRange(sequence)).toEqual({ start: 12, end: 90 });
    expect(keyframeCount(sequence)).toBe(3);
  });
});
