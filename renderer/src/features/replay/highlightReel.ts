import type { HighlightClip } from '@shared/contract/highlights';

/** The caster's edits of a highlight reel before it is recorded: order, drops and each clip's range. */

/** The shortest clip the timeline lets a caster trim to, in game seconds. */
export const MIN_CLIP_SECONDS = 1;

/** The reel with the clip at `index` moved `by` places (−1 earlier, +1 later); unchanged at either end. */
export function moveClip(clips: readonly HighlightClip[], index: number, by: -1 | 1): HighlightClip[] {
  const target = index + by;
  const next = [...clips];
  const moved = next[index];
  if (!moved || target < 0 || target >= next.length) return next;
  next.splice(index, 1);
  next.splice(target, 0, moved);
  return next;
}

export function dropClip(clips: readonly HighlightClip[], id: string): HighlightClip[] {
  return clips.filter((clip) => clip.id !== id);
}

/**
 * The reel with one clip's start or end moved, kept within the replay (0 to `length`) and at least
 * MIN_CLIP_SECONDS long: a handle dragged past the other stops there.
 */
export function trimClip(
  clips: readonly HighlightClip[],
  id: string,
  change: { start?: number; end?: number },
  length: number,
): HighlightClip[] {
  return clips.map((clip) => {
    if (clip.id !== id) return clip;
    const start =
      change.start === undefined ? clip.start : clamp(change.start, 0, clip.end - MIN_CLIP_SECONDS);
    const end = change.end === undefined ? clip.end : clamp(change.end, start + MIN_CLIP_SECONDS, length);
    return { ...clip, start, end };
  });
}

/**
 * Where the clips are saved: the recording panel's "Save to" when it names a folder, the folder of the file
 * it names, or else the videos folder.
 */
export function clipsFolder(savePath: string, videosFolder: string | null): string | null {
  const path = savePath.trim();
  if (path === '') return videosFolder;
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const name = path.slice(cut + 1);
  if (!/\.[A-Za-z0-9]+$/.test(name)) return path;
  return cut > 0 ? path.slice(0, cut) : videosFolder;
}

const clamp = (value: number, min: number, max: number): number => Math.min(Math.max(value, min), max);
