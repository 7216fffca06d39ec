import { SEQUENCE_TRACKS, type SequenceTrack } from '@shared/contract';
import { setKeyedTracks, useReplayDesk } from './replayDeskStore';
import { CAMERA_SHOT_TRACKS, TRACK_GROUPS, TRACK_LABELS } from './replayLabels';

/** Which tracks a keyframe takes: every one by default, a camera shot, or any set ticked by hand. */
export function KeyedTracksPicker() {
  const keyed = useReplayDesk((state) => state.keyedTracks);
  const toggle = (track: SequenceTrack, on: boolean): void =>
    setKeyedTracks(on ? [...keyed, track] : keyed.filter((other) => other !== track));

  return (
    <details className="keyed-tracks" data-testid="keyed-tracks">
      <summary data-testid="keyed-tracks-summary">{summary(keyed)}</summary>
      <div className="keyed-tracks-presets">
        <button type="button" data-testid="keyed-tracks-all" onClick={() => setKeyedTracks(SEQUENCE_TRACKS)}>
          All tracks
        </button>
        <button
          type="button"
          data-testid="keyed-tracks-camera-shot"
          onClick={() => setKeyedTracks(CAMERA_SHOT_TRACKS)}
          title="Camera position, rotation and field of view"
        >
          Camera shot
        </button>
        <button type="button" data-testid="keyed-tracks-none" onClick={() => setKeyedTracks([])}>
          None
        </button>
      </div>
      <div className="keyed-tracks-groups">
        {TRACK_GROUPS.map((group) => (
          <fieldset key={group.id}>
            <legend>{group.title}</legend>
            {group.tracks.map((track) => (
              <label key={track} className="check">
                <input
                  type="checkbox"
                  data-testid={`keyed-track-${track}`}
                  checked={keyed.includes(track)}
                  onChange={(event) => toggle(track, event.currentTarget.checked)}
                />
                {TRACK_LABELS[track]}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </details>
  );
}

function summary(keyed: readonly SequenceTrack[]): string {
  if (keyed.length === SEQUENCE_TRACKS.length) return `Keys all ${keyed.length} tracks`;
  const [only] = keyed;
  if (only === undefined) return 'Keys no track';
  if (keyed.length === 1) return `Keys ${TRACK_LABELS[only]}`;
  return `Keys ${keyed.length} of ${SEQUENCE_TRACKS.length} tracks`;
}
