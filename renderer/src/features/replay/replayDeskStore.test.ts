import { describe, expect, it } from 'vitest';
import { SEQUENCE_TRACKS } from '@shared/contract';
import { setKeyedTracks, useReplayDesk } from './replayDeskStore';

describe('the tracks a keyframe takes', () => {
  it('are every track until the caster picks, then what was ticked, in the track order', () => {
    expect(useReplayDesk.getState().keyedTracks).toEqual(SEQUENCE_TRACKS);
    setKeyedTracks(['fieldOfView', 'playbackSpeed', 'cameraPosition']);
    expect(useReplayDesk.getState().keyedTracks).toEqual(['playbackSpeed', 'cameraPosition', 'fieldOfView']);
    setKeyedTracks(SEQUENCE_TRACKS);
  });
});
