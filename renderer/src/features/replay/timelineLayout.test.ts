import { describe, expect, it } from 'vitest';
import { rulerTicks, timelinePercent, timelineWindow, windowPercent, windowTimeAt } from './timelineLayout';

describe('timelinePercent', () => {
  it('places a time proportionally and keeps it on the timeline', () => {
    expect(timelinePercent(450, 1800)).toBe(25);
    expect(timelinePercent(-5, 1800)).toBe(0);
    expect(timelinePercent(2000, 1800)).toBe(100);
  });

  it('puts everything at the start while the length is unknown', () => {
    expect(timelinePercent(30, 0)).toBe(0);
    expect(timelinePercent(Number.NaN, 100)).toBe(0);
  });
});

describe('timelineWindow', () => {
  it('shows the whole replay without a zoom, or when the zoom is longer than the replay', () => {
    expect(timelineWindow(1800, null, 600)).toEqual({ start: 0, end: 1800 });
    expect(timelineWindow(90, 120, 30)).toEqual({ start: 0, end: 90 });
  });

  it('centres the span on the focus and keeps it inside the replay', () => {
    expect(timelineWindow(1800, 120, 600)).toEqual({ start: 540, end: 660 });
    expect(timelineWindow(1800, 120, 10)).toEqual({ start: 0, end: 120 });
    expect(timelineWindow(1800, 120, 1795)).toEqual({ start: 1680, end: 1800 });
  });
});

describe('windowPercent and windowTimeAt', () => {
  const window = { start: 540, end: 660 };

  it('places times inside the window and leaves out the rest', () => {
    expect(windowPercent(600, window)).toBe(50);
    expect(windowPercent(540, window)).toBe(0);
    expect(windowPercent(539, window)).toBeNull();
    expect(windowPercent(661, window)).toBeNull();
    expect(windowPercent(10, { start: 0, end: 0 })).toBeNull();
  });

  it('turns a click position back into a game time, inside the window', () => {
    expect(windowTimeAt(0.25, window)).toBe(570);
    expect(windowTimeAt(1.4, window)).toBe(660);
  });
});

describe('rulerTicks', () => {
  it('labels a 30-minute replay every 5 minutes', () => {
    expect(rulerTicks({ start: 0, end: 1845 })).toEqual([0, 300, 600, 900, 1200, 1500, 1800]);
  });

  it('labels a zoomed window on round times inside it', () => {
    expect(rulerTicks({ start: 545, end: 665 }, 8)).toEqual([570, 600, 630, 660]);
    expect(rulerTicks({ start: 100, end: 130 }, 8)).toEqual([100, 105, 110, 115, 120, 125, 130]);
  });

  it('never exceeds the limit, and has nothing to label before the length is known', () => {
    for (const end of [5, 59, 601, 3600, 7200])
      expect(rulerTicks({ start: 0, end }).length).toBeLessThanOrEqual(9);
    expect(rulerTicks({ start: 0, end: 0 })).toEqual([]);
  });
});
