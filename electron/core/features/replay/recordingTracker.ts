import { readdir, stat } from 'node:fs/promises';
import type { Recording } from '@shared/contract/replay';
import { recordingPercent } from '@shared/replay/recordingProgress';

/** Recording progress from the polled resource, and a check that a finished recording left a file. */

/** What the file system can tell us; injected so tests need no disk. */
export interface RecordingFileSystem {
  /** null when nothing is there. */
  stat(path: string): Promise<{ kind: 'file' | 'directory' | 'other'; size: number } | null>;
  readdir(path: string): Promise<string[]>;
}

export const nodeRecordingFileSystem: RecordingFileSystem = {
  async stat(path) {
    const found = await stat(path).catch(() => null);
    if (!found) return null;
    return { kind: found.isFile() ? 'file' : found.isDirectory() ? 'directory' : 'other', size: found.size };
  },
  readdir: (path) => readdir(path),
};

export type RecordingOutput =
  | { kind: 'file'; path: string; bytes: number; percent: number }
  | { kind: 'frames'; path: string; files: string[]; percent: number };

export type RecordingCheck = { ok: true; output: RecordingOutput } | { ok: false; error: string };

/**
 * After recording stops: did the game write what was asked? The game writes `<file>.tmp` while it
 * records and renames it at the end; users report recordings that stop early and leave only that
 * (League Director #5, #14), so a lone .tmp is named as the cause.
 */
export async function checkRecordingOutput(
  recording: Recording,
  fs: RecordingFileSystem,
): Promise<RecordingCheck> {
  if (recording.recording) return failure('the recording is still running');
  const path = recording.path;
  if (path === '') return failure('the replay did not say where it saved the recording');
  const percent = recordingPercent(recording);
  const stoppedAt = percent < 100 ? ` (it stopped at ${Math.floor(percent)} %)` : '';

  const found = await fs.stat(path);
  if (found?.kind === 'file') {
    if (found.size === 0) return failure(`the recording file ${path} is empty${stoppedAt}`);
    return { ok: true, output: { kind: 'file', path, bytes: found.size, percent } };
  }
  if (found?.kind === 'directory') {
    const extension = recording.codec === 'webm' ? '.webm' : '.png';
    const files = (await fs.readdir(path)).filter((name) => name.toLowerCase().endsWith(extension)).sort();
    if (files.length === 0) return failure(`no ${extension} files were written to ${path}${stoppedAt}`);
    return { ok: true, output: { kind: 'frames', path, files, percent } };
  }
  if ((await fs.stat(`${path}.tmp`))?.kind === 'file') {
    return failure(`the recording did not finish${stoppedAt}: only the temporary file ${path}.tmp was left`);
  }
  return failure(`no recording was written to ${path}${stoppedAt}`);
}

function failure(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

/** What a finished recording left, in a few words: "2.1 MB", "312 KB", "240 frames". */
export function describeRecordingOutput(output: RecordingOutput): string {
  if (output.kind === 'frames') return `${output.files.length} frames`;
  const megabytes = output.bytes / (1024 * 1024);
  return megabytes >= 1 ? `${megabytes.toFixed(1)} MB` : `${Math.max(1, Math.round(output.bytes / 1024))} KB`;
}
