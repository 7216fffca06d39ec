import type { Recording } from '@shared/contract/replay';
import { describe, expect, it } from 'vitest';
import { checkRecordingOutput, type RecordingFileSystem } from './recordingTracker';

const recording = (fields: Partial<Recording> = {}): Recording => ({
  recording: false,
  codec: 'webm',
  path: '/videos/clip.webm',
  startTime: 100,
  endTime: 200,
  currentTime: 200,
  framesPerSecond: 60,
  enforceFrameRate: true,
  replaySpeed: 1,
  lossless: false,
  width: 1920,
  height: 1080,
  ...fields,
});

/** A file system holding `files` (path → size) and `dirs` (path → entries). */
function fakeFs(files: Record<string, number>, dirs: Record<string, string[]> = {}): RecordingFileSystem {
  return {
    stat: async (path) => {
      if (path in files) return { kind: 'file', size: files[path] ?? 0 };
      if (path in dirs) return { kind: 'directory', size: 0 };
      return null;
    },
    readdir: async (path) => dirs[path] ?? [],
  };
}

describe('checking the output of a finished recording', () => {
  it('finds the file and its size', async () => {
    expect(await checkRecordingOutput(recording(), fakeFs({ '/videos/clip.webm': 4096 }))).toEqual({
      ok: true,
      output: { kind: 'file', path: '/videos/clip.webm', bytes: 4096, percent: 100 },
    });
  });

  it('finds png frames in a directory', async () => {
    const frames = recording({ codec: 'png', path: '/videos/frames' });
    const fs = fakeFs({}, { '/videos/frames': ['0002.png', 'notes.txt', '0001.PNG'] });
    expect(await checkRecordingOutput(frames, fs)).toEqual({
      ok: true,
      output: { kind: 'frames', path: '/videos/frames', files: ['0001.PNG', '0002.png'], percent: 100 },
    });
    expect(await checkRecordingOutput(frames, fakeFs({}, { '/videos/frames': [] }))).toEqual({
      ok: false,
      error: 'no .png files were written to /videos/frames',
    });
  });

  it('says so when no file was written, and how far the recording got', async () => {
    expect(await checkRecordingOutput(recording(), fakeFs({}))).toEqual({
      ok: false,
      error: 'no recording was written to /videos/clip.webm',
    });
    expect(await checkRecordingOutput(recording({ currentTime: 170 }), fakeFs({}))).toEqual({
      ok: false,
      error: 'no recording was written to /videos/clip.webm (it stopped at 70 %)',
    });
  });

  it('names a leftover temporary file as the cause', async () => {
    const fs = fakeFs({ '/videos/clip.webm.tmp': 1000 });
    expect(await checkRecordingOutput(recording({ currentTime: 168 }), fs)).toEqual({
      ok: false,
      error:
        'the recording did not finish (it stopped at 68 %): only the temporary file /videos/clip.webm.tmp was left',
    });
  });

  it('refuses to judge a recording still running, one without a path, or an empty file', async () => {
    const fs = fakeFs({ '/videos/clip.webm': 0 });
    expect(await checkRecordingOutput(recording({ recording: true }), fs)).toEqual({
      ok: false,
      error: 'the recording is still running',
    });
    expect(await checkRecordingOutput(recording({ path: '' }), fs)).toMatchObject({ ok: false });
    expect(await checkRecordingOutput(recording(), fs)).toEqual({
      ok: false,
      error: 'the recording file /videos/clip.webm is empty',
    });
  });
});
