import { recordingRisks } from '@shared/replay/recordingProgress';
import {
  recordingStartSchema,
  type RecordingCodec,
  type RecordingStart,
  type Sequence,
} from '@shared/contract';
import { sequenceTimeRange } from '@shared/replay/sequenceEditor';
import { formatTimecode, parseTimecode } from './timecode';

/** The recording form as typed, and the start request it makes (or every reason it cannot). */
export interface RecordingForm {
  codec: RecordingCodec;
  /** As typed, so a half-typed number is not lost. */
  framesPerSecond: string;
  lossless: boolean;
  /** "sequence": record exactly the sequence's first to last keyframe (League Director's "Record Sequence"). */
  range: 'manual' | 'sequence';
  start: string;
  end: string;
  path: string;
}

export const DEFAULT_RECORDING_FORM: RecordingForm = {
  codec: 'webm',
  framesPerSecond: '60',
  lossless: false,
  range: 'manual',
  start: '',
  end: '',
  path: '',
};

export type RecordingPlan = { ok: true; start: RecordingStart } | { ok: false; problems: string[] };

export function planRecording(
  form: RecordingForm,
  sequence: Sequence,
  replayLength: number | null,
): RecordingPlan {
  const problems: string[] = [];
  const range = recordingRange(form, sequence);
  if (!range.ok) problems.push(range.error);
  else if (replayLength !== null && range.end > replayLength + 0.001) {
    problems.push(
      `the end (${formatTimecode(range.end)}) is after the end of the replay (${formatTimecode(replayLength)})`,
    );
  }
  const framesPerSecond = Number(form.framesPerSecond.trim());
  if (form.framesPerSecond.trim() === '' || !Number.isInteger(framesPerSecond)) {
    problems.push('frames per second must be a whole number');
  }
  const parsed = recordingStartSchema.safeParse({
    codec: form.codec,
    path: form.path.trim(),
    startTime: range.ok ? range.start : 0,
    endTime: range.ok ? range.end : 1,
    framesPerSecond: Number.isInteger(framesPerSecond) ? framesPerSecond : 60,
    lossless: form.lossless,
    enforceFrameRate: true,
  });
  if (!parsed.success) problems.push(...parsed.error.issues.map((issue) => issue.message));
  if (problems.length > 0 || !parsed.success) return { ok: false, problems: [...new Set(problems)] };
  return { ok: true, start: parsed.data };
}

type Range = { ok: true; start: number; end: number } | { ok: false; error: string };

function recordingRange(form: RecordingForm, sequence: Sequence): Range {
  if (form.range === 'sequence') {
    const range = sequenceTimeRange(sequence);
    if (!range) return { ok: false, error: 'the sequence has no keyframes to take the range from' };
    if (range.end <= range.start)
      return { ok: false, error: 'the sequence needs keyframes at two different times' };
    return { ok: true, ...range };
  }
  const start = parseTimecode(form.start);
  if (!start.ok) return { ok: false, error: `start: ${start.error}` };
  const end = parseTimecode(form.end);
  if (!end.ok) return { ok: false, error: `end: ${end.error}` };
  return { ok: true, start: start.seconds, end: end.seconds };
}

/** Known ways a recording fails, to say before it starts (League Director #5). */
export function recordingWarnings(form: RecordingForm, sequence: Sequence): string[] {
  return form.range === 'sequence' ? recordingRisks(sequence) : [];
}
