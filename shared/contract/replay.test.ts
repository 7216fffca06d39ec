import { describe, expect, it } from 'vitest';
import {
  BLEND_NAMES,
  playbackPatchSchema,
  playbackSchema,
  recordingStartSchema,
  renderPatchSchema,
  renderSchema,
  replayRequestInputSchemas,
  RENDER_FIELD_GROUPS,
  SEQUENCE_TRACKS,
  sequenceInputSchema,
  sequenceSchema,
  trackValueSchema,
} from './replay';

describe('replay resources', () => {
  it('has the 34 blends of the game and its 29 sequence tracks', () => {
    expect(BLEND_NAMES).toHaveLength(34);
    expect(new Set(BLEND_NAMES).size).toBe(34);
    expect(SEQUENCE_TRACKS).toHaveLength(29);
  });

  it('groups every render field exactly once', () => {
    const grouped = Object.values(RENDER_FIELD_GROUPS).flat();
    expect(new Set(grouped).size).toBe(grouped.length);
    expect(grouped.toSorted()).toEqual(Object.keys(renderSchema.shape).toSorted());
  });

  it('reads a playback from a game that sends more than we know, and an old one without seeking', () => {
    expect(playbackSchema.parse({ paused: true, time: 1, speed: 1, length: 2, future: 1 })).toEqual({
      paused: true,
      seeking: false,
      time: 1,
      speed: 1,
      length: 2,
    });
  });

  it('reads a partial render, but not a wrong type', () => {
    expect(renderSchema.parse({ fogOfWar: false, newToggle: true })).toEqual({ fogOfWar: false });
    expect(renderSchema.safeParse({ cameraMode: 'drone' }).success).toBe(false);
  });

  it('checks what a caster sends strictly', () => {
    expect(playbackPatchSchema.safeParse({ length: 5 }).success).toBe(false);
    expect(playbackPatchSchema.safeParse({ speed: 0 }).success).toBe(false);
    expect(playbackPatchSchema.safeParse({ time: -1 }).success).toBe(false);
    expect(renderPatchSchema.safeParse({ fogofwar: false }).success).toBe(false);
    expect(sequenceInputSchema.safeParse({ camera: [] }).success).toBe(false);
    expect(sequenceSchema.parse({ camera: [] })).toEqual({});
    expect(replayRequestInputSchemas['replay.sequence.clear'].safeParse({ x: 1 }).success).toBe(false);
  });

  it('types each track value', () => {
    expect(trackValueSchema('selectionName').safeParse('Ahri').success).toBe(true);
    expect(trackValueSchema('cameraPosition').safeParse({ x: 1, y: 2 }).success).toBe(false);
    expect(trackValueSchema('heightFogColor').safeParse({ r: 1, g: 1, b: 1, a: 1 }).success).toBe(true);
    expect(trackValueSchema('depthFogEnabled').safeParse(1).success).toBe(false);
  });

  it('fills recording defaults and refuses an empty range', () => {
    expect(recordingStartSchema.parse({ path: 'a.webm', startTime: 10, endTime: 20 })).toEqual({
      codec: 'webm',
      path: 'a.webm',
      startTime: 10,
      endTime: 20,
      framesPerSecond: 60,
      enforceFrameRate: true,
      lossless: false,
    });
    const empty = recordingStartSchema.safeParse({ path: 'a.webm', startTime: 20, endTime: 20 });
    expect(empty.error?.issues[0]).toMatchObject({
      path: ['endTime'],
      message: 'the end time must be after the start time',
    });
    expect(recordingStartSchema.safeParse({ path: '', startTime: 0, endTime: 1 }).success).toBe(false);
  });
});
