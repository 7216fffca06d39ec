import { useMutation } from '@tanstack/react-query';
import type { Playback, ReplayState, RequestChannel, RequestInput, RequestOutput } from '@shared/contract';
import { playbackTimeAt } from '@shared/replay/playbackClock';
import { useAppApi, useAppState } from '../../state/AppContext';
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

/** One request channel as a mutation: pending and error state for the control that sends it. */
export function useReplayRequest<C extends RequestChannel>(channel: C) {
  const api = useAppApi();
  return useMutation<RequestOutput<C>, Error, RequestInput<C>>({
    mutationKey: [channel],
    mutationFn: (input) => api.request(channel, input),
  });
}
