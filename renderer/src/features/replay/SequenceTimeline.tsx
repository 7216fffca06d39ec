import { useState, type MouseEvent } from 'react';
import { SEQUENCE_TRACKS, type Keyframe, type ReplayMarker } from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { selectKeyframe, useReplayDesk } from './replayDeskStore';
import { formatKeyframeValue } from './keyframeValue';
import { TRACK_LABELS } from './replayLabels';
import {
  rulerTicks,
  timelineWindow,
  windowPercent,
  windowTimeAt,
  type TimelineWindow,
} from './timelineLayout';
import { formatTimecode } from './timecode';
import { useContractMutation } from '../../state/contractQueries';
import { usePlaybackClock, useReplayConnected } from './useReplay';

const NO_MARKERS: ReplayMarker[] = [];
const ZOOMS = [
  { label: 'Whole replay', span: null },
  { label: '10 minutes', span: 600 },
  { label: '2 minutes', span: 120 },
  { label: '30 seconds', span: 30 },
] as const;

/**
 * The replay on one axis: the game's events, then one lane per animated track with its keyframes as
 * ticks. Clicking the ruler or an event seeks there; clicking a tick selects it. Zoomed in, it follows
 * the selected keyframe, or the playhead when none is selected.
 */
export function SequenceTimeline() {
  const sequence = useReplayDesk((state) => state.sequence);
  const selectedTrack = useReplayDesk((state) => state.selectedTrack);
  const selectedKeyframe = useReplayDesk((state) => state.selectedKeyframe);
  const markers = useAppState((state) => state.replay.markers) ?? NO_MARKERS;
  const { playback, time } = usePlaybackClock(250);
  const connected = useReplayConnected();
  const sendCommand = useContractMutation('replay.command');
  const [zoom, setZoom] = useState<number | null>(null);

  const allTimes = SEQUENCE_TRACKS.flatMap((track) =>
    (sequence[track] ?? []).map((keyframe) => keyframe.time),
  );
  const length = playback?.length ?? Math.max(0, ...allTimes);
  const selectedTime =
    selectedKeyframe === null ? undefined : sequence[selectedTrack]?.[selectedKeyframe]?.time;
  const shown = timelineWindow(length, zoom, selectedTime ?? time);
  const tracks = SEQUENCE_TRACKS.filter(
    (track) => (sequence[track]?.length ?? 0) > 0 || track === selectedTrack,
  );
  const canSeek = connected && playback !== null;
  const seek = (to: number): void => {
    if (canSeek) sendCommand.mutate({ command: 'seek', time: to });
  };
  const seekFromClick = (event: MouseEvent<HTMLElement>): void => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width > 0) seek(windowTimeAt((event.clientX - box.left) / box.width, shown));
  };
  const playhead = playback ? <Placed time={time} shown={shown} className="playhead" /> : null;

  return (
    <div className="timeline" data-testid="sequence-timeline">
      <div className="timeline-row ruler">
        <label className="lane-label zoom">
          <span className="visually-hidden">Zoom</span>
          <select
            aria-label="Timeline zoom"
            data-testid="timeline-zoom"
            value={zoom ?? ''}
            onChange={(event) =>
              setZoom(event.currentTarget.value === '' ? null : Number(event.currentTarget.value))
            }
          >
            {ZOOMS.map((option) => (
              <option key={option.label} value={option.span ?? ''}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <div
          className={canSeek ? 'lane seekable' : 'lane'}
          onClick={seekFromClick}
          title={canSeek ? 'Click to seek' : undefined}
          data-testid="timeline-ruler"
        >
          {rulerTicks(shown, 10).map((tick) => (
            <Placed key={tick} time={tick} shown={shown} className="ruler-tick">
              {formatTimecode(tick)}
            </Placed>
          ))}
          {playhead}
        </div>
      </div>
      <div className="timeline-row events">
        <span className="lane-label">Events</span>
        <div className="lane">
          {markers.map((marker, index) => (
            <Placed
              key={`${marker.time}-${index}`}
              as="button"
              time={marker.time}
              shown={shown}
              className={`event-marker ${marker.kind}`}
              title={`${formatTimecode(marker.time)} · ${marker.label}`}
              disabled={!canSeek}
              onClick={() => seek(marker.time)}
            />
          ))}
          {playhead}
        </div>
      </div>
      {tracks.map((track) => {
        const keyframes: Keyframe[] = sequence[track] ?? [];
        return (
          <div
            key={track}
            className={track === selectedTrack ? 'timeline-row track selected' : 'timeline-row track'}
            data-testid={`timeline-track-${track}`}
          >
            <button type="button" className="lane-label" onClick={() => selectKeyframe(track, null)}>
              {TRACK_LABELS[track]}
              <span className="count">{keyframes.length}</span>
            </button>
            <div className="lane">
              {keyframes.map((keyframe, index) => (
                <Placed
                  key={index}
                  as="button"
                  time={keyframe.time}
                  shown={shown}
                  className={
                    track === selectedTrack && index === selectedKeyframe
                      ? 'keyframe-tick selected'
                      : 'keyframe-tick'
                  }
                  title={`${TRACK_LABELS[track]} #${index + 1} · ${formatTimecode(keyframe.time, { tenths: true })} · ${formatKeyframeValue(keyframe.value)} · ${keyframe.blend}`}
                  onClick={() => selectKeyframe(track, index)}
                />
              ))}
              {playhead}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** Something at a game time on a lane; not drawn when the time is outside the zoomed window. */
function Placed({
  as = 'span',
  time,
  shown,
  className,
  title,
  disabled,
  onClick,
  children,
}: {
  as?: 'span' | 'button';
  time: number;
  shown: TimelineWindow;
  className: string;
  title?: string;
  disabled?: boolean;
  onClick?: () => void;
  children?: string;
}) {
  const percent = windowPercent(time, shown);
  if (percent === null) return null;
  const style = { left: `${percent}%` };
  if (as === 'span') {
    return (
      <span className={className} style={style}>
        {children}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={className}
      style={style}
      title={title}
      aria-label={title}
      disabled={disabled}
      onClick={(event) => {
        // A tick sits on a lane that may seek on click: the tick's own action wins.
        event.stopPropagation();
        onClick?.();
      }}
    />
  );
}
