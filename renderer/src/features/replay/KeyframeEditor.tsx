import { useState } from 'react';
import {
  BLEND_NAMES,
  SEQUENCE_TRACKS,
  type BlendName,
  type Keyframe,
  type SequenceTrack,
} from '@shared/contract';
import {
  captureKeyframes,
  deleteKeyframe,
  editKeyframe,
  type KeyframeEdit,
} from '@shared/replay/sequenceEditor';
import { CommitInput } from './CommitInput';
import { KeyedTracksPicker } from './KeyedTracksPicker';
import { KeyframeValueInput } from './KeyframeValueInput';
import { selectKeyframe, setDraftSequence, useReplayDesk } from './replayDeskStore';
import { blendLabel, TRACK_LABELS } from './replayLabels';
import { formatTimecode, parseTimecode } from './timecode';
import { useContractMutation } from '../../state/contractQueries';
import { useReplayConnected, useReplayState } from './useReplay';

/** The selected track's keyframes: add from what the replay shows now, and edit time, value and blend. */
export function KeyframeEditor() {
  const sequence = useReplayDesk((state) => state.sequence);
  const track = useReplayDesk((state) => state.selectedTrack);
  const selected = useReplayDesk((state) => state.selectedKeyframe);
  const keyedTracks = useReplayDesk((state) => state.keyedTracks);
  const replay = useReplayState();
  const connected = useReplayConnected();
  const sendCommand = useContractMutation('replay.command');
  // Read from the game at the click: the state's render is a poll old, and a followed camera has moved since.
  const snapshot = useContractMutation('replay.snapshot');
  const [blend, setBlend] = useState<BlendName>('linear');
  const [problem, setProblem] = useState<string | null>(null);
  const [captured, setCaptured] = useState<string | null>(null);
  const keyframes: Keyframe[] = sequence[track] ?? [];
  const canCapture =
    connected && replay?.playback != null && replay.render !== null && keyedTracks.length > 0;

  const take = (edit: KeyframeEdit, editedTrack: SequenceTrack): string | null => {
    if (!edit.ok) return edit.error;
    setDraftSequence(edit.sequence, { track: editedTrack, index: edit.index });
    return null;
  };

  const capture = async (): Promise<void> => {
    const tracks = useReplayDesk.getState().keyedTracks;
    const source = await snapshot.mutateAsync({}).catch((error: unknown) => {
      setProblem(error instanceof Error ? error.message : String(error));
      return null;
    });
    if (!source) return;
    const result = captureKeyframes(useReplayDesk.getState().sequence, tracks, source, blend);
    if (!result.ok) {
      setCaptured(null);
      return setProblem(result.error);
    }
    // The selected track stays selected when it was keyed; otherwise the first keyed one is.
    const shown =
      result.indexes[track] !== undefined ? track : (tracks.find((t) => t in result.indexes) ?? track);
    setProblem(null);
    setCaptured(describeCapture(Object.keys(result.indexes).length, source.playback.time, result.skipped));
    setDraftSequence(result.sequence, { track: shown, index: result.indexes[shown] ?? null });
  };

  return (
    <div className="keyframe-editor">
      <div className="toolbar">
        <label className="inline-field">
          <span>Track</span>
          <select
            data-testid="sequence-track"
            value={track}
            onChange={(event) => selectKeyframe(event.currentTarget.value as SequenceTrack, null)}
          >
            {SEQUENCE_TRACKS.map((name) => (
              <option key={name} value={name}>
                {TRACK_LABELS[name]}
                {(sequence[name]?.length ?? 0) > 0 ? ` (${sequence[name]?.length})` : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          <span>Blend</span>
          <select value={blend} onChange={(event) => setBlend(event.currentTarget.value as BlendName)}>
            {BLEND_NAMES.map((name) => (
              <option key={name} value={name}>
                {blendLabel(name)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="primary"
          data-testid="sequence-add-keyframe"
          disabled={!canCapture || snapshot.isPending}
          title={
            !connected || replay?.playback == null
              ? 'Needs a running replay'
              : keyedTracks.length === 0
                ? 'Choose the tracks to keyframe'
                : `Keyframe ${keyedTracks.length === SEQUENCE_TRACKS.length ? 'every track' : `${keyedTracks.length} tracks`} as the replay shows them now`
          }
          onClick={() => void capture()}
        >
          + Keyframe from current state
        </button>
        <KeyedTracksPicker />
      </div>
      {problem ? (
        <p className="request-error" role="alert">
          {problem}
        </p>
      ) : captured ? (
        <p className="hint" role="status" data-testid="keyframe-capture-result">
          {captured}
        </p>
      ) : null}

      {keyframes.length === 0 ? (
        <p className="empty-state">
          No keyframes on <strong>{TRACK_LABELS[track]}</strong> yet. Move the replay to a moment, set the
          view, then add a keyframe.
        </p>
      ) : (
        <table className="keyframes" data-testid="keyframe-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Time</th>
              <th scope="col">Value</th>
              <th scope="col">Blend to next</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keyframes.map((keyframe, index) => (
              <tr
                key={`${keyframe.time}-${index}`}
                className={index === selected ? 'selected' : undefined}
                data-testid={`keyframe-${index}`}
                onFocus={() => selectKeyframe(track, index)}
              >
                <td className="muted">{index + 1}</td>
                <td>
                  <CommitInput
                    className="time"
                    aria-label={`Keyframe ${index + 1} time`}
                    data-testid={`keyframe-${index}-time`}
                    value={formatTimecode(keyframe.time, { tenths: true })}
                    onCommit={(text) => {
                      const parsed = parseTimecode(text);
                      if (!parsed.ok) return parsed.error;
                      return take(editKeyframe(sequence, track, index, { time: parsed.seconds }), track);
                    }}
                  />
                </td>
                <td>
                  <KeyframeValueInput
                    track={track}
                    value={keyframe.value}
                    label={`Keyframe ${index + 1} value`}
                    onChange={(value) => take(editKeyframe(sequence, track, index, { value }), track)}
                  />
                </td>
                <td>
                  <select
                    aria-label={`Keyframe ${index + 1} blend`}
                    data-testid={`keyframe-${index}-blend`}
                    value={keyframe.blend}
                    onChange={(event) =>
                      setProblem(
                        take(
                          editKeyframe(sequence, track, index, { blend: event.currentTarget.value }),
                          track,
                        ),
                      )
                    }
                  >
                    {BLEND_NAMES.map((name) => (
                      <option key={name} value={name}>
                        {blendLabel(name)}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    disabled={!connected}
                    title="Seek the replay to this keyframe"
                    onClick={() => sendCommand.mutate({ command: 'seek', time: keyframe.time })}
                  >
                    Go to
                  </button>
                  <button
                    type="button"
                    className="danger"
                    data-testid={`keyframe-${index}-delete`}
                    aria-label={`Delete keyframe ${index + 1}`}
                    onClick={() => {
                      const edit = deleteKeyframe(sequence, track, index);
                      if (edit.ok) setDraftSequence(edit.sequence, { track, index: null });
                    }}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** "Keyed 27 tracks at 12:03.4; this replay does not report Sun direction, Depth fog on." */
function describeCapture(count: number, time: number, skipped: readonly SequenceTrack[]): string {
  const keyed = `Keyed ${count} track${count === 1 ? '' : 's'} at ${formatTimecode(time, { tenths: true })}`;
  if (skipped.length === 0) return `${keyed}.`;
  return `${keyed}; this replay does not report ${skipped.map((name) => TRACK_LABELS[name]).join(', ')}.`;
}
