import { reportedCameraPosition } from './followCamera';
import type { RecordingCodec, RecordingWriter } from './recordingOutput';
import { DEFAULT_PARTICLES, DEFAULT_RENDER } from './replayDefaults';
import type { ReplayScenario } from './scenario';

/** The replay's mutable resources. Playback time is derived from scenario time, so it moves without a timer. */

export interface PlaybackRecord {
  paused: boolean;
  seeking: boolean;
  time: number;
  speed: number;
  length: number;
}

export interface RecordingRecord {
  recording: boolean;
  codec: RecordingCodec;
  path: string;
  startTime: number;
  endTime: number;
  currentTime: number;
  framesPerSecond: number;
  enforceFrameRate: boolean;
  replaySpeed: number;
  lossless: boolean;
  width: number;
  height: number;
}

export type PlaybackPatch = Partial<Pick<PlaybackRecord, 'paused' | 'time' | 'speed'>>;
export type RecordingPatch = Partial<Omit<RecordingRecord, 'currentTime' | 'width' | 'height'>>;

export interface ReplayState {
  playback(): PlaybackRecord;
  updatePlayback(patch: PlaybackPatch): PlaybackRecord;
  render(): Record<string, unknown>;
  updateRender(patch: Record<string, unknown>): Record<string, unknown>;
  sequence(): Record<string, unknown>;
  /** `{}` removes the sequence. */
  setSequence(sequence: Record<string, unknown>): Record<string, unknown>;
  recording(): RecordingRecord;
  /** `{recording: true, …}` starts (seeks to startTime and plays); `{recording: false}` cancels. */
  updateRecording(patch: RecordingPatch): RecordingRecord | { error: string };
  particles(): Record<string, boolean>;
  updateParticles(patch: Record<string, boolean>): Record<string, boolean>;
  game(): { processID: number };
  /** Finishes a recording whose playback reached its end time (writes the file). */
  settle(): void;
}

/** Scenario seconds during which playback reports `seeking: true` after a jump. */
export const SEEK_SECONDS = 0.5;

export function createReplayState(
  replay: ReplayScenario,
  scenarioSeconds: () => number,
  writeRecording: RecordingWriter,
): ReplayState {
  const length = replay.length;
  // Playback time is anchorTime at anchorAt, then moves by speed per scenario second unless paused.
  let anchorTime = Math.min(replay.startTime, length);
  let anchorAt = scenarioSeconds();
  let seekingUntil = -Infinity;
  let paused = replay.paused;
  let speed = replay.speed;

  let render: Record<string, unknown> = { ...DEFAULT_RENDER, ...replay.render };
  let sequence: Record<string, unknown> = {};
  let particles: Record<string, boolean> = { ...(replay.particles ?? DEFAULT_PARTICLES) };
  let recording: RecordingRecord = {
    recording: false,
    codec: 'webm',
    path: '',
    startTime: 0,
    endTime: 0,
    currentTime: 0,
    framesPerSecond: 60,
    enforceFrameRate: false,
    replaySpeed: 1,
    lossless: false,
    width: replay.window.width,
    height: replay.window.height,
  };

  const timeAt = (t: number): number =>
    paused ? anchorTime : Math.min(length, anchorTime + Math.max(0, t - anchorAt) * speed);

  function reanchor(t: number): void {
    anchorTime = timeAt(t);
    anchorAt = Math.max(t, seekingUntil);
  }

  function seek(t: number, time: number): void {
    anchorTime = Math.min(Math.max(time, 0), length);
    seekingUntil = t + SEEK_SECONDS;
    anchorAt = seekingUntil;
  }

  function settle(): void {
    if (!recording.recording) return;
    const time = timeAt(scenarioSeconds());
    if (time < Math.min(recording.endTime, length)) return;
    const path = writeRecording({
      requestedPath: recording.path,
      codec: recording.codec,
      startTime: recording.startTime,
      endTime: recording.endTime,
    });
    recording = { ...recording, recording: false, currentTime: Math.min(recording.endTime, length), path };
  }

  function recordingNow(): RecordingRecord {
    settle();
    if (!recording.recording) return { ...recording };
    const time = timeAt(scenarioSeconds());
    return { ...recording, currentTime: Math.min(Math.max(time, recording.startTime), recording.endTime) };
  }

  function playback(): PlaybackRecord {
    const t = scenarioSeconds();
    return { paused, seeking: t < seekingUntil, time: timeAt(t), speed, length };
  }

  /** The render as the game reports it: a camera that follows a unit is where the unit is now. */
  function renderNow(): Record<string, unknown> {
    const time = timeAt(scenarioSeconds());
    return { ...render, cameraPosition: reportedCameraPosition(render, time) };
  }

  return {
    playback,
    updatePlayback(patch) {
      const t = scenarioSeconds();
      reanchor(t);
      if (patch.paused !== undefined) paused = patch.paused;
      if (patch.speed !== undefined) speed = patch.speed;
      if (patch.time !== undefined) seek(t, patch.time);
      return playback();
    },
    render: renderNow,
    updateRender(patch) {
      render = { ...render, ...patch };
      return renderNow();
    },
    sequence: () => ({ ...sequence }),
    setSequence(next) {
      sequence = { ...next };
      return { ...sequence };
    },
    recording: recordingNow,
    updateRecording(patch) {
      if (patch.recording === false) {
        recording = { ...recordingNow(), recording: false };
        return { ...recording };
      }
      if (patch.recording !== true) {
        // Settings changes between recordings; a running recording keeps its parameters.
        if (!recording.recording) recording = { ...recording, ...patch, recording: false };
        return recordingNow();
      }
      const t = scenarioSeconds();
      const startTime = patch.startTime ?? timeAt(t);
      const endTime = patch.endTime ?? length;
      if (endTime <= startTime)
        return { error: `endTime (${endTime}) must be after startTime (${startTime})` };
      recording = { ...recording, ...patch, recording: true, startTime, endTime, currentTime: startTime };
      reanchor(t);
      seek(t, startTime);
      paused = false;
      if (patch.replaySpeed !== undefined) speed = patch.replaySpeed;
      return recordingNow();
    },
    particles: () => ({ ...particles }),
    updateParticles(patch) {
      particles = { ...particles, ...patch };
      return { ...particles };
    },
    game: () => ({ processID: replay.processID }),
    settle,
  };
}
