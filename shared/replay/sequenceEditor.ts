import { formatGameTime } from '@shared/contract';
import {
  BLEND_NAMES,
  SEQUENCE_TRACKS,
  trackValueSchema,
  type BlendName,
  type Keyframe,
  type Playback,
  type Render,
  type Sequence,
  type SequenceTrack,
} from '@shared/contract/replay';
import type { z } from 'zod';

/**
 * The sequencer's edits as pure functions: each returns a new sequence (tracks sorted by time) or an
 * error, and never changes the one it was given, so a rejected edit loses nothing.
 */

export type SequenceEdit = { ok: true; sequence: Sequence } | { ok: false; error: string };
/** `index` is where the edited keyframe sits after sorting, so a view can keep it selected. */
export type KeyframeEdit = { ok: true; sequence: Sequence; index: number } | { ok: false; error: string };

/** Keyframes closer than this on one track are the same moment: adding one there replaces the other. */
const SAME_TIME_SECONDS = 0.001;

/** What keyframes are taken from: the replay's playback and render at one moment (a `ReplaySnapshot`). */
export interface KeyframeSource {
  playback: Playback;
  render: Render;
}

/** The current value a track animates: playback speed for `playbackSpeed`, else the render field of that name. */
export function currentTrackValue(track: SequenceTrack, source: KeyframeSource): unknown {
  return track === 'playbackSpeed' ? source.playback.speed : source.render[track];
}

/** A keyframe of the track's current value at the current playback time (League Director's createKeyframe). */
export function captureKeyframe(
  sequence: Sequence,
  track: SequenceTrack,
  source: KeyframeSource,
  blend: BlendName = 'linear',
): KeyframeEdit {
  const value = currentTrackValue(track, source);
  if (value === undefined) return failure(`the replay does not report ${track}, so it cannot be keyframed`);
  return addKeyframe(sequence, track, { time: source.playback.time, value, blend });
}

export type KeyframesCapture =
  | {
      ok: true;
      sequence: Sequence;
      /** Where each keyed track's new keyframe sits after sorting. */
      indexes: Partial<Record<SequenceTrack, number>>;
      /** Tracks the replay does not report (an older patch): left as they were. */
      skipped: SequenceTrack[];
    }
  | { ok: false; error: string };

/**
 * Keys every given track at once, at the same moment (League Director's "key all"): each track's current
 * value at the current playback time. A track the replay does not report is skipped and named, not an
 * error; keying nothing at all is one, and then the sequence is left as it was.
 */
export function captureKeyframes(
  sequence: Sequence,
  tracks: readonly SequenceTrack[],
  source: KeyframeSource,
  blend: BlendName = 'linear',
): KeyframesCapture {
  if (tracks.length === 0) return failure('choose at least one track to keyframe');
  let next = sequence;
  const indexes: Partial<Record<SequenceTrack, number>> = {};
  const skipped: SequenceTrack[] = [];
  for (const track of SEQUENCE_TRACKS.filter((name) => tracks.includes(name))) {
    if (currentTrackValue(track, source) === undefined) {
      skipped.push(track);
      continue;
    }
    const edit = captureKeyframe(next, track, source, blend);
    if (!edit.ok) return failure(`${track}: ${edit.error}`);
    next = edit.sequence;
    indexes[track] = edit.index;
  }
  if (Object.keys(indexes).length === 0)
    return failure(`the replay reports none of ${skipped.join(', ')}, so nothing was keyframed`);
  return { ok: true, sequence: next, indexes, skipped };
}

export function addKeyframe(
  sequence: Sequence,
  track: SequenceTrack,
  keyframe: { time: number; value: unknown; blend: string },
): KeyframeEdit {
  const checked = checkKeyframe(track, keyframe);
  if (!checked.ok) return checked;
  const kept = (sequence[track] ?? []).filter((other) => !sameTime(other.time, checked.keyframe.time));
  return placed(sequence, track, [...kept, checked.keyframe], checked.keyframe);
}

export function editKeyframe(
  sequence: Sequence,
  track: SequenceTrack,
  index: number,
  changes: { time?: number; value?: unknown; blend?: string },
): KeyframeEdit {
  const keyframes: Keyframe[] = sequence[track] ?? [];
  const current = keyframes[index];
  if (!current) return failure(`${track} has no keyframe ${index + 1}`);
  const checked = checkKeyframe(track, { ...current, ...definedOnly(changes) });
  if (!checked.ok) return checked;
  const next = keyframes.map((keyframe, at) => (at === index ? checked.keyframe : keyframe));
  return placed(sequence, track, next, checked.keyframe);
}

