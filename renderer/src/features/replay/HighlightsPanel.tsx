import { useState } from 'react';
import {
  DEFAULT_HIGHLIGHT_AFTER,
  DEFAULT_HIGHLIGHT_BEFORE,
  HIGHLIGHT_KINDS,
  type HighlightClip,
  type HighlightKind,
  type RecordedHighlight,
} from '@shared/contract/highlights';
import { recordingPercent } from '@shared/replay/recordingProgress';
import { ProgressBar } from '../../ui/ProgressBar';
import { RequestError } from '../../ui/RequestError';
import { useContractMutation, useContractQuery } from '../../state/contractQueries';
import { clipsFolder, dropClip, moveClip, trimClip } from './highlightReel';
import { useReplayDesk } from './replayDeskStore';
import { formatTimecode } from './timecode';
import { useReplayConnected, useReplayState } from './useReplay';

const KIND_LABELS: Record<HighlightKind, string> = {
  kills: 'Kills',
  multikills: 'Multikills',
  objectives: 'Objectives',
  firstBlood: 'First blood',
  aces: 'Aces',
};

type ClipStatus =
  | { state: 'waiting' }
  | { state: 'recording' }
  | { state: 'recorded'; recorded: RecordedHighlight }
  | { state: 'failed'; error: string };

/**
 * The replay's highlights: its moments of the kinds chosen, merged into clips that follow who made them.
 * The caster previews, reorders, drops and trims them, then records them all, one file per clip, with the
 * recording panel's settings.
 */
