import { describe, expect, it } from 'vitest';
import type { HighlightClip } from '@shared/contract/highlights';
import { clipsFolder, dropClip, moveClip, trimClip } from './highlightReel';

const clip = (id: string, start: number, end: number): HighlightClip => ({
  id,
  start,
  end,
  moments: [{ time: start + 8, kind: 'kills', label: id, follow: null }],
});
const REEL = [clip('a', 10, 20), clip('b', 40, 60), clip('c', 90, 100)];
const ids = (clips: HighlightClip[]) => clips.map((each) => each.id);

describe('editing a highlight reel', () => {
  it('moves a clip earlier or later, and leaves one at either end where it is', () => {
    expect(ids(moveClip(REEL, 2, -1))).toEqual(['a', 'c', 'b']);
    expect(ids(moveClip(REEL, 0, 1))).toEqual(['b', 'a', 'c']);
    expect(ids(moveClip(REEL, 0, -1))).toEqual(['a', 'b', 'c']);
    expect(ids(moveClip(REEL, 2, 1))).toEqual(['a', 'b', 'c']);
  });

  it('drops a clip', () => {
    expect(ids(dropClip(REEL, 'b'))).toEqual(['a', 'c']);
  });

  it('trims a clip within the replay, never shorter than a second', () => {
    expect(trimClip(REEL, 'b', { start: 35 }, 120)[1]).toMatchObject({ start: 35, end: 60 });
    expect(trimClip(REEL, 'b', { start: 70 }, 120)[1]).toMatchObject({ start: 59, end: 60 });
    expect(trimClip(REEL, 'b', { end: 500 }, 120)[1]).toMatchObject({ start: 40, end: 120 });
    expect(trimClip(REEL, 'b', { end: 12 }, 120)[1]).toMatchObject({ start: 40, end: 41 });
    expect(trimClip(REEL, 'a', { start: -5 }, 120)[0]).toMatchObject({ start: 0, end: 20 });
  });
});

describe('where the clips are saved', () => {
  it('is the recording panel’s folder, the folder of its file, or the videos folder', () => {
    expect(clipsFolder('/home/caster/clips', '/home/caster/Videos')).toBe('/home/caster/clips');
    expect(clipsFolder('/home/caster/clips/final.webm', '/home/caster/Videos')).toBe('/home/caster/clips');
    expect(clipsFolder('C:\\Clips\\final.webm', null)).toBe('C:\\Clips');
    expect(clipsFolder('  ', '/home/caster/Videos')).toBe('/home/caster/Videos');
    expect(clipsFolder('final.webm', '/home/caster/Videos')).toBe('/home/caster/Videos');
  });
});
