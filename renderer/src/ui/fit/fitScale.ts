/** A width and a height, in CSS pixels. */
export interface Extent {
  width: number;
  height: number;
}

/**
 * The layout's scale, or less when a widget of `size` at scale 1 would not fit in `room` (either way), kept to
 * three decimals and rounded down, so a widget whose size follows its scale (the legal line does) settles.
 */
export function fitScale(scale: number, size: Extent, room: Extent): number {
  const fits = [size.width > 0 && room.width > 0 ? room.width / size.width : Infinity];
  fits.push(size.height > 0 && room.height > 0 ? room.height / size.height : Infinity);
  const fitted = Math.min(scale, ...fits);
  return fitted === scale ? scale : Math.floor(fitted * 1000) / 1000;
}

/**
 * The scale that fits content that grows a little at a time (a list gaining rows), never above 1: the scale in use
 * (`current`) is kept while the content still fits at it and is not far smaller than the room, else the content
 * is fitted with `headroom` (a share of its height) to spare. A list that gains a row at a time then changes its
 * scale every few rows, each change a repaint of all of it, instead of on every row.
 */
export function steppedFitScale(current: number, size: Extent, room: Extent, headroom: number): number {
  const exact = fitScale(1, size, room);
  if (exact === 1) return 1;
  if (current <= exact && current * (1 + headroom) ** 2 > exact) return current;
  return fitScale(1, { width: size.width, height: size.height * (1 + headroom) }, room);
}
