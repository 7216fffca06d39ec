import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveRecordingPath } from './recordingOutput';

const finished = { codec: 'webm' as const, startTime: 60, endTime: 90 };

describe('resolveRecordingPath', () => {
  it('writes a requested file where asked, or inside a requested directory', () => {
    expect(resolveRecordingPath({ ...finished, requestedPath: '/videos/clip.webm' }, undefined)).toBe(
      '/videos/clip.webm',
    );
    expect(resolveRecordingPath({ ...finished, requestedPath: '/videos' }, undefined)).toBe(
      '/videos/sightline-60-90.webm',
    );
    expect(resolveRecordingPath({ ...finished, codec: 'png', requestedPath: '/frames' }, undefined)).toBe(
      '/frames/sightline-60-90.png',
    );
  });

  it('keeps every file inside the output dir when one is configured', () => {
    expect(resolveRecordingPath({ ...finished, requestedPath: 'D:\\clips\\a.webm' }, '/out')).toBe(
      join('/out', 'a.webm'),
    );
    expect(resolveRecordingPath({ ...finished, requestedPath: '' }, '/out')).toBe(
      join('/out', 'sightline-60-90.webm'),
    );
  });
});
