import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Sequence } from '@shared/contract';
import { createSequenceLibrary } from './sequenceLibrary';

const AT = Date.UTC(2026, 10, 25, 21, 5, 1);
const sequence: Sequence = {
  cameraPosition: [
    { time: 10, value: { x: 1, y: 2, z: 3 }, blend: 'linear' },
    { time: 20, value: { x: 4, y: 5, z: 6 }, blend: 'linear' },
  ],
};

async function library() {
  const folder = join(await mkdtemp(join(tmpdir(), 'sightline-sequences-')), 'sequences');
  const moved: { path: string; movedTo: string; problem: string }[] = [];
  const sequences = createSequenceLibrary(folder, {
    onMovedAside: (entry) => moved.push(entry),
    now: () => AT,
  });
  return { folder, moved, sequences };
}

describe('the sequence library', () => {
  it('moves a file cut mid-write aside, bytes and all, and keeps listing the others', async () => {
    const { folder, moved, sequences } = await library();
    await sequences.save('Baron fight', sequence);
    await sequences.save('Dragon', sequence);
    await sequences.save('Intro', sequence);
    const whole = await readFile(join(folder, 'Dragon.json'));
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    await writeFile(join(folder, 'Dragon.json'), cut);
    const others = {
      baron: await readFile(join(folder, 'Baron fight.json')),
      intro: await readFile(join(folder, 'Intro.json')),
    };

    expect((await sequences.list()).map((entry) => [entry.name, entry.keyframes])).toEqual([
      ['Baron fight', 2],
      ['Intro', 2],
    ]);
    expect(moved).toEqual([
      {
        path: join(folder, 'Dragon.json'),
        movedTo: join(folder, 'Dragon.json.corrupt-20261125T210501Z'),
        problem: expect.stringMatching(/^not valid JSON \(/),
      },
    ]);
    expect(await readFile(join(folder, 'Dragon.json.corrupt-20261125T210501Z'))).toEqual(cut);
    expect(await readFile(join(folder, 'Baron fight.json'))).toEqual(others.baron);
    expect(await readFile(join(folder, 'Intro.json'))).toEqual(others.intro);
    // Told once: the moved copy is no sequence file, so the next listing neither lists nor moves it.
    await sequences.list();
    expect(moved).toHaveLength(1);
    await expect(sequences.load('Dragon')).rejects.toThrow(/No saved sequence named "Dragon"/);
  });

  it('leaves a whole file it cannot use where it is, listed by name', async () => {
    const { folder, moved, sequences } = await library();
    await sequences.save('Intro', sequence);
    const newer = JSON.stringify({ format: 'sightline.replay-sequence', version: 9, tracks: {} });
    await writeFile(join(folder, 'Future.json'), newer);

    expect((await sequences.list()).map((entry) => entry.name)).toEqual(['Future', 'Intro']);
    expect(moved).toEqual([]);
    expect((await readdir(folder)).sort()).toEqual(['Future.json', 'Intro.json']);
  });
});
