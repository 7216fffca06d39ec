import type { CSSProperties } from 'react';
import type { ReplayMarker } from '@shared/contract';
import { timelinePercent } from './timelineLayout';
import { formatTimecode } from './timecode';
import { useScrub } from './useScrub';

/** The replay's whole length as a slider, with the game's events marked along it. */
export function SeekBar({
  time,
  length,
  markers,
  disabled,
  onSeek,
}: {
  time: number;
  length: number;
  markers: readonly ReplayMarker[];
  disabled: boolean;
  onSeek(time: number): Promise<unknown>;
}) {
  const scrub = useScrub(time, onSeek);
  const progress = { '--progress': `${timelinePercent(scrub.shown, length)}%` } as CSSProperties;
  return (
    <div className="seekbar" style={progress}>
      <div className="seekbar-markers" aria-hidden="true">
        {markers.map((marker, index) => (
          <span
            key={`${marker.time}-${index}`}
            className={`seek-marker ${marker.kind}`}
            style={{ left: `${timelinePercent(marker.time, length)}%` }}
          />
        ))}
      </div>
      <input
        type="range"
        className="seekbar-input"
        min={0}
        max={Math.max(length, 1)}
        step={0.1}
        value={Math.min(scrub.shown, Math.max(length, 1))}
        disabled={disabled}
        aria-label="Seek"
        aria-valuetext={formatTimecode(scrub.shown)}
        data-testid="replay-seek"
        onChange={(event) => scrub.onInput(Number(event.currentTarget.value))}
      />
    </div>
  );
}
