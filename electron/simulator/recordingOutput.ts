import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, win32 } from 'node:path';

/** Where and what a finished simulated recording writes: a small stand-in file, not real video. */

export type RecordingCodec = 'webm' | 'png' | 'pngAndDepth';

export interface FinishedRecording {
  /** The path the client asked for ("" when none). */
  requestedPath: string;
  codec: RecordingCodec;
  startTime: number;
  endTime: number;
}

/** Writes a finished recording and returns the file's path. */
export type RecordingWriter = (recording: FinishedRecording) => string;

// EBML magic (WebM) and a 1x1 transparent PNG: enough for a file-type sniff.
const WEBM_STUB = Buffer.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d,
]);
const PNG_STUB = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A requested path with an extension is a file, anything else a directory. With `outputDir` set,
 * files always land there (tests and demos must not write where a client points).
 */
export function resolveRecordingPath(recording: FinishedRecording, outputDir: string | undefined): string {
  const extension = recording.codec === 'webm' ? '.webm' : '.png';
  const generated = `sightline-${Math.round(recording.startTime)}-${Math.round(recording.endTime)}${extension}`;
  const requested = recording.requestedPath;
  // win32 path functions split on both separators: clients may send Windows paths.
  const isFile = requested !== '' && win32.extname(requested) !== '';
  if (outputDir) return join(outputDir, isFile ? win32.basename(requested) : generated);
  if (isFile) return requested;
  return join(requested || join(tmpdir(), 'sightline-simulator-recordings'), generated);
}

export function createRecordingWriter(outputDir: string | undefined): RecordingWriter {
  return (recording) => {
    const path = resolveRecordingPath(recording, outputDir);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, recording.codec === 'webm' ? WEBM_STUB : PNG_STUB);
    return path;
  };
}