export function HighlightsPanel() {
  const connected = useReplayConnected();
  const replay = useReplayState();
  const form = useReplayDesk((state) => state.recordingForm);
  const videos = useContractQuery('replay.recording.folder', {}, { staleTime: Number.POSITIVE_INFINITY });
  const find = useContractMutation('replay.highlights.find');
  const preview = useContractMutation('replay.highlights.preview');
  const record = useContractMutation('replay.highlights.record');

  const [kinds, setKinds] = useState<HighlightKind[]>([...HIGHLIGHT_KINDS]);
  const [before, setBefore] = useState(String(DEFAULT_HIGHLIGHT_BEFORE));
  const [after, setAfter] = useState(String(DEFAULT_HIGHLIGHT_AFTER));
  const [clips, setClips] = useState<HighlightClip[]>([]);
  const [length, setLength] = useState(0);
  const [statuses, setStatuses] = useState<Record<string, ClipStatus>>({});
  const [recordingAll, setRecordingAll] = useState(false);

  const folder = clipsFolder(form.path, videos.data?.folder ?? null);
  const recording = replay?.recording ?? null;
  const recorded = clips.flatMap((clip) => {
    const status = statuses[clip.id];
    return status?.state === 'recorded' ? [status.recorded] : [];
  });

  const findClips = () => {
    find.mutate(
      { kinds, before: Number(before), after: Number(after) },
      {
        onSuccess: (found) => {
          setClips(found.clips);
          setLength(found.length);
          setStatuses({});
        },
      },
    );
  };

  const recordAll = async () => {
    if (folder === null) return;
    setRecordingAll(true);
    setStatuses(Object.fromEntries(clips.map((clip) => [clip.id, { state: 'waiting' }])));
    const settings = {
      folder,
      codec: form.codec,
      framesPerSecond: Number(form.framesPerSecond) || 60,
      lossless: form.lossless,
    };
    // One clip at a time: the game records one range at once.
    for (const [index, clip] of clips.entries()) {
      setStatuses((current) => ({ ...current, [clip.id]: { state: 'recording' } }));
      const status: ClipStatus = await record.mutateAsync({ clip, index, recording: settings }).then(
        (done): ClipStatus => ({ state: 'recorded', recorded: done }),
        (error: unknown): ClipStatus => ({
          state: 'failed',
          error: error instanceof Error ? error.message : String(error),
        }),
      );
      setStatuses((current) => ({ ...current, [clip.id]: status }));
    }
    setRecordingAll(false);
  };

  return (
    <section className="panel highlights" aria-labelledby="highlights-title" data-testid="highlights-panel">
      <h2 id="highlights-title">Highlights</h2>
      <fieldset className="form-grid" disabled={recordingAll}>
        <span className="form-label">Moments</span>
        <div className="inline-fields" role="group" aria-label="Moments">
          {HIGHLIGHT_KINDS.map((kind) => (
            <label key={kind} className="checkbox">
              <input
                type="checkbox"
                data-testid={`highlights-kind-${kind}`}
                checked={kinds.includes(kind)}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setKinds((current) =>
                    checked ? [...current, kind] : current.filter((each) => each !== kind),
                  );
                }}
              />
              {KIND_LABELS[kind]}
            </label>
          ))}
        </div>
        <label htmlFor="highlights-before">Seconds before</label>
        <input
          id="highlights-before"
          className="number"
          inputMode="decimal"
          value={before}
          onChange={(event) => setBefore(event.currentTarget.value)}
        />
        <label htmlFor="highlights-after">Seconds after</label>
        <input
          id="highlights-after"
          className="number"
          inputMode="decimal"
          value={after}
          onChange={(event) => setAfter(event.currentTarget.value)}
        />
      </fieldset>
      <div className="panel-actions">
        <button
          type="button"
          data-testid="highlights-find"
          disabled={!connected || find.isPending || recordingAll || kinds.length === 0}
          onClick={findClips}
        >
          Find highlights
        </button>
        <button
          type="button"
          className="primary record"
          data-testid="highlights-record-all"
          disabled={!connected || recordingAll || clips.length === 0 || folder === null}
          onClick={() => void recordAll()}
        >
          <span className="record-dot" aria-hidden="true" /> Record all
        </button>
      </div>
      <RequestError error={find.error ?? preview.error} testId="highlights-error" />
      {find.data && find.data.eventsUpTo < find.data.length - 1 ? (
        <p className="hint">
          The replay has played to {formatTimecode(find.data.eventsUpTo)} of{' '}
          {formatTimecode(find.data.length)}: moments after it are found once it gets there.
        </p>
      ) : null}
      {find.isSuccess && clips.length === 0 ? <p className="hint">No moments of these kinds.</p> : null}
      {clips.length > 0 ? (
        <p className="hint" data-testid="highlights-folder">
          Saved to {folder ?? 'the folder under Recording › Save to'}, one{' '}
          {form.codec === 'webm' ? 'WebM file' : 'folder of frames'} per clip.
        </p>
      ) : null}
      <ol className="highlight-clips" data-testid="highlights-clips">
        {clips.map((clip, index) => {
          const status = statuses[clip.id] ?? null;
          const live =
            status?.state === 'recording' && recording?.recording && recording.startTime === clip.start
              ? recording
              : null;
          return (
            <li key={clip.id} className="highlight-clip" data-testid="highlight-clip" data-clip-id={clip.id}>
              <div className="highlight-head">
                <strong>
                  {formatTimecode(clip.start)}–{formatTimecode(clip.end)}
                </strong>
                <span className="highlight-event">
                  {clip.moments.map((moment) => moment.label).join('; ')}
                </span>
              </div>
              <ClipTimeline
                clip={clip}
                length={length}
                disabled={recordingAll}
                onTrim={(change) => setClips((current) => trimClip(current, clip.id, change, length))}
              />
              <div className="panel-actions">
                <button
                  type="button"
                  className="quiet"
                  data-testid="highlight-preview"
                  disabled={!connected || recordingAll || preview.isPending}
                  onClick={() => preview.mutate({ clip })}
                >
                  Preview
                </button>
                <button
                  type="button"
                  className="quiet"
                  aria-label={`Move the clip at ${formatTimecode(clip.start)} earlier`}
                  data-testid="highlight-earlier"
                  disabled={recordingAll || index === 0}
                  onClick={() => setClips((current) => moveClip(current, index, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="quiet"
                  aria-label={`Move the clip at ${formatTimecode(clip.start)} later`}
                  data-testid="highlight-later"
                  disabled={recordingAll || index === clips.length - 1}
                  onClick={() => setClips((current) => moveClip(current, index, 1))}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="quiet"
                  data-testid="highlight-drop"
                  disabled={recordingAll}
                  onClick={() => setClips((current) => dropClip(current, clip.id))}
                >
                  Drop
                </button>
              </div>
              <ClipProgress status={status} live={live ? recordingPercent(live) : null} />
            </li>
          );
        })}
      </ol>
      {!recordingAll && recorded.length > 0 ? (
        <table className="highlight-summary" data-testid="highlights-summary">
          <caption>Recorded clips</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Length</th>
              <th scope="col">Event</th>
            </tr>
          </thead>
          <tbody>
            {recorded.map((done) => (
              <tr key={done.id}>
                <td className="path">{done.file}</td>
                <td>
                  {formatTimecode(done.end - done.start)} ({done.description})
                </td>
                <td>{done.event}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/** The clip on the replay's timeline, with its start and end as two handles. */
function ClipTimeline({
  clip,
  length,
  disabled,
  onTrim,
}: {
  clip: HighlightClip;
  length: number;
  disabled: boolean;
  onTrim(change: { start?: number; end?: number }): void;
}) {
  const share = (time: number) => `${length > 0 ? (time / length) * 100 : 0}%`;
  return (
    <div className="highlight-timeline">
      <div className="highlight-track" aria-hidden="true">
        <span
          className="highlight-span"
          style={{ left: share(clip.start), width: `calc(${share(clip.end)} - ${share(clip.start)})` }}
        />
      </div>
      <input
        type="range"
        aria-label={`Start of the clip at ${formatTimecode(clip.start)}`}
        data-testid="highlight-start"
        min={0}
        max={length}
        step={0.5}
        value={clip.start}
        disabled={disabled}
        onChange={(event) => onTrim({ start: Number(event.currentTarget.value) })}
      />
      <input
        type="range"
        aria-label={`End of the clip at ${formatTimecode(clip.start)}`}
        data-testid="highlight-end"
        min={0}
        max={length}
        step={0.5}
        value={clip.end}
        disabled={disabled}
        onChange={(event) => onTrim({ end: Number(event.currentTarget.value) })}
      />
    </div>
  );
}

function ClipProgress({ status, live }: { status: ClipStatus | null; live: number | null }) {
  if (status === null) return null;
  switch (status.state) {
    case 'waiting':
      return (
        <p className="muted" data-testid="highlight-status" data-state="waiting">
          Waiting
        </p>
      );
    case 'recording':
      return (
        <div data-testid="highlight-status" data-state="recording">
          <ProgressBar
            className="progress-track"
            fillClassName="progress-fill live"
            label="Clip recording progress"
            value={live ?? 0}
            max={100}
          />
        </div>
      );
    case 'recorded':
      return (
        <p className="ok" data-testid="highlight-status" data-state="recorded">
          Recorded: {status.recorded.file} ({status.recorded.description})
        </p>
      );
    case 'failed':
      return (
        <p className="error" role="alert" data-testid="highlight-status" data-state="failed">
          Not recorded: {status.error}
        </p>
      );
  }
}
