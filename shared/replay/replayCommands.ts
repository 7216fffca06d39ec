import {
  REPLAY_SEEK_STEP_SECONDS,
  REPLAY_SPEED_PRESETS,
  type Playback,
  type PlaybackPatch,
  type ReplayCommandInput,
} from '@shared/contract/replay';

/**
 * The playback patch a transport command sends, hotkey or button; `{}` when it would change nothing (already
 * at an end, already at that speed). The one place a time is clamped into [0, length].
 * Pass the playback with its time extrapolated to now (playbackAt), or skips land behind.
 */
export function playbackPatchFor(playback: Playback, input: ReplayCommandInput): PlaybackPatch {
  switch (input.command) {
    case 'toggle-pause':
      return { paused: !playback.paused };
    case 'seek-back':
      return seekTo(playback, playback.time - REPLAY_SEEK_STEP_SECONDS);
    case 'seek-forward':
      return seekTo(playback, playback.time + REPLAY_SEEK_STEP_SECONDS);
    case 'skip':
      return seekTo(playback, playback.time + input.seconds);
    case 'seek':
      return seekTo(playback, input.time);
    case 'speed-down': {
      const slower = REPLAY_SPEED_PRESETS.findLast((preset) => preset < playback.speed - SPEED_EPSILON);
      return slower === undefined ? {} : { speed: slower };
    }
    case 'speed-up': {
      const faster = REPLAY_SPEED_PRESETS.find((preset) => preset > playback.speed + SPEED_EPSILON);
      return faster === undefined ? {} : { speed: faster };
    }
    case 'set-speed':
      return sameSpeed(playback.speed, input.speed) ? {} : { speed: input.speed };
  }
}

// A speed read back as 0.9999 is still 1.
const SPEED_EPSILON = 1e-3;

/** True when a speed read back from the game is the preset it was set to. */
export function sameSpeed(a: number, b: number): boolean {
  return Math.abs(a - b) < SPEED_EPSILON;
}

function seekTo(playback: Playback, time: number): PlaybackPatch {
  const clamped = Math.min(Math.max(time, 0), Math.max(0, playback.length));
  return clamped === playback.time ? {} : { time: clamped };
}
