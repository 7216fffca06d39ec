import type { Sequence } from '@shared/contract/replay';
import { describe, expect, it } from 'vitest';
import {
  parseSequenceFile,
  sequenceFileName,
  serialiseSequenceFile,
  type NamedSequence,
} from './sequenceFile';

const sequence: Sequence = {
  cameraPosition: [
    { time: 612, value: { x: 1, y: 2, z: 3 }, blend: 'smoothStep' },
    { time: 620, value: { x: 4, y: 5, z: 6 }, blend: 'linear' },
  ],
  selectionName: [{ time: 612, value: 'Ahri', blend: 'snap' }],
  depthFogColor: [{ time: 615, value: { r: 0.1, g: 0.2, b: 0.3, a: 1 }, blend: 'sineEaseIn' }],
};

describe('sequence files', () => {
  it('round-trips a named sequence, keeping tracks this version does not know', () => {
    const named: NamedSequence = {
      name: 'Baron steal',
      sequence,
      otherTracks: { cameraWobble: [{ time: 1 }] },
    };
    const text = serialiseSequenceFile(named);
    expect(JSON.parse(text)).toMatchObject({
      format: 'sightline.replay-sequence',
      version: 1,
      name: 'Baron steal',
    });
    expect(parseSequenceFile(text, 'baron.json')).toEqual({
      ok: true,
      value: named,
      warnings: ['"cameraWobble" is not a track this version knows; it is kept in the file but not applied'],
    });
  });

  it("reads League Director's files: bare tracks, every track present, unsorted, named by the file", () => {
    const text = JSON.stringify({
      playbackSpeed: [],
      fieldOfView: [
        { time: 20, value: 60, blend: 'linear' },
        { time: 10, value: 40, blend: 'snap' },
      ],
      farClip: null,
    });
    expect(parseSequenceFile(text, '/home/me/Documents/LeagueDirector/sequences/teamfight.json')).toEqual({
      ok: true,
      value: {
        name: 'teamfight',
        sequence: {
          fieldOfView: [
            { time: 10, value: 40, blend: 'snap' },
            { time: 20, value: 60, blend: 'linear' },
          ],
        },
        otherTracks: {},
      },
      warnings: [],
    });
  });

  it('names what is wrong with a bad file instead of loading part of it', () => {
    // Damaged: bytes that are no sequence at all (cut mid-write). The library moves those aside.
    expect(parseSequenceFile('{"cameraPosition": [', 'a.json')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^a\.json is not valid JSON \(/),
      damaged: true,
    });
    expect(parseSequenceFile('[1, 2]', 'a.json')).toEqual({
      ok: false,
      error: 'a.json does not hold a sequence (expected a JSON object)',
      damaged: true,
    });
    // The rest are whole files this version refuses: not damaged, so they stay where they are.
    expect(parseSequenceFile('{"format":"obs-scene","tracks":{}}', 'a.json')).toEqual({
      ok: false,
      error: 'a.json is not a replay sequence (its format is "obs-scene")',
    });
    expect(
      parseSequenceFile('{"format":"sightline.replay-sequence","version":2,"tracks":{}}', 'a.json'),
    ).toEqual({ ok: false, error: 'a.json was saved by a newer Sightline (format version 2)' });

    const bad = JSON.stringify({
      cameraPosition: [{ time: 1, value: { x: 1, y: 2 }, blend: 'linear' }],
      fieldOfView: [{ time: -1, value: 40, blend: 'wobble' }],
    });
    const result = parseSequenceFile(bad, 'bad.json');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^bad\.json has keyframes the replay cannot use: /);
    expect(!result.ok && result.error).toContain('cameraPosition[0].value.z');
    expect(!result.ok && result.error).toContain('fieldOfView[0].time');
    expect(!result.ok && result.error).toContain('fieldOfView[0].blend');
  });

  it('limits a long list of problems', () => {
    const many = {
      fieldOfView: Array.from({ length: 8 }, (_, time) => ({ time, value: 'x', blend: 'linear' })),
    };
    const result = parseSequenceFile(JSON.stringify(many), 'many.json');
    expect(!result.ok && result.error).toMatch(/\(and 3 more\)$/);
  });
});

describe('sequence file names', () => {
  it('accepts a plain name and adds .json', () => {
    expect(sequenceFileName('  Baron steal 2  ')).toEqual({ ok: true, fileName: 'Baron steal 2.json' });
  });

  it('refuses names no platform can save or that escape the folder', () => {
    for (const name of [
      '',
      '   ',
      '../../platform/secrets',
      'a/b',
      'a\\b',
      'what?',
      'trailing.',
      '.hidden',
      'CON',
      'lpt1',
      'x'.repeat(81),
    ]) {
      expect(sequenceFileName(name), name).toMatchObject({ ok: false });
    }
  });
});
