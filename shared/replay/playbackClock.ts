import type { Playback } from '@shared/contract/replay';

/** The replay is polled at most twice a second (League Director polls every 500 ms). */
export const REPLAY_POLL_INTERVAL_MS = 500;

/** A playback read and the epoch ms it arrived at. */
export interface PlaybackSample {
  playback: Playback;
  sampledAt: number;
}

/**
 * Playback time at `now`, moving between polls so the timeline runs smoothly: the sampled time plus
 * the elapsed time at the sampled speed, frozen while paused or seeking, and kept within the replay.
 */
export function playbackTimeAt(sample: PlaybackSample, now: number): number {
  const { paused, seeking, time, speed, length } = sample.playback;
  const elapsedSeconds = paused || seeking ? 0 : Math.max(0, now - sample.sampledAt) / 1000;
  return clamp(time + elapsedSeconds * speed, 0, Math.max(0, length));
}

/** The sampled playback with its time moved to `now`: what commands and the UI should start from. */
export function playbackAt(sample: PlaybackSample, now: number): Playback {
  return { ...sample.playback, time: playbackTimeAt(sample, now) };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
