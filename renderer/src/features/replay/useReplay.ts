import type { Playback, ReplayState } from '@shared/contract';
import { playbackTimeAt } from '@shared/replay/playbackClock';
import { useAppState } from '../../state/AppContext';
import { useNow } from '../../ui/time/useNow';

export function useReplayState(): ReplayState | null {
  return useAppState((state) => state.replay);
}

/** True only while replay requests can work; controls are disabled otherwise. */
export function useReplayConnected(): boolean {
  return useAppState((state) => state.sources.replay.state === 'connected') ?? false;
}

export interface PlaybackClock {
  playback: (Playback & { sampledAt: number }) | null;
  /** Game seconds now, moved on from the last poll at the sampled speed. */
  time: number;
}

/** The playback position, re-rendered every `periodMs` while the replay plays. */
export function usePlaybackClock(periodMs = 200): PlaybackClock {
  const playback = useAppState((state) => state.replay.playback) ?? null;
  const now = useNow(periodMs, playback !== null && !playback.paused && !playback.seeking);
  if (!playback) return { playback: null, time: 0 };
  return { playback, time: playbackTimeAt({ playback, sampledAt: playback.sampledAt }, now) };
}
