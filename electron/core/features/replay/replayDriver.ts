import {
  AppRequestError,
  INITIAL_REPLAY_STATE,
  type AppState,
  type Recording,
  type RecordingStart,
  type ReplayFailure,
  type ReplayState,
} from '@shared/contract';
import { REPLAY_POLL_INTERVAL_MS } from '@shared/replay/playbackClock';
import type { StateHub } from '../../platform/hub/stateHub';
import type { Logger } from '../../platform/log/logger';
import type { HttpClient } from '../../platform/net/httpClient';
import { createPoller, type Poller, type PollResult, type Scheduler } from '../../platform/polling/poller';
import { reportSourceStatus } from '../../platform/sources/sourceStatus';
import { createThrottledCheck } from '../../platform/sources/throttledCheck';
import { checkRecordingOutput, describeRecordingOutput, type RecordingFileSystem } from './recordingTracker';
import type { ReplayClient, ReplayResult } from './replayClient';
import { createReplayFeedReader } from './replayFeed';

export interface ReplayDriverDeps {
  client: ReplayClient;
  http: HttpClient;
  hub: StateHub<AppState>;
  scheduler: Scheduler;
  logger: Logger;
  liveUrl(): string;
  recordingFs: RecordingFileSystem;
  /** Why game.cfg keeps the replay API off, one line each; shown with the status while it is off. */
  diagnoseReplayApi?(): Promise<string[]>;
}

export interface ReplayDriver {
  poller: Poller;
  /** Unwraps a replay result for a request handler, recording what it returned in the state. */
  settle<T>(result: ReplayResult<T>, apply?: (value: T) => Partial<ReplayState>): T;
  startRecording(start: RecordingStart): Promise<Recording>;
  /** The caster's stop: ends the recording early and reports what the game left on disk. */
  stopRecording(): Promise<Recording>;
}

const MAX_IDLE_INTERVAL_MS = 5000;
// Render, sequence, players and events change rarely: read them every few playback polls.
const SLOW_EVERY = 4;
/** game.cfg is located and read again at most this often while the replay API stays off. */
export const CONFIG_DIAGNOSIS_INTERVAL_MS = 10_000;

/**
 * Keeps the caster's view of the replay current: playback every 500 ms (the UI extrapolates between),
 * the rest less often, and checks the file when a recording finishes.
 */
export function createReplayDriver(deps: ReplayDriverDeps): ReplayDriver {
  const { client, hub, scheduler } = deps;
  const feed = createReplayFeedReader(deps.http, deps.liveUrl);
  let cycleCount = 0;
  /** The playback time this driver last read: reading an earlier one means the replay jumped back. */
  let lastPolledTime: number | null = null;

  const patch = (changes: Partial<ReplayState>): void =>
    hub.set('replay', { ...hub.state.replay, ...changes });

  // Locating game.cfg lists processes and reads the registry: not on every poll.
  const configDiagnosis = createThrottledCheck(
    async () => (await deps.diagnoseReplayApi?.().catch(() => [])) ?? [],
    CONFIG_DIAGNOSIS_INTERVAL_MS,
  );

  const reportFailure = async (failure: ReplayFailure): Promise<PollResult> => {
    if (failure.kind !== 'api-disabled') configDiagnosis.reset();
    const now = scheduler.now();
    switch (failure.kind) {
      case 'not-running':
        reportSourceStatus(hub, 'replay', 'not-running', failure.message, now);
        break;
      case 'api-disabled':
        reportSourceStatus(hub, 'replay', 'waiting', failure.message, now, await configDiagnosis.get(now));
        break;
      case 'live-game':
        reportSourceStatus(hub, 'replay', 'waiting', failure.message, now);
        break;
      case 'cancelled':
        return 'idle';
      default:
        reportSourceStatus(hub, 'replay', 'error', failure.message, now);
        patch({ problem: failure.kind });
        return 'active';
    }
    cycleCount = 0;
    lastPolledTime = null;
    client.forget();
    feed.reset();
    hub.set('replay', {
      ...INITIAL_REPLAY_STATE,
      problem: failure.kind,
      lastRecording: hub.state.replay.lastRecording,
    });
    return 'idle';
  };

  // Set by the caster's stop until the next start: a poll that sees the recording end meanwhile must not
  // call the missing file a failure.
  let stoppedByCaster = false;

  const finishRecording = async (
    previous: ReplayState['recording'],
    next: NonNullable<ReplayState['recording']>,
  ) => {
    if (!previous?.recording || next.recording) return;
    const stopped = stoppedByCaster;
    const check = await checkRecordingOutput(next, deps.recordingFs);
    patch({
      lastRecording: check.ok
        ? { ok: true, path: check.output.path, description: describeRecordingOutput(check.output), stopped }
        : { ok: false, error: check.error, stopped },
    });
  };

  const cycle = async (signal: AbortSignal): Promise<PollResult> => {
    const playback = await client.playback(signal);
    if (!playback.ok) return reportFailure(playback.error);
    configDiagnosis.reset();
    if (lastPolledTime !== null && playback.value.time < lastPolledTime) feed.reset();
    lastPolledTime = playback.value.time;
    reportSourceStatus(hub, 'replay', 'connected', null, scheduler.now());
    patch({
      playback: { ...playback.value, sampledAt: client.lastPlayback()?.sampledAt ?? scheduler.now() },
    });

    const slow = cycleCount % SLOW_EVERY === 0;
    cycleCount += 1;
    const previousRecording = hub.state.replay.recording;
    if (slow || previousRecording?.recording) {
      const recording = await client.recording(signal);
      if (recording.ok) {
        patch({ recording: recording.value });
        await finishRecording(previousRecording, recording.value);
      }
    }
    if (slow) {
      // Each shown as it arrives: waiting for the slowest (the event tail keeps the live data API's
      // 1 s pace) would let a caster's command land first and then be painted over by the older read.
      await Promise.all([
        client.render(signal).then((render) => {
          if (render.ok) patch({ render: render.value });
        }),
        client.sequence(signal).then((sequence) => {
          if (sequence.ok) patch({ sequence: sequence.value });
        }),
        feed.read(signal).then((seen) => {
          if (seen) patch(seen);
        }),
      ]);
    }
    return 'active';
  };

  const poller = createPoller({
    intervalMs: REPLAY_POLL_INTERVAL_MS,
    maxIdleIntervalMs: MAX_IDLE_INTERVAL_MS,
    scheduler,
    cycle,
    onError: (error) => deps.logger.error('replay poll failed', { error: String(error) }),
  });

  return {
    poller,
    settle(result, apply) {
      if (!result.ok) {
        const code =
          result.error.kind === 'rejected' || result.error.kind === 'bad-response'
            ? 'bad-input'
            : 'unsupported';
        throw new AppRequestError({ code, message: result.error.message });
      }
      if (apply) patch(apply(result.value));
      return result.value;
    },
    async startRecording(start) {
      const recording = this.settle(await client.startRecording(start), (next) => ({
        recording: next,
        lastRecording: null,
      }));
      stoppedByCaster = false;
      return recording;
    },
    async stopRecording() {
      const previous = hub.state.replay.recording;
      // Set before the request: a poll may see the recording end while the stop is on its way.
      stoppedByCaster = true;
      const result = await client.stopRecording();
      if (!result.ok) stoppedByCaster = false;
      const next = this.settle(result, (recording) => ({ recording }));
      await finishRecording(previous, next);
      return next;
    },
  };
}
