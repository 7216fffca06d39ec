import { describe, expect, it } from 'vitest';
import { NO_BROADCAST_TEAMS } from '@shared/contract/live';
import {
  BAR_NAME_MAX_PX,
  NAME_FONT_STEP_PX,
  nameParts,
  oneLineFontPx,
  STREAM_CANVAS_WIDTH,
  streamScale,
  teamLabelOf,
  textWidthEm,
} from './barText';

describe('the arena bar’s text', () => {
  it('scales the overlays with the source’s width, drawn for 1920', () => {
    expect(streamScale(STREAM_CANVAS_WIDTH)).toBe(1);
    expect(streamScale(1280)).toBeCloseTo(2 / 3, 6);
    expect(streamScale(0)).toBe(1);
  });

  it('estimates wide letters wider than narrow ones, capitals wider than lower case', () => {
    expect(textWidthEm('WWW')).toBeGreaterThan(textWidthEm('AAA'));
    expect(textWidthEm('AAA')).toBeGreaterThan(textWidthEm('aaa'));
    expect(textWidthEm('aaa')).toBeGreaterThan(textWidthEm('iii'));
    expect(textWidthEm('')).toBe(0);
  });

  it('writes a short name at the largest size and a long one a step smaller, so it stays on one line', () => {
    expect(oneLineFontPx('Vi', 134)).toBe(BAR_NAME_MAX_PX);
    for (const name of ['DarkSovereign123', 'DemacianWall', 'NoxianMight', 'PiltoverFist']) {
      const size = oneLineFontPx(name, 134);
      expect(size, name).toBeLessThan(BAR_NAME_MAX_PX);
      // The estimate at that size fits the room; the next step up would not.
      expect(textWidthEm(name) * size, name).toBeLessThanOrEqual(134);
      expect(textWidthEm(name) * (size + NAME_FONT_STEP_PX), name).toBeGreaterThan(134);
    }
    expect(oneLineFontPx('', 134)).toBe(BAR_NAME_MAX_PX);
  });

  it('writes a bar of names at a few sizes, steps down from the largest', () => {
    const names = [
      'Vi',
      'DemacianWall',
      'NoxianMight',
      'PiltoverFist',
      'DarkSovereign',
      'BlindMonk',
      'Lanternist',
    ];
    const sizes = new Set(names.map((name) => oneLineFontPx(name, 134)));
    expect([...sizes].sort((a, b) => a - b)).toEqual([14, 16, 18]);
    // Below the bar's minimum too (the stylesheet holds the minimum there), still on a step.
    const tooLong = 'a name far too long for one line of the bar';
    const small = oneLineFontPx(tooLong, 134);
    expect(textWidthEm(tooLong) * small).toBeLessThanOrEqual(134);
    expect((BAR_NAME_MAX_PX - small) % NAME_FONT_STEP_PX).toBe(0);
    // A side's name is fitted below its own largest size.
    expect(oneLineFontPx('NoxianMight', 150, 16)).toBe(16);
  });

  it('breaks a name onto a second line only at a space, a capital after lower case, or digits', () => {
    expect(nameParts('DarkSovereign')).toEqual(['Dark', 'Sovereign']);
    expect(nameParts('Demacian Might')).toEqual(['Demacian ', 'Might']);
    expect(nameParts('xXShadowXx99')).toEqual(['x', 'XShadow', 'Xx', '99']);
    expect(nameParts('Søren Ås')).toEqual(['Søren ', 'Ås']);
    expect(nameParts('BLINDMONK')).toEqual(['BLINDMONK']);
    for (const name of ['DarkSovereign', 'Demacian Might', 'xXShadowXx99', 'a']) {
      expect(nameParts(name).join('')).toBe(name);
    }
  });

  it('names a side by the caster’s name and tag, or the game’s Blue and Red when they are empty', () => {
    expect(teamLabelOf('ORDER', NO_BROADCAST_TEAMS)).toEqual({ name: 'Blue', tag: null });
    expect(teamLabelOf('CHAOS', NO_BROADCAST_TEAMS)).toEqual({ name: 'Red', tag: null });
    const set = { ...NO_BROADCAST_TEAMS, CHAOS: { name: 'Noxus Academy', tag: 'NXA' } };
    expect(teamLabelOf('CHAOS', set)).toEqual({ name: 'Noxus Academy', tag: 'NXA' });
    expect(teamLabelOf('ORDER', set)).toEqual({ name: 'Blue', tag: null });
  });
});
