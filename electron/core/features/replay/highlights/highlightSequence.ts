import type { HighlightClip } from '@shared/contract/highlights';
import type { Keyframe, Sequence, Vector3 } from '@shared/contract/replay';

/** The camera switches to the next moment's player this many seconds ahead of it, so the lead-up is seen. */
export const FOLLOW_LEAD_SECONDS = 3;
/** Behind and above the followed player: wide on the way in and out, closer at each moment. */
export const WIDE_OFFSET: Vector3 = { x: 0, y: 1900, z: -1400 };
export const CLOSE_OFFSET: Vector3 = { x: 0, y: 1250, z: -900 };
/** Eases in and out of each keyframe, so the camera glides between distances instead of jumping. */
export const CAMERA_BLEND = 'smootherStep' as const;

/**
 * The clip as a sequence the game plays: the camera follows each moment's player (`selectionName`, switched
 * FOLLOW_LEAD_SECONDS ahead of the moment) from a distance that eases in at each moment and out at the
 * end (`selectionOffset`). A clip with no player to follow leaves the camera to the caster: `{}`.
 */
export function clipSequence(clip: HighlightClip): Sequence {
  const followed = clip.moments.filter((moment) => moment.follow !== null);
  if (followed.length === 0) return {};
  const selectionName: Keyframe<'selectionName'>[] = [];
  for (const moment of followed) {
    const at =
      selectionName.length === 0 ? clip.start : Math.max(clip.start, moment.time - FOLLOW_LEAD_SECONDS);
    const previous = selectionName.at(-1);
    if (previous?.value === moment.follow) continue;
    // Two switches at one time: the later moment's player wins.
    if (previous && previous.time >= at) selectionName.pop();
    selectionName.push({ time: at, value: moment.follow ?? '', blend: 'snap' });
  }
  const selectionOffset: Keyframe<'selectionOffset'>[] = [
    { time: clip.start, value: WIDE_OFFSET, blend: CAMERA_BLEND },
  ];
  for (const moment of followed) {
    const time = Math.min(Math.max(moment.time, clip.start), clip.end);
    if (time > (selectionOffset.at(-1)?.time ?? clip.start)) {
      selectionOffset.push({ time, value: CLOSE_OFFSET, blend: CAMERA_BLEND });
    }
  }
  selectionOffset.push({ time: clip.end, value: WIDE_OFFSET, blend: CAMERA_BLEND });
  return { selectionName, selectionOffset };
}
