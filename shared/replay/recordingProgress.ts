import type { Recording, Sequence } from '@shared/contract/replay';

/** Percent of the range rendered, 0–100: the game's currentTime between startTime and endTime. */
export function recordingPercent(
  recording: Pick<Recording, 'startTime' | 'endTime' | 'currentTime'>,
): number {
  const span = recording.endTime - recording.startTime;
  if (!(span > 0)) return 0;
  return Math.min(100, Math.max(0, ((recording.currentTime - recording.startTime) / span) * 100));
}

/** Known causes of failed recordings in a sequence, to say before recording starts (League Director #5). */
export function recordingRisks(sequence: Sequence): string[] {
  if ((sequence.playbackSpeed?.length ?? 0) === 0) return [];
  return [
    'The sequence changes playback speed; the game is known to stop such recordings early without a file. ' +
      'If that happens, record without the playbackSpeed keyframes.',
  ];
}
