import { describe, expect, it } from 'vitest';
import {
  alignmentInBox,
  boxFromAnchor,
  clampBox,
  moveBox,
  resizeBox,
  snapBox,
  type PlacementBox,
} from './overlayPlacement';
import { settingsPatchSchema, settingsSchema } from './settings';

const box = (x: number, y: number, width: number, height: number): PlacementBox => ({ x, y, width, height });

describe('clampBox', () => {
  it('keeps a box dragged past any edge inside the screen, at its size', () => {
    expect(clampBox(box(-0.2, -0.1, 0.3, 0.2))).toEqual(box(0, 0, 0.3, 0.2));
    expect(clampBox(box(0.9, 0.95, 0.3, 0.2))).toEqual(box(0.7, 0.8, 0.3, 0.2));
  });

  it('holds the size between 5 % and the whole screen', () => {
    expect(clampBox(box(0.5, 0.5, 0.01, 0))).toEqual(box(0.5, 0.5, 0.05, 0.05));
    expect(clampBox(box(0.2, 0.2, 1.4, 3))).toEqual(box(0, 0, 1, 1));
  });
});

describe('moveBox and resizeBox', () => {
  it('move by the step and stop at the edge', () => {
    expect(moveBox(box(0.1, 0.1, 0.2, 0.2), 0.01, -0.01)).toEqual(box(0.11, 0.09, 0.2, 0.2));
    expect(moveBox(box(0.79, 0.1, 0.2, 0.2), 0.05, 0)).toEqual(box(0.8, 0.1, 0.2, 0.2));
  });

  it('grow from the top-left corner without pushing the box off the screen', () => {
    expect(resizeBox(box(0.1, 0.1, 0.2, 0.2), 0.01, 0.02)).toEqual(box(0.1, 0.1, 0.21, 0.22));
    expect(resizeBox(box(0.7, 0.9, 0.2, 0.08), 0.2, 0.2)).toEqual(box(0.7, 0.9, 0.3, 0.1));
    expect(resizeBox(box(0.7, 0.9, 0.06, 0.06), -0.05, -0.05)).toEqual(box(0.7, 0.9, 0.05, 0.05));
  });
});

describe('snapBox', () => {
  it('snaps a box near an edge, the anchors’ margin or the centre line to it, each way on its own', () => {
    expect(snapBox(box(0.004, 0.5, 0.2, 0.1)).x).toBe(0);
    // The 24 px margin of an anchored widget: 24/1920 across, 24/1080 down.
    expect(snapBox(box(0.02, 0.03, 0.2, 0.1))).toMatchObject({ x: 0.0125, y: 0.0222 });
    expect(snapBox(box(0.395, 0.3, 0.2, 0.1)).x).toBe(0.4);
    expect(snapBox(box(0.5, 0.897, 0.2, 0.1)).y).toBe(0.9);
  });

  it('leaves a box away from every guide where it was', () => {
    const free = box(0.23, 0.31, 0.2, 0.1);
    expect(snapBox(free)).toEqual(free);
    expect(snapBox(box(0.036, 0.31, 0.2, 0.1)).x).toBe(0.036);
  });
});

describe('boxFromAnchor', () => {
  it('puts an anchored widget at its corner with the canvas margin, at its size for the scale', () => {
    // The bar at 1872×150 (the width of a 1920 source less the canvas margins), centred at the top.
    expect(boxFromAnchor('scoreboard', 'top-center', 1)).toEqual(box(0.0125, 0.0222, 0.975, 0.1389));
    // The feed at 460×420 × 1.5 in the bottom-left corner.
    expect(boxFromAnchor('feed', 'bottom-left', 1.5)).toEqual(box(0.0125, 0.3944, 0.3594, 0.5833));
    expect(boxFromAnchor('feed', 'top-right', 0.5)).toEqual(box(0.8677, 0.0222, 0.1198, 0.1944));
  });

  it('moves a widget further in from its edge by the clearance asked (a feed under the bar)', () => {
    const clear = boxFromAnchor('feed', 'top-right', 1, 100);
    expect(clear.y).toBeCloseTo((24 + 100) / 1080, 4);
    const aboveHalfBar = boxFromAnchor('feed', 'bottom-right', 1, 50);
    expect(aboveHalfBar.y + aboveHalfBar.height).toBeCloseTo(1 - (24 + 50) / 1080, 3);
  });

  it('keeps even the largest scale inside the screen', () => {
    const large = boxFromAnchor('scoreboard', 'bottom-right', 2);
    expect(large).toEqual(clampBox(large));
    expect(large.width).toBe(1);
  });
});

describe('alignmentInBox', () => {
  it('leans a widget to the nearest edge of the screen: thirds across, halves down', () => {
    expect(alignmentInBox(box(0, 0, 0.2, 0.2))).toEqual({ horizontal: 'left', vertical: 'top' });
    expect(alignmentInBox(box(0.125, 0.02, 0.75, 0.1))).toEqual({ horizontal: 'center', vertical: 'top' });
    expect(alignmentInBox(box(0.75, 0.6, 0.24, 0.3))).toEqual({ horizontal: 'right', vertical: 'bottom' });
  });
});

describe('overlay placement settings', () => {
  it('load an older file with anchors and scales only: no box, the anchors kept', () => {
    const overlays = settingsSchema.parse({
      overlays: { scoreboardAnchor: 'bottom-center', scoreboardScale: 1.25, feedAnchor: 'top-left' },
    }).overlays;
    expect(overlays).toMatchObject({
      scoreboardAnchor: 'bottom-center',
      scoreboardScale: 1.25,
      scoreboardBox: null,
      feedAnchor: 'top-left',
      feedBox: null,
    });
  });

  it('take a box inside the screen, and null to go back to the anchor', () => {
    const placed = box(0.1, 0.8, 0.5, 0.15);
    expect(settingsPatchSchema.parse({ overlays: { scoreboardBox: placed } })).toEqual({
      overlays: { scoreboardBox: placed },
    });
    expect(settingsPatchSchema.parse({ overlays: { feedBox: null } })).toEqual({
      overlays: { feedBox: null },
    });
  });

  it('refuse a box that leaves the screen, is too small or carries other fields', () => {
    for (const bad of [
      box(0.6, 0.1, 0.5, 0.2),
      box(0.1, 0.9, 0.2, 0.2),
      box(-0.1, 0.1, 0.2, 0.2),
      box(0.1, 0.1, 0.01, 0.2),
      { ...box(0.1, 0.1, 0.2, 0.2), anchor: 'top-left' },
    ]) {
      expect(settingsPatchSchema.safeParse({ overlays: { feedBox: bad } }).success, JSON.stringify(bad)).toBe(
        false,
      );
    }
  });
});
