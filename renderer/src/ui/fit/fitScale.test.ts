import { describe, expect, it } from 'vitest';
import { fitScale, steppedFitScale } from './fitScale';

describe('fitScale', () => {
  const tall = 3000;
  it('keeps the layout scale while the widget fits, and shrinks it to the room when it does not', () => {
    expect(fitScale(1, { width: 1400, height: 100 }, { width: 1872, height: 1032 })).toBe(1);
    expect(fitScale(0.8, { width: 1400, height: 100 }, { width: 1872, height: 1032 })).toBe(0.8);
    expect(fitScale(1, { width: 1400, height: 100 }, { width: 700, height: tall })).toBe(0.5);
    // A widget scaled up by the layout is brought back down to fit, never past the room.
    expect(fitScale(1.5, { width: 1400, height: 100 }, { width: 1400, height: tall })).toBe(1);
  });

  it('fits the height too: a feed taller than a short source is scaled to show all of it', () => {
    expect(fitScale(1, { width: 400, height: 600 }, { width: 592, height: 300 })).toBe(0.5);
    expect(fitScale(1, { width: 400, height: 900 }, { width: 592, height: 300 })).toBe(0.333);
  });

  it('leaves the scale alone before the widget is laid out', () => {
    expect(fitScale(1, { width: 0, height: 0 }, { width: 800, height: 600 })).toBe(1);
    expect(fitScale(1, { width: 1400, height: 100 }, { width: 0, height: 0 })).toBe(1);
  });
});

describe('steppedFitScale', () => {
  const room = { width: 324, height: 624 };
  const list = (height: number) => ({ width: 324, height });

  it('is fitScale without headroom', () => {
    for (const height of [300, 700, 1400])
      expect(steppedFitScale(0.5, list(height), room, 0)).toBe(fitScale(1, list(height), room));
  });

  it('leaves a list that fits at full size, and fits one that outgrew the room with headroom to spare', () => {
    expect(steppedFitScale(1, list(600), room, 0.2)).toBe(1);
    // 700 high: 624 / 700 fits it exactly; 624 / 840 leaves a fifth of its height to grow into.
    expect(steppedFitScale(1, list(700), room, 0.2)).toBe(0.742);
  });

  it('keeps its scale while the list grows into its headroom, and steps down once it outgrows it', () => {
    let scale = steppedFitScale(1, list(700), room, 0.2);
    const steps = new Set([scale]);
    for (let height = 700; height <= 1400; height += 37) {
      scale = steppedFitScale(scale, list(height), room, 0.2);
      // Always inside the room.
      expect(height * scale).toBeLessThanOrEqual(room.height);
      steps.add(scale);
    }
    // 19 rows gained, a handful of scales: not one per row.
    expect(steps.size).toBeLessThanOrEqual(5);
  });

  it('grows back when the list is much shorter than its scale was made for (a new game)', () => {
    expect(steppedFitScale(0.45, list(300), room, 0.2)).toBe(1);
    expect(steppedFitScale(0.45, list(900), room, 0.2)).toBe(0.577);
  });
});
