import { useState } from 'react';
import { RECORDING_CODECS, type Recording, type RecordingCodec, type ReplayState } from '@shared/contract';
import { sequenceTimeRange } from '@shared/replay/sequenceEditor';
import { RequestError } from '../../ui/RequestError';
import { recordingPercent } from '@shared/replay/recordingProgress';
import { planRecording, recordingWarnings } from './recordingPlan';
import { updateRecordingForm, useReplayDesk } from './replayDeskStore';
import { formatTimecode } from './timecode';
import { useContractMutation, useContractQuery } from '../../state/contractQueries';
import { usePlaybackClock, useReplayConnected, useReplayState } from './useReplay';
import { ProgressBar } from '../../ui/ProgressBar';

const CODEC_LABELS: Record<RecordingCodec, string> = {
  webm: 'WebM video',
  png: 'PNG frames',
  pngAndDepth: 'PNG frames with depth',
};

/** Render a range of the replay to a file: settings, start and stop, progress, and the file check. */
export function RecordingPanel() {
  const form = useReplayDesk((state) => state.recordingForm);
  const sequence = useReplayDesk((state) => state.sequence);
  const replay = useReplayState();
  const connected = useReplayConnected();
  const { playback, time } = usePlaybackClock(500);
  const start = useContractMutation('replay.recording.start');
  const stop = useContractMutation('replay.recording.stop');
  const [attempted, setAttempted] = useState(false);
  // The platform's videos folder, as main knows it: an example in this system's own spelling.
  const folder = useContractQuery('replay.recording.folder', {}, { staleTime: Number.POSITIVE_INFINITY });

  const recording = replay?.recording ?? null;
  const running = recording?.recording === true;
  const plan = planRecording(form, sequence, playback?.length ?? null);
  const sequenceRange = sequenceTimeRange(sequence);
  const warnings = recordingWarnings(form, sequence);
  const now = formatTimecode(time, { tenths: true });

  return (
    <section className="panel" aria-labelledby="recording-title">
      <h2 id="recording-title">Recording</h2>
      <fieldset className="form-grid" disabled={running}>
        <label htmlFor="recording-codec">Format</label>
        <select
          id="recording-codec"
          data-testid="recording-codec"
          value={form.codec}
          onChange={(event) => updateRecordingForm({ codec: event.currentTarget.value as RecordingCodec })}
        >
          {RECORDING_CODECS.map((codec) => (
            <option key={codec} value={codec}>
              {CODEC_LABELS[codec]}
            </option>
          ))}
        </select>

        <label htmlFor="recording-fps">Frames per second</label>
        <div className="inline-fields">
          <input
            id="recording-fps"
            className="number"
            inputMode="numeric"
            data-testid="recording-fps"
            value={form.framesPerSecond}
            onChange={(event) => updateRecordingForm({ framesPerSecond: event.currentTarget.value })}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.lossless}
              onChange={(event) => updateRecordingForm({ lossless: event.currentTarget.checked })}
            />
            Lossless
          </label>
        </div>

        <span className="form-label">Range</span>
        <div className="range-choice" role="radiogroup" aria-label="Range">
          <div className="radio-row">
            <label className="radio">
              <input
                type="radio"
                name="recording-range"
                data-testid="recording-range-manual"
                checked={form.range === 'manual'}
                onChange={() => updateRecordingForm({ range: 'manual' })}
              />
              From
            </label>
            <RangeEnd
              label="Start time"
              placeholder="12:00"
              testId="recording-start"
              value={form.start}
              disabled={form.range !== 'manual'}
              now={playback ? now : null}
              onChange={(start) => updateRecordingForm({ start })}
            />
            to
            <RangeEnd
              label="End time"
              placeholder="12:30"
              testId="recording-end"
              value={form.end}
              disabled={form.range !== 'manual'}
              now={playback ? now : null}
              onChange={(end) => updateRecordingForm({ end })}
            />
          </div>
          <label className="radio">
            <input
              type="radio"
              name="recording-range"
              data-testid="recording-range-sequence"
              checked={form.range === 'sequence'}
              disabled={!sequenceRange}
              onChange={() => updateRecordingForm({ range: 'sequence' })}
            />
            The sequence&apos;s range
            <span className="muted">
              {sequenceRange
                ? `${formatTimecode(sequenceRange.start, { tenths: true })}–${formatTimecode(sequenceRange.end, { tenths: true })}`
                : '(no keyframes)'}
            </span>
          </label>
        </div>

        <label htmlFor="recording-path">Save to</label>
        <input
          id="recording-path"
          data-testid="recording-path"
          placeholder={
            folder.data
              ? `${folder.data.exampleFile}, or a folder`
              : 'A file such as highlight.webm, or a folder'
          }
          spellCheck={false}
          value={form.path}
          onChange={(event) => updateRecordingForm({ path: event.currentTarget.value })}
        />
      </fieldset>
      {recording ? (
        <p className="hint">
          The game records at its window size ({recording.width}×{recording.height}); resize the game to
          change it.
        </p>
      ) : null}
      {warnings.map((warning) => (
        <p key={warning} className="notice">
          {warning}
        </p>
      ))}
      {attempted && !plan.ok ? (
        <ul className="problems" data-testid="recording-problems">
          {plan.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}

      <div className="panel-actions">
        {running ? (
          <button
            type="button"
            className="danger"
            data-testid="recording-stop"
            disabled={stop.isPending}
            onClick={() => stop.mutate({})}
          >
            Stop recording
          </button>
        ) : (
          <button
            type="button"
            className="primary record"
            data-testid="recording-start-button"
            disabled={!connected || start.isPending}
            onClick={() => {
              setAttempted(true);
              if (plan.ok) start.mutate(plan.start);
            }}
          >
            <span className="record-dot" aria-hidden="true" /> Start recording
          </button>
        )}
      </div>
      <RequestError error={start.error ?? stop.error} testId="recording-error" />
      {recording && recording.endTime > recording.startTime ? (
        <RecordingProgress recording={recording} />
      ) : null}
      <RecordingResult result={replay?.lastRecording ?? null} running={running} />
    </section>
  );
}

/** One end of a manual range: a time as typed, or the replay's current time with one click. */
function RangeEnd({
  label,
  placeholder,
  testId,
  value,
  disabled,
  now,
  onChange,
}: {
  label: string;
  placeholder: string;
  testId: string;
  value: string;
  disabled: boolean;
  now: string | null;
  onChange(value: string): void;
}) {
  return (
    <>
      <input
        className="time"
        aria-label={label}
        placeholder={placeholder}
        data-testid={testId}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <button
        type="button"
        className="quiet"
        title={`${label}: the replay's current time`}
        disabled={disabled || now === null}
        onClick={() => {
          if (now !== null) onChange(now);
        }}
      >
        now
      </button>
    </>
  );
}

function RecordingProgress({ recording }: { recording: Recording }) {
  const percent = recordingPercent(recording);
  return (
    <div className="recording-progress" data-testid="recording-progress" data-percent={Math.floor(percent)}>
      <div className="progress-head">
        <span>{recording.recording ? 'Recording…' : 'Last recording'}</span>
        <span className="muted">
          {formatTimecode(recording.currentTime)} of {formatTimecode(recording.startTime)}–
          {formatTimecode(recording.endTime)}
        </span>
        <strong data-testid="recording-percent">{Math.floor(percent)} %</strong>
      </div>
      <ProgressBar
        className="progress-track"
        fillClassName={recording.recording ? 'progress-fill live' : 'progress-fill'}
        label="Recording progress"
        value={percent}
        max={100}
      />
    </div>
  );
}

function RecordingResult({ result, running }: { result: ReplayState['lastRecording']; running: boolean }) {
  if (!result || running) return null;
  if (!result.ok && result.stopped) {
    // Stopped on purpose: the game may keep nothing of a cut recording, which is not an error.
    return (
      <p className="result muted" data-testid="recording-result" data-ok="false" data-stopped="true">
        Stopped before the end; the game left no file ({result.error}).
      </p>
    );
  }
  if (!result.ok) {
    return (
      <p className="request-error" role="alert" data-testid="recording-result" data-ok="false">
        No file: {result.error}
      </p>
    );
  }
  return (
    <p className="result ok" data-testid="recording-result" data-ok="true">
      {result.stopped ? 'Stopped early; saved ' : 'Saved '}
      <code data-testid="recording-result-path">{result.path}</code>{' '}
      <span className="muted">({result.description})</span>
    </p>
  );
}
