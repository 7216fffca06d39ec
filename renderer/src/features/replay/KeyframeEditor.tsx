import { useState } from 'react';
import {
  BLEND_NAMES,
  SEQUENCE_TRACKS,
  type BlendName,
  type Keyframe,
  type SequenceTrack,
} from '@shared/contract';
import { playbackAt } from '@shared/replay/playbackClock';
import {
  captureKeyframe,
  deleteKeyframe,
  editKeyframe,
  type KeyframeEdit,
} from '@shared/replay/sequenceEditor';
import { CommitInput } from './CommitInput';
import { KeyframeValueInput } from './KeyframeValueInput';
import { selectKeyframe, setDraftSequence, useReplayDesk } from './replayDeskStore';
import { blendLabel, TRACK_LABELS } from './replayLabels';
import { formatTimecode, parseTimecode } from './timecode';
import { useContractMutation } from '../../state/contractQueries';
import { useReplayConnected, useReplayState } from './useReplay';

// One camera shot: where it is, where it looks, and how wide.
const CAMERA_SHOT: SequenceTrack[] = ['cameraPosition', 'cameraRotation', 'fieldOfView'];

/** The selected track's keyframes: add from what the replay shows now, and edit time, value and blend. */
export function KeyframeEditor() {
  const sequence = useReplayDesk((state) => state.sequence);
  const track = useReplayDesk((state) => state.selectedTrack);
  const selected = useReplayDesk((state) => state.selectedKeyframe);
  const replay = useReplayState();
  const connected = useReplayConnected();
  const setPlayback = useContractMutation('replay.playback.set');
  const [blend, setBlend] = useState<BlendName>('linear');
  const [problem, setProblem] = useState<string | null>(null);
  const keyframes: Keyframe[] = sequence[track] ?? [];
  const canCapture = connected && replay?.playback != null && replay.render !== null;

  const take = (edit: KeyframeEdit, editedTrack: SequenceTrack): string | null => {
    if (!edit.ok) return edit.error;
    setDraftSequence(edit.sequence, { track: editedTrack, index: edit.index });
    return null;
  };

  const capture = (tracks: SequenceTrack[]): void => {
    const playback = replay?.playback;
    const render = replay?.render;
    if (!playback || !render) return;
    // The time the caster sees on the transport, not the last poll's.
    const snapshot = {
      playback: playbackAt({ playback, sampledAt: playback.sampledAt }, Date.now()),
      render,
    };
    // The selected track stays selected when it was captured; otherwise the first captured one is.
    const shown = tracks.includes(track) ? track : (tracks[0] ?? track);
    let next = useReplayDesk.getState().sequence;
    let index: number | null = null;
    for (const captured of tracks) {
      const edit = captureKeyframe(next, captured, snapshot, blend);
      if (!edit.ok) return setProblem(edit.error);
      next = edit.sequence;
      if (captured === shown) index = edit.index;
    }
    setProblem(null);
    setDraftSequence(next, { track: shown, index });
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
          disabled={!canCapture}
          title={canCapture ? 'Keyframe this track as the replay shows it now' : 'Needs a running replay'}
          onClick={() => capture([track])}
        >
          + Keyframe from current state
        </button>
        <button
          type="button"
          data-testid="sequence-capture-camera"
          disabled={!canCapture}
          title="Keyframe camera position, rotation and field of view at once"
          onClick={() => capture(CAMERA_SHOT)}
        >
          Capture camera shot
        </button>
      </div>
      {problem ? (
        <p className="request-error" role="alert">
          {problem}
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
                    onClick={() => setPlayback.mutate({ time: keyframe.time })}
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
