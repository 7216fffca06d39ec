import { describe, expect, it } from 'vitest';
import { formatKeyframeValue, valueKind, withComponent } from './keyframeValue';
import { blendLabel } from './replayLabels';

describe('valueKind', () => {
  it('tells each track value shape apart', () => {
    expect(valueKind(45)).toBe('number');
    expect(valueKind(true)).toBe('boolean');
    expect(valueKind('Ahri')).toBe('string');
    expect(valueKind({ x: 1, y: 2, z: 3 })).toBe('vector3');
    expect(valueKind({ r: 1, g: 0.5, b: 0, a: 1 })).toBe('color');
    expect(valueKind({ x: 1, y: 'no', z: 3 })).toBe('unknown');
    expect(valueKind(null)).toBe('unknown');
  });
});

describe('formatKeyframeValue', () => {
  it('writes a value on one short line', () => {
    expect(formatKeyframeValue(45)).toBe('45');
    expect(formatKeyframeValue(0.123456)).toBe('0.12');
    expect(formatKeyframeValue(false)).toBe('off');
    expect(formatKeyframeValue('')).toBe('(none)');
    expect(formatKeyframeValue({ x: 1.5, y: 2, z: -3.333 })).toBe('x 1.5 · y 2 · z -3.33');
    expect(formatKeyframeValue({ r: 1, g: 0, b: 0, a: 0.5 })).toBe('r 1 · g 0 · b 0 · a 0.5');
  });
});

describe('withComponent', () => {
  it('replaces one component and leaves the value it was given alone', () => {
    const value = { x: 1, y: 2, z: 3 };
    expect(withComponent(value, 'y', 9)).toEqual({ x: 1, y: 9, z: 3 });
    expect(value).toEqual({ x: 1, y: 2, z: 3 });
  });
});

describe('blendLabel', () => {
  it('reads a blend name as words', () => {
    expect(blendLabel('linear')).toBe('Linear');
    expect(blendLabel('smootherStep')).toBe('Smoother step');
    expect(blendLabel('quadraticEaseInOut')).toBe('Quadratic ease in-out');
    expect(blendLabel('bounceEaseOut')).toBe('Bounce ease out');
  });
});
