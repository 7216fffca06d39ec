import { describe, expect, it } from 'vitest';
import type { HighlightClip, HighlightMoment } from '@shared/contract/highlights';
import { sequenceSchema } from '@shared/contract/replay';
import {
  CAMERA_BLEND,
  CLOSE_OFFSET,
  clipSequence,
  FOLLOW_LEAD_SECONDS,
  WIDE_OFFSET,
} from './highlightSequence';

const moment = (time: number, follow: string | null): HighlightMoment => ({
  time,
  kind: 'kills',
  label: `at ${time}`,
  follow,
});
const clip = (start: number, end: number, moments: HighlightMoment[]): HighlightClip => ({
  id: 'clip',
  start,
  end,
  moments,
});

describe('a clip’s sequence', () => {
  it('follows the first moment’s player from the start and switches ahead of the next one’s', () => {
    const sequence = clipSequence(clip(92, 114, [moment(100, 'Sightline'), moment(110, 'BlindMonk')]));
    expect(sequence.selectionName).toEqual([
      { time: 92, value: 'Sightline', blend: 'snap' },
      { time: 110 - FOLLOW_LEAD_SECONDS, value: 'BlindMonk', blend: 'snap' },
    ]);
    expect(sequenceSchema.parse(sequence)).toEqual(sequence);
  });

  it('eases the camera in at each moment and out at the end, with a blend between keyframes', () => {
    const sequence = clipSequence(clip(92, 114, [moment(100, 'Sightline'), moment(110, 'BlindMonk')]));
    expect(sequence.selectionOffset).toEqual([
      { time: 92, value: WIDE_OFFSET, blend: CAMERA_BLEND },
      { time: 100, value: CLOSE_OFFSET, blend: CAMERA_BLEND },
      { time: 110, value: CLOSE_OFFSET, blend: CAMERA_BLEND },
      { time: 114, value: WIDE_OFFSET, blend: CAMERA_BLEND },
    ]);
  });

  it('keeps following one player through moments of the same player', () => {
    const sequence = clipSequence(clip(10, 30, [moment(18, 'Sightline'), moment(22, 'Sightline')]));
    expect(sequence.selectionName).toEqual([{ time: 10, value: 'Sightline', blend: 'snap' }]);
  });

  it('leaves the camera to the caster when no moment has a player to follow', () => {
    expect(clipSequence(clip(10, 30, [moment(18, null)]))).toEqual({});
  });
});
