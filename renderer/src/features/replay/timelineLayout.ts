/** Where things sit on a timeline, as CSS percentages of the part of the replay it shows. */

export function timelinePercent(time: number, length: number): number {
  if (!(length > 0) || !Number.isFinite(time)) return 0;
  return Math.min(100, Math.max(0, (time / length) * 100));
}

/** The game seconds a zoomed timeline shows. */
export interface TimelineWindow {
  start: number;
  end: number;
}

/**
 * `span` seconds around `focus`, kept inside the replay; the whole replay when `span` is null or
 * longer than it.
 */
export function timelineWindow(length: number, span: number | null, focus: number): TimelineWindow {
  const whole = { start: 0, end: Math.max(0, length) };
  if (span === null || !(span > 0) || span >= length) return whole;
  const start = Math.min(Math.max(focus - span / 2, 0), length - span);
  return { start, end: start + span };
}

/** A time's place in the window, or null when it is outside (not drawn). */
export function windowPercent(time: number, window: TimelineWindow): number | null {
  const span = window.end - window.start;
  if (!(span > 0) || !Number.isFinite(time) || time < window.start || time > window.end) return null;
  return ((time - window.start) / span) * 100;
}

/** The game time at a fraction (0–1) of the window's width: where a click on it lands. */
export function windowTimeAt(fraction: number, window: TimelineWindow): number {
  const clamped = Math.min(1, Math.max(0, fraction));
  return window.start + clamped * (window.end - window.start);
}

// Ruler steps a caster reads at a glance: whole minutes once the window is long enough.
const RULER_STEPS = [1, 2, 5, 10, 30, 60, 120, 300, 600, 900, 1800];

/** Labelled ruler times inside the window, on multiples of a step that gives at most `maxTicks` labels. */
export function rulerTicks(window: TimelineWindow, maxTicks = 8): number[] {
  const span = window.end - window.start;
  if (!(span > 0)) return [];
  const step = RULER_STEPS.find((candidate) => span / candidate <= maxTicks) ?? RULER_STEPS.at(-1) ?? 1800;
  const ticks: number[] = [];
  for (let time = Math.ceil(window.start / step) * step; time <= window.end; time += step) ticks.push(time);
  return ticks;
}
