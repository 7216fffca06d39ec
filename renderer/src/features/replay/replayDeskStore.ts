import { create } from 'zustand';
import { SEQUENCE_TRACKS, type Sequence, type SequenceTrack } from '@shared/contract';
import { DEFAULT_RECORDING_FORM, type RecordingForm } from './recordingPlan';

/**
 * What the caster is working on but has not sent: the sequence being edited and the recording form.
 * It outlives page changes (the Status page and back), so a draft is never lost by navigating.
 */
export interface ReplayDeskState {
  sequence: Sequence;
  /** The name it was loaded or saved under; '' for a new sequence. */
  sequenceName: string;
  selectedTrack: SequenceTrack;
  /** Index of the selected keyframe on the selected track. */
  selectedKeyframe: number | null;
  recordingForm: RecordingForm;
  /** The tracks "+ Keyframe from current state" keys: every one until the caster picks (kept for the session). */
  keyedTracks: readonly SequenceTrack[];
}

export const useReplayDesk = create<ReplayDeskState>()(() => ({
  sequence: {},
  sequenceName: '',
  selectedTrack: 'cameraPosition',
  selectedKeyframe: null,
  recordingForm: DEFAULT_RECORDING_FORM,
  keyedTracks: SEQUENCE_TRACKS,
}));

export function setDraftSequence(
  sequence: Sequence,
  selected?: { track: SequenceTrack; index: number | null },
): void {
  useReplayDesk.setState(
    selected ? { sequence, selectedTrack: selected.track, selectedKeyframe: selected.index } : { sequence },
  );
}

export function selectKeyframe(track: SequenceTrack, index: number | null): void {
  useReplayDesk.setState({ selectedTrack: track, selectedKeyframe: index });
}

export function replaceDraft(sequence: Sequence, name: string): void {
  useReplayDesk.setState({ sequence, sequenceName: name, selectedKeyframe: null });
}

export function setSequenceName(sequenceName: string): void {
  useReplayDesk.setState({ sequenceName });
}

export function updateRecordingForm(changes: Partial<RecordingForm>): void {
  useReplayDesk.setState((state) => ({ recordingForm: { ...state.recordingForm, ...changes } }));
}

/** Keeps the contract's track order, whatever order they were ticked in. */
export function setKeyedTracks(tracks: readonly SequenceTrack[]): void {
  useReplayDesk.setState({ keyedTracks: SEQUENCE_TRACKS.filter((track) => tracks.includes(track)) });
}
