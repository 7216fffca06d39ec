import { REPLAY_SPEED_PRESETS } from '@shared/contract';
import { sameSpeed } from '@shared/replay/replayCommands';
import { useAppState } from '../../state/AppContext';
import { RequestError } from '../../ui/RequestError';
import { SeekBar } from './SeekBar';
import { formatTimecode } from './timecode';
import { useContractMutation } from '../../state/contractQueries';
import { usePlaybackClock, useReplayConnected } from './useReplay';

const SKIPS = [-30, -10, -5, 5, 10, 30] as const;
const NO_MARKERS: never[] = [];

/** Play/pause, the seek bar, skips and speed presets: the caster's transport, full or compact. */
export function TransportControls({ compact = false }: { compact?: boolean }) {
  const connected = useReplayConnected();
  const { playback, time } = usePlaybackClock();
  const markers = useAppState((state) => state.replay.markers) ?? NO_MARKERS;
  // Every control sends a command; main works out (and clamps) the change from the playback as it is now.
  const sendCommand = useContractMutation('replay.command');
  const disabled = !connected || playback === null;
  const length = playback?.length ?? 0;
  const paused = playback?.paused ?? true;

  return (
    <div className={compact ? 'transport compact' : 'transport'} data-testid="replay-transport">
      <div className="transport-main">
        <button
          type="button"
          className="play-pause"
          data-testid="replay-play-pause"
          data-paused={paused}
          aria-label={paused ? 'Play' : 'Pause'}
          title={paused ? 'Play' : 'Pause'}
          disabled={disabled}
          onClick={() => sendCommand.mutate({ command: 'toggle-pause' })}
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
        <div className="transport-clock">
          <span className="transport-time" data-testid="replay-time">
            {formatTimecode(time)}
          </span>
          <span className="transport-length" data-testid="replay-length">
            / {formatTimecode(length)}
          </span>
          {playback?.seeking ? <span className="seeking-badge">seeking…</span> : null}
        </div>
        <SeekBar
          time={time}
          length={length}
          markers={compact ? NO_MARKERS : markers}
          disabled={disabled}
          onSeek={(to) => sendCommand.mutateAsync({ command: 'seek', time: to }).catch(() => undefined)}
        />
      </div>
      <div className="transport-controls">
        <div className="button-group" role="group" aria-label="Skip">
          {SKIPS.map((seconds) => (
            <button
              key={seconds}
              type="button"
              className="skip"
              disabled={disabled}
              data-testid={`replay-skip-${seconds > 0 ? 'forward' : 'back'}-${Math.abs(seconds)}`}
              aria-label={seconds > 0 ? `Forward ${seconds} seconds` : `Back ${-seconds} seconds`}
              onClick={() => sendCommand.mutate({ command: 'skip', seconds })}
            >
              {seconds > 0 ? `+${seconds}` : `−${-seconds}`}s
            </button>
          ))}
        </div>
        <div className="button-group speeds" role="group" aria-label="Playback speed">
          {REPLAY_SPEED_PRESETS.map((speed) => {
            const active = playback !== null && sameSpeed(playback.speed, speed);
            return (
              <button
                key={speed}
                type="button"
                className="speed"
                aria-pressed={active}
                disabled={disabled}
                data-testid={`replay-speed-${speed}`}
                onClick={() => sendCommand.mutate({ command: 'set-speed', speed })}
              >
                {speed}×
              </button>
            );
          })}
        </div>
      </div>
      <RequestError error={sendCommand.error} testId="replay-transport-error" />
    </div>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path d="M7 4.5v15l12.5-7.5z" fill="currentColor" />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <rect x="6" y="4.5" width="4.2" height="15" rx="1" fill="currentColor" />
      <rect x="13.8" y="4.5" width="4.2" height="15" rx="1" fill="currentColor" />
    </svg>
  );
}