/** Removes a keyframe; a track left empty is dropped, so a sequence with no keyframes is `{}`. */
export function deleteKeyframe(sequence: Sequence, track: SequenceTrack, index: number): SequenceEdit {
  const keyframes: Keyframe[] = sequence[track] ?? [];
  if (!keyframes[index]) return failure(`${track} has no keyframe ${index + 1}`);
  return { ok: true, sequence: withTrack(sequence, track, keyframes.toSpliced(index, 1)) };
}

/** Every track ordered by time; keyframes at the same time keep their order. */
export function sortSequence(sequence: Sequence): Sequence {
  const sorted: Record<string, Keyframe[]> = {};
  for (const [track, keyframes] of trackEntries(sequence)) sorted[track] = byTime(keyframes);
  return sorted as Sequence;
}

export interface SequenceProblem {
  track: SequenceTrack;
  index: number;
  message: string;
}

/** Everything that would stop the game applying the sequence as the caster means it. */
export function validateSequence(sequence: Sequence, replayLength: number): SequenceProblem[] {
  const problems: SequenceProblem[] = [];
  for (const [track, keyframes] of trackEntries(sequence)) {
    keyframes.forEach((keyframe, index) => {
      const checked = checkKeyframe(track, keyframe);
      if (!checked.ok) problems.push({ track, index, message: checked.error });
      else if (keyframe.time > replayLength) {
        const when = formatGameTime(keyframe.time);
        problems.push({
          track,
          index,
          message: `${when} is after the end of the replay (${formatGameTime(replayLength)})`,
        });
      }
    });
  }
  return problems;
}

/** First and last keyframe time over all tracks (the range "record sequence" records); null when empty. */
export function sequenceTimeRange(sequence: Sequence): { start: number; end: number } | null {
  const times = trackEntries(sequence).flatMap(([, keyframes]) => keyframes.map((keyframe) => keyframe.time));
  if (times.length === 0) return null;
  return { start: Math.min(...times), end: Math.max(...times) };
}

export function keyframeCount(sequence: Sequence): number {
  return trackEntries(sequence).reduce((count, [, keyframes]) => count + keyframes.length, 0);
}

// ---------------------------------------------------------------------------------------------------

type CheckedKeyframe = { ok: true; keyframe: Keyframe } | { ok: false; error: string };

function checkKeyframe(track: SequenceTrack, keyframe: unknown): CheckedKeyframe {
  if (typeof keyframe !== 'object' || keyframe === null) return failure('a keyframe must be an object');
  const { time, value, blend } = keyframe as Record<string, unknown>;
  if (typeof time !== 'number' || !Number.isFinite(time) || time < 0) {
    return failure('the time must be a number of seconds, 0 or more');
  }
  if (typeof blend !== 'string' || !(BLEND_NAMES as readonly string[]).includes(blend)) {
    return failure(`"${String(blend)}" is not a blend; use one of ${BLEND_NAMES.join(', ')}`);
  }
  const checkedValue = trackValueSchema(track).safeParse(value);
  if (!checkedValue.success)
    return failure(`the value does not suit ${track}: ${describeIssue(checkedValue.error)}`);
  return { ok: true, keyframe: { time, value: checkedValue.data, blend } as Keyframe };
}

function placed(
  sequence: Sequence,
  track: SequenceTrack,
  keyframes: Keyframe[],
  keyframe: Keyframe,
): KeyframeEdit {
  const sorted = byTime(keyframes);
  return { ok: true, sequence: withTrack(sequence, track, sorted), index: sorted.indexOf(keyframe) };
}

function withTrack(sequence: Sequence, track: SequenceTrack, keyframes: Keyframe[]): Sequence {
  const others = Object.entries(sequence).filter(([name]) => name !== track);
  return Object.fromEntries(keyframes.length === 0 ? others : [...others, [track, keyframes]]) as Sequence;
}

/** The tracks that have keyframes, in the contract's track order. */
function trackEntries(sequence: Sequence): Array<[SequenceTrack, Keyframe[]]> {
  const entries: Array<[SequenceTrack, Keyframe[]]> = [];
  for (const track of SEQUENCE_TRACKS) {
    const keyframes = sequence[track];
    if (keyframes) entries.push([track, keyframes]);
  }
  return entries;
}

const byTime = (keyframes: readonly Keyframe[]): Keyframe[] => keyframes.toSorted((a, b) => a.time - b.time);

const sameTime = (a: number, b: number): boolean => Math.abs(a - b) < SAME_TIME_SECONDS;

function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function failure(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}
