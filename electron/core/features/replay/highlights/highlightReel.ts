import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  HighlightClip,
  HighlightFinding,
  HighlightOptions,
  HighlightRecording,
  RecordedHighlight,
} from '@shared/contract/highlights';
import type { Recording, RecordingStart, Sequence } from '@shared/contract/replay';
import { formatGameTime } from '@shared/contract';
import type { HttpClient } from '../../../platform/net/httpClient';
import { checkRecordingOutput, describeRecordingOutput, type RecordingFileSystem } from '../recordingTracker';
import type { ReplayClient, ReplayResult } from '../replayClient';
import { clipEvent, mergeMoments, pickMoments } from './highlightMoments';
import { clipSequence } from './highlightSequence';
import { readReplayEvents } from './replayEvents';

export type ReelResult<T> = { ok: true; value: T } | { ok: false; error: string };

export interface HighlightReelDeps {
  client: ReplayClient;
  /** The paced client the replay's readers share: the live data API is asked through it, once per find. */
  http: HttpClient;
  liveUrl(): string;
  recordingFs: RecordingFileSystem;
  /** How a recording starts: the app's goes through its replay driver, so the page shows it as any other. */
  startRecording?(start: RecordingStart): Promise<ReplayResult<Recording>>;
  sleep(ms: number): Promise<void>;
  /** How often a running recording is asked about (the replay API's pace). */
  recordingPollMs?: number;
}

/** A clip's recording must end within its length at this many times slower than real time, plus a minute. */
const RECORDING_SLACK_FACTOR = 4;
const RECORDING_SLACK_MS = 60_000;

/** Find a replay's highlights, play one in the game, record one to a file: the Replay page's and the CLI's. */
export interface HighlightReel {
  find(options: HighlightOptions): Promise<ReelResult<HighlightFinding>>;
  preview(clip: HighlightClip): Promise<ReelResult<Sequence>>;
  /** `onProgress` gets each reading of the recording while it runs. */
  record(
    clip: HighlightClip,
    index: number,
    settings: HighlightRecording,
    onProgress?: (recording: Recording) => void,
  ): Promise<ReelResult<RecordedHighlight>>;
}

export function createHighlightReel(deps: HighlightReelDeps): HighlightReel {
  const { client } = deps;
  const startRecording = deps.startRecording ?? ((start: RecordingStart) => client.startRecording(start));
  const pollMs = deps.recordingPollMs ?? 500;

  /** The clip's sequence in the game; the camera follows it once a unit is attached. */
  async function applyClip(clip: HighlightClip): Promise<ReelResult<Sequence>> {
    const applied = await client.applySequence(clipSequence(clip));
    if (!applied.ok) return { ok: false, error: applied.error.message };
    return applied;
  }

  async function waitForEnd(
    clip: HighlightClip,
    onProgress?: (recording: Recording) => void,
  ): Promise<ReelResult<Recording>> {
    const limitMs = (clip.end - clip.start) * 1000 * RECORDING_SLACK_FACTOR + RECORDING_SLACK_MS;
    for (let waited = 0; waited <= limitMs; waited += pollMs) {
      await deps.sleep(pollMs);
      const read = await client.recording();
      if (!read.ok) return { ok: false, error: read.error.message };
      onProgress?.(read.value);
      if (!read.value.recording) return read;
    }
    await client.stopRecording();
    return {
      ok: false,
      error: `the recording did not end within ${Math.round(limitMs / 1000)} s; it was stopped`,
    };
  }

  return {
    async find(options) {
      // The replay first: it says whether one runs at all, and how far it has played.
      const playback = await client.playback();
      if (!playback.ok) return { ok: false, error: playback.error.message };
      const read = await readReplayEvents(deps.http, deps.liveUrl());
      if (!read.ok) return read;
      const { events, players, mapNumber } = read.value;
      const length = playback.value.length;
      const moments = pickMoments(events, players, options.kinds, mapNumber).filter(
        (moment) => moment.time <= length,
      );
      return {
        ok: true,
        value: {
          clips: mergeMoments(moments, options, length),
          eventsUpTo: playback.value.time,
          length,
        },
      };
    },

    async preview(clip) {
      const applied = await applyClip(clip);
      if (!applied.ok) return applied;
      const played = await client.setPlayback({ time: clip.start, paused: false });
      return played.ok ? applied : { ok: false, error: played.error.message };
    },

    async record(clip, index, settings, onProgress) {
      const applied = await applyClip(clip);
      if (!applied.ok) return applied;
      const file = join(settings.folder, clipFileName(clip, index, settings.codec));
      const made = await mkdir(settings.folder, { recursive: true }).then(
        () => null,
        (error: unknown) => `the folder ${settings.folder} cannot be made: ${String(error)}`,
      );
      if (made) return { ok: false, error: made };
      const started = await startRecording({
        codec: settings.codec,
        path: file,
        startTime: clip.start,
        endTime: clip.end,
        framesPerSecond: settings.framesPerSecond,
        enforceFrameRate: true,
        lossless: settings.lossless,
      });
      if (!started.ok) return { ok: false, error: started.error.message };
      const ended = await waitForEnd(clip, onProgress);
      if (!ended.ok) return ended;
      const check = await checkRecordingOutput(ended.value, deps.recordingFs);
      if (!check.ok) return { ok: false, error: check.error };
      const { output } = check;
      const description = describeRecordingOutput(output);
      return {
        ok: true,
        value: {
          id: clip.id,
          event: clipEvent(clip),
          start: clip.start,
          end: clip.end,
          file: output.path,
          description,
        },
      };
    },
  };
}

/** `highlight-01-12m34s.webm`: in reel order, then where in the game; png codecs write a folder of frames. */
export function clipFileName(clip: HighlightClip, index: number, codec: HighlightRecording['codec']): string {
  const number = String(index + 1).padStart(2, '0');
  const at = formatGameTime(clip.start).replace(':', 'm') + 's';
  return `highlight-${number}-${at}${codec === 'webm' ? '.webm' : ''}`;
}
