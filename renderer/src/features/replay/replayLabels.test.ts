import { describe, expect, it } from 'vitest';
import { SEQUENCE_TRACKS } from '@shared/contract';
import { CAMERA_SHOT_TRACKS, TRACK_GROUPS } from './replayLabels';

describe('the track groups of the keyframe picker', () => {
  it('name every sequencer track exactly once, so "all" can be ticked group by group', () => {
    const grouped = TRACK_GROUPS.flatMap((group) => group.tracks);
    expect(grouped.toSorted()).toEqual([...SEQUENCE_TRACKS].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('a camera shot is tracks of the camera group', () => {
    const camera = TRACK_GROUPS.find((group) => group.id === 'camera')?.tracks ?? [];
    for (const track of CAMERA_SHOT_TRACKS) expect(camera).toContain(track);
  });
});
